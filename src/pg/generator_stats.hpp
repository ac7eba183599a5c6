// The generators' statistics as SQL sees them (identities_stats), and the warnings they log.
#pragma once

#include "core/generator_stats.hpp"

namespace identities::pg {

struct GeneratorDescription;

// identities.warn_ahead_of_clock and identities.warn_clock_step_back (ms, -1: never) and identities.warn_epoch_years
// (0: never), as guc.c keeps them.
extern int warn_ahead_of_clock_millis;
extern int warn_clock_step_back_millis;
extern int warn_epoch_years;

// _PG_init: the three settings above.
void define_generator_warning_settings();

// The thresholds of the two clock settings (read for every id), and the instant from which the epoch setting warns
// of a format whose epoch ends at `epoch_end`.
inline WarningThresholds generator_clock_warning_thresholds() noexcept {
	return clock_warning_thresholds(warn_ahead_of_clock_millis, warn_clock_step_back_millis);
}
inline UnixMicros generator_epoch_warning_from(UnixMicros epoch_end) noexcept {
	return epoch_warning_from(warn_epoch_years, epoch_end);
}

// Logs the due warnings of one id's generation (WARNING: the server log, and the session that made the id). Call
// it where no C++ object with a destructor is alive.
void warn_of_generator(const GeneratorDescription &generator, const DueWarnings &due, const IdObservation &seen,
                       UnixMicros epoch_end);

} // namespace identities::pg
