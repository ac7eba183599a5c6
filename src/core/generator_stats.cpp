#include "core/generator_stats.hpp"

namespace identities {
namespace {

// A warning is due when none was given since the reset, or the last one is an interval away, in either direction
// (a clock set back an hour puts the last warning in the future: the next is due at once, then rate-limited again).
bool warning_due(UnixMicros &last_given, UnixMicros now) noexcept {
	const std::int64_t since = now >= last_given ? now - last_given : last_given - now;
	if (last_given != 0 && since < kGeneratorWarningInterval)
		return false;
	last_given = now;
	return true;
}

} // namespace

std::int64_t record_clock_reading(GeneratorStats &stats, UnixMicros now) noexcept {
	const UnixMicros previous = stats.last_clock;
	stats.last_clock = now;
	if (previous == 0 || now >= previous)
		return 0;
	const std::int64_t step = previous - now;
	stats.clock_steps_back++;
	if (step > stats.max_step_back_micros)
		stats.max_step_back_micros = step;
	return step;
}

void record_wait(GeneratorStats &stats, std::int64_t micros, bool first_of_id) noexcept {
	if (first_of_id)
		stats.ids_waited++;
	stats.wait_micros += micros;
}

std::int64_t record_id(GeneratorStats &stats, UnixMicros id_instant, UnixMicros now) noexcept {
	stats.ids_generated++;
	stats.newest_id = id_instant;
	if (id_instant <= now)
		return 0;
	const std::int64_t ahead = id_instant - now;
	stats.ids_ahead++;
	if (ahead > stats.max_ahead_micros)
		stats.max_ahead_micros = ahead;
	return ahead;
}

void reset_generator_stats(GeneratorStats &stats, UnixMicros now) noexcept {
	const UnixMicros last_clock = stats.last_clock;
	const UnixMicros newest_id = stats.newest_id;
	stats = GeneratorStats{};
	stats.last_clock = last_clock;
	stats.newest_id = newest_id;
	stats.reset_at = now;
}

DueWarnings due_warnings(GeneratorStats &stats, const WarningThresholds &thresholds, UnixMicros now,
                         std::int64_t ahead_micros, std::int64_t step_back_micros, UnixMicros epoch_end) noexcept {
	DueWarnings due;
	if (thresholds.ahead_micros >= 0 && ahead_micros > thresholds.ahead_micros)
		due.ahead = warning_due(stats.last_ahead_warning, now);
	if (thresholds.step_back_micros >= 0 && step_back_micros > thresholds.step_back_micros)
		due.step_back = warning_due(stats.last_step_back_warning, now);
	if (thresholds.epoch_years > 0 && years_left(epoch_end, now) < thresholds.epoch_years)
		due.epoch = warning_due(stats.last_epoch_warning, now);
	return due;
}

} // namespace identities
