// The high-water mark: an instant that every id a server has issued lies below, kept on disk and in the WAL so
// that after a restart or a failover the generators start at or above it, whatever the clock says.
//
// The server reserves time ahead of its ids: before a generator issues an id within kHighWaterMarkLead of the
// mark, the mark moves to a whole second 1-2 s past that id and is made durable. A whole second is a whole
// number of every format's units (ms, 1/4096 ms, 1/65536 s ticks, seconds), so an id below the mark and one at
// or above it never share a unit. Each format that keeps the mark defines, next to its state:
//   UnixMicros newest_instant(const State &)   the start of the newest unit the state has used
//   void raise_to_floor(State &, UnixMicros)   makes every later id embed the floor or later, treating a clock
//                                               behind the floor as the format treats a clock set back
#pragma once

#include "core/clock.hpp"

namespace identities {

constexpr UnixMicros kHighWaterMarkLead = kMicrosPerSecond;

// True when an id at `newest` comes within the lead of the mark: the mark must move before it is issued.
constexpr bool high_water_mark_reached(UnixMicros newest, UnixMicros mark) noexcept {
	return newest >= mark - kHighWaterMarkLead;
}

// The mark to reserve when an id at `newest` reached the current one: the second after next.
constexpr UnixMicros next_high_water_mark(UnixMicros newest) noexcept {
	return (floor_div(newest, kMicrosPerSecond) + 2) * kMicrosPerSecond;
}

// The floor that puts every later id strictly after `instant` (the newest id another server issued, or its mark
// after a major upgrade): the whole second after it, so no unit of any format holds both.
constexpr UnixMicros floor_after(UnixMicros instant) noexcept {
	return (floor_div(instant, kMicrosPerSecond) + 1) * kMicrosPerSecond;
}

} // namespace identities
