// The server's high-water mark (core/high_water_mark.hpp): kept in shared memory, in a file of the data
// directory (restarts) and in the WAL (standbys, so a promoted one starts above the old primary's ids).
// Only with identities in shared_preload_libraries; per-backend generators keep none.
#pragma once

#include "core/clock.hpp"
#include "core/high_water_mark.hpp"

#include <type_traits>
#include <utility>

namespace identities::pg {

// _PG_init: identities.wal_resource_manager_id, the WAL resource manager and the shared memory.
void define_high_water_mark();

// Where the shared generators start: the mark found at startup, or replayed from the WAL (0 without one).
UnixMicros high_water_floor() noexcept;

// True when an id at `newest` may only be issued after move_high_water_mark(newest).
bool high_water_mark_needs_moving(UnixMicros newest) noexcept;

// Moves the mark past `newest` and makes it durable (the file, then the WAL). May ereport: call it where no
// C++ object with a destructor is alive.
void move_high_water_mark(UnixMicros newest);

// True when this server keeps a mark (identities preloaded).
bool high_water_mark_is_kept() noexcept;

// The mark: every id this server issued lies below it (0 before its first id, or without a mark kept).
UnixMicros current_high_water_mark() noexcept;

// Raises the floor, and the mark with it, to `floor` where they are lower, durably (the file, then the WAL): every
// id generated afterwards embeds `floor` or later. Only where high_water_mark_is_kept(). May ereport: call it where
// no C++ object with a destructor is alive.
void raise_high_water_floor(UnixMicros floor);

// A generator state keeps the mark when its format defines newest_instant and raise_to_floor.
template <typename State, typename = void> struct KeepsHighWaterMark : std::false_type {};
template <typename State>
struct KeepsHighWaterMark<State, std::void_t<decltype(newest_instant(std::declval<const State &>())),
                                             decltype(raise_to_floor(std::declval<State &>(), UnixMicros{}))>>
    : std::true_type {};

} // namespace identities::pg
