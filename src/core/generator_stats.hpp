// What a generator has done since its statistics were reset: the ids it made, the time it waited for the clock,
// the ids it made ahead of the clock, the steps back it saw the clock take, and when it last warned of each.
//
// Plain data beside a generator's state (the same lock guards both), updated by pure functions with the instants
// passed in, so they are unit-tested with a fake clock and cost a few additions per id.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"

#include <cstdint>
#include <limits>

namespace identities {

struct GeneratorStats {
	std::uint64_t ids_generated = 0;
	std::uint64_t ids_waited = 0;      // ids that slept at least once: past the burst or rate limit, or clock behind
	std::int64_t wait_micros = 0;      // the sleeps those asked for
	std::uint64_t ids_ahead = 0;       // ids whose time was later than the clock when they were made
	std::int64_t max_ahead_micros = 0; // the furthest one was ahead
	std::uint64_t clock_steps_back = 0;
	std::int64_t max_step_back_micros = 0;
	UnixMicros last_clock = 0; // the clock's last reading (0: none yet); not reset, so a step across a reset counts
	UnixMicros newest_id = 0;  // the time of the newest id (0: none yet); not reset
	UnixMicros reset_at = 0;
	UnixMicros last_ahead_warning = 0; // when each warning was last given (0: never since the reset)
	UnixMicros last_step_back_warning = 0;
	UnixMicros last_epoch_warning = 0;
	UnixMicros last_epoch_check = 0; // the epoch's end is compared with the clock once a second, not per id
};

// At most one warning of each kind per generator in this long.
constexpr UnixMicros kGeneratorWarningInterval = 60 * kMicrosPerSecond;

// One more of a kind of event (a step back, an id ahead), and the largest `size` of it.
inline void count_with_largest(std::uint64_t &count, std::int64_t &largest, std::int64_t size) noexcept {
	count++;
	if (size > largest)
		largest = size;
}

// A reading of the clock by a generator step: a reading earlier than the one before is a step back. Returns how
// far back it stepped (0 when it did not).
inline std::int64_t record_clock_reading(GeneratorStats &stats, UnixMicros now) noexcept {
	const UnixMicros previous = stats.last_clock;
	stats.last_clock = now;
	if (now >= previous || previous == 0)
		return 0;
	const std::int64_t step = previous - now;
	count_with_largest(stats.clock_steps_back, stats.max_step_back_micros, step);
	return step;
}

// A step that asked to sleep `micros`; first_of_id is true for the first sleep of an id.
inline void record_wait(GeneratorStats &stats, std::int64_t micros, bool first_of_id) noexcept {
	if (first_of_id)
		stats.ids_waited++;
	stats.wait_micros += micros;
}

// An id made at `now` whose time is `id_instant`. Returns how far ahead of the clock the id is (0 when it is not).
inline std::int64_t record_id(GeneratorStats &stats, UnixMicros id_instant, UnixMicros now) noexcept {
	stats.ids_generated++;
	stats.newest_id = id_instant;
	if (id_instant <= now)
		return 0;
	const std::int64_t ahead = id_instant - now;
	count_with_largest(stats.ids_ahead, stats.max_ahead_micros, ahead);
	return ahead;
}

// Zeroes the counters and the warnings' times; the clock's last reading and the newest id's time stay.
void reset_generator_stats(GeneratorStats &stats, UnixMicros now) noexcept;

constexpr std::int64_t kMicrosPerYear = 31556952000000; // 365.2425 days

// Years from `now` to `epoch_end`, the last instant a format embeds.
inline double years_left(UnixMicros epoch_end, UnixMicros now) noexcept {
	return static_cast<double>(epoch_end - now) / static_cast<double>(kMicrosPerYear);
}

// The thresholds of the warnings: how far ahead of the clock an id, and how far back a step of the clock, may go
// without one (negative: never warn), and the instant from which a format's epoch is near its end.
struct WarningThresholds {
	std::int64_t ahead_micros = -1;
	std::int64_t step_back_micros = -1;
	UnixMicros epoch_warning_from = std::numeric_limits<UnixMicros>::max();
};

// The thresholds of the clock's settings in milliseconds (-1: never), the epoch's left at never.
inline WarningThresholds clock_warning_thresholds(std::int64_t ahead_millis, std::int64_t step_back_millis) noexcept {
	return {ahead_millis < 0 ? -1 : ahead_millis * kMicrosPerMilli,
	        step_back_millis < 0 ? -1 : step_back_millis * kMicrosPerMilli};
}

// The instant from which `epoch_years` (0: never) are left before a format's epoch ends at `epoch_end`.
inline UnixMicros epoch_warning_from(std::int64_t epoch_years, UnixMicros epoch_end) noexcept {
	return epoch_years <= 0 ? std::numeric_limits<UnixMicros>::max() : epoch_end - epoch_years * kMicrosPerYear;
}

// The thresholds of settings in milliseconds (-1: never) and years (0: never), for a format whose epoch ends at
// `epoch_end`.
inline WarningThresholds warning_thresholds(std::int64_t ahead_millis, std::int64_t step_back_millis,
                                            std::int64_t epoch_years, UnixMicros epoch_end) noexcept {
	WarningThresholds thresholds = clock_warning_thresholds(ahead_millis, step_back_millis);
	thresholds.epoch_warning_from = epoch_warning_from(epoch_years, epoch_end);
	return thresholds;
}

// The warnings an id's generation calls for.
struct DueWarnings {
	bool ahead = false;
	bool step_back = false;
	bool epoch = false;
};

// True when an id's generation may call for a warning: it was ahead of the clock, or saw the clock step back, past
// the threshold (only the clock's are read), or the epoch was last compared with the clock a second ago or more, or
// at a later reading (before the clock went back). The rest of ids skip due_warnings: a UUIDv7 made faster than
// 4096 a millisecond is a little ahead of the clock.
inline bool warnings_to_check(const GeneratorStats &stats, const WarningThresholds &thresholds, UnixMicros now,
                              std::int64_t ahead_micros, std::int64_t step_back_micros) noexcept {
	return (ahead_micros > thresholds.ahead_micros && thresholds.ahead_micros >= 0) ||
	       (step_back_micros > thresholds.step_back_micros && thresholds.step_back_micros >= 0) ||
	       now - stats.last_epoch_check >= kMicrosPerSecond || now < stats.last_epoch_check;
}

// Which warnings are due for an id made at `now`, `ahead_micros` ahead of the clock, after the clock stepped back
// `step_back_micros`: those past their threshold and not given within kGeneratorWarningInterval. Marks them given.
DueWarnings due_warnings(GeneratorStats &stats, const WarningThresholds &thresholds, UnixMicros now,
                         std::int64_t ahead_micros, std::int64_t step_back_micros) noexcept;

// What the steps of one id saw: the largest step back of the clock, whether it waited, how far ahead it is.
struct IdObservation {
	std::int64_t step_back_micros = 0;
	bool waited = false;
	std::int64_t ahead_micros = 0;
	UnixMicros id_instant = 0; // the state's newest_instant once the id is made
	UnixMicros now = 0;        // the clock's reading of the last step
};

// One step of a generator, counted: the glue and the unit tests wrap every step in it, under the generator's lock.
// The state's newest_instant (core/high_water_mark.hpp) is the time of the id a Ready step made.
// (Inlined into the generator's loop: left to itself, GCC made it a call per id, a measurable part of an id's cost.)
template <typename State, typename StepOnState>
[[gnu::always_inline]] inline auto observed_step(GeneratorStats &stats, IdObservation &seen, State &state, UnixMicros now, StepOnState &&step) {
	const std::int64_t step_back = record_clock_reading(stats, now);
	if (step_back > seen.step_back_micros)
		seen.step_back_micros = step_back;
	seen.now = now;
	auto result = step(state, now);
	if (result.status == StepStatus::Sleep) {
		record_wait(stats, result.sleep_micros, !seen.waited);
		seen.waited = true;
	} else if (result.status == StepStatus::Ready) {
		seen.id_instant = newest_instant(state);
		seen.ahead_micros = record_id(stats, seen.id_instant, now);
	}
	return result;
}

} // namespace identities
