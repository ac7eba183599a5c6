#include "core/generator_stats.hpp"

namespace identities {

namespace {

// True when a warning last given at `last_given` (0: never since the reset) may be given again at `now`: none
// within kGeneratorWarningInterval, in either direction: a clock set back an hour puts the last warning in the
// future, so the next is due at once, then rate-limited again. Marks it given.
bool warning_due(UnixMicros &last_given, UnixMicros now) noexcept {
	const std::int64_t since = now >= last_given ? now - last_given : last_given - now;
	if (last_given != 0 && since < kGeneratorWarningInterval)
		return false;
	last_given = now;
	return true;
}

} // namespace

DueWarnings due_warnings(GeneratorStats &stats, const WarningThresholds &thresholds, UnixMicros now,
                         std::int64_t ahead_micros, std::int64_t step_back_micros) noexcept {
	DueWarnings due;
	if (ahead_micros > thresholds.ahead_micros && thresholds.ahead_micros >= 0)
		due.ahead = warning_due(stats.last_ahead_warning, now);
	if (step_back_micros > thresholds.step_back_micros && thresholds.step_back_micros >= 0)
		due.step_back = warning_due(stats.last_step_back_warning, now);
	stats.last_epoch_check = now;
	if (now >= thresholds.epoch_warning_from)
		due.epoch = warning_due(stats.last_epoch_warning, now);
	return due;
}

void reset_generator_stats(GeneratorStats &stats, UnixMicros now) noexcept {
	const UnixMicros last_clock = stats.last_clock;
	const UnixMicros newest_id = stats.newest_id;
	stats = GeneratorStats{};
	stats.last_clock = last_clock;
	stats.newest_id = newest_id;
	stats.reset_at = now;
}

} // namespace identities
