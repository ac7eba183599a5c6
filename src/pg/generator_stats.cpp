// The generators' statistics (identities_stats, identities_stats_reset) and their warnings in the log.
#include "pg/generator_stats.hpp"

#include "pg/boundary.hpp"
#include "pg/high_water_mark.hpp"
#include "pg/shmem.hpp"
#include "pg/timestamps.hpp"

extern "C" {
#include "funcapi.h"
#include "utils/tuplestore.h"
}

namespace identities::pg {

int warn_ahead_of_clock_millis = 1000;
int warn_clock_step_back_millis = 1000;
int warn_epoch_years = 10;

void define_generator_warning_settings() {
	DefineCustomIntVariable("identities.warn_ahead_of_clock",
	                        "Logs a warning when a generator makes ids this far ahead of the clock (-1: never).",
	                        "At most one such warning per format and minute.", &warn_ahead_of_clock_millis, 1000, -1,
	                        INT_MAX, PGC_SUSET, GUC_UNIT_MS, nullptr, nullptr, nullptr);
	DefineCustomIntVariable("identities.warn_clock_step_back",
	                        "Logs a warning when a generator sees the clock step back this far (-1: never).",
	                        "At most one such warning per format and minute.", &warn_clock_step_back_millis, 1000, -1,
	                        INT_MAX, PGC_SUSET, GUC_UNIT_MS, nullptr, nullptr, nullptr);
	DefineCustomIntVariable("identities.warn_epoch_years",
	                        "Logs a warning when a format's ids have fewer years than this left to embed (0: never).",
	                        "At most one such warning per format and minute.", &warn_epoch_years, 10, 0, 100000,
	                        PGC_SUSET, 0, nullptr, nullptr, nullptr);
}

namespace {

double millis(std::int64_t micros) { return static_cast<double>(micros) / kMicrosPerMilli; }

const char *instant_text(UnixMicros instant) { return timestamptz_to_str(timestamptz_from_unix_micros(instant)); }

} // namespace

void warn_of_generator(const GeneratorDescription &generator, const DueWarnings &due, const IdObservation &seen,
                       UnixMicros epoch_end) {
	if (due.step_back)
		ereport(WARNING,
		        (errmsg("the clock went back %.0f ms under the %s generator", millis(seen.step_back_micros),
		                generator.format),
		         generator.keeps_mark
		             ? errdetail("Its ids stay above the newest one it made, so they run ahead of the clock until it "
		                         "catches up; identities_stats shows how far.")
		             // Architect's algorithm, which DistributedId and DistributedId128 keep.
		             : errdetail("The generator waits out a step of up to a second; after a longer one it starts "
		                         "again from the earlier time, so its next ids may sort before earlier ones."),
		         errhint("Check what sets this server's clock (NTP stepping it, a virtual machine's migration or "
		                 "resume). The threshold is identities.warn_clock_step_back.")));
	if (due.ahead)
		ereport(WARNING,
		        (errmsg("the %s generator made an id %.0f ms ahead of the clock", generator.format,
		                millis(seen.ahead_micros)),
		         errdetail("Ids run ahead when the clock was set back, when the server's high-water mark is ahead of "
		                   "it, or when more ids are asked for than the format holds per unit of time; they stay "
		                   "unique and increasing."),
		         errhint("Check this server's clock against its time source, and identities_stats for the cause. The "
		                 "threshold is identities.warn_ahead_of_clock.")));
	if (due.epoch)
		ereport(WARNING,
		        (errmsg("%s ids have %.1f years left before their epoch ends", generator.format,
		                years_left(epoch_end, seen.now)),
		         errdetail("The generator refuses to make ids after %s.", instant_text(epoch_end)),
		         strcmp(generator.format, "snowflake") == 0
		             ? errhint("Plan the move to a later identities.snowflake_epoch (another id space) or to a format "
		                       "with a longer range. The threshold is identities.warn_epoch_years.")
		             : errhint("Plan the move to a format with a longer range. The threshold is "
		                       "identities.warn_epoch_years.")));
}

} // namespace identities::pg

using namespace identities;

namespace {

constexpr int kStatsColumns = 17;

Datum milliseconds_datum(std::int64_t micros) { return Float8GetDatum(pg::millis(micros)); }

Datum instant_datum(UnixMicros instant) { return TimestampTzGetDatum(pg::timestamptz_from_unix_micros(instant)); }

} // namespace

// One row per format with a generator: what it did since the last reset, where it stands against the clock, the
// node identity its ids carry and how long its epoch lasts. Server-wide when preloaded, else this session's.
IDENTITIES_FUNCTION(identities_stats) {
	InitMaterializedSRF(fcinfo, 0);
	auto *result = reinterpret_cast<ReturnSetInfo *>(fcinfo->resultinfo);
	const bool shared = pg::generator_states_are_shared();
	const bool mark_kept = pg::high_water_mark_is_kept();
	const UnixMicros mark = pg::current_high_water_mark();
	for (std::size_t index = 0; index < pg::generator_slot_count(); index++) {
		const pg::GeneratorDescription &generator = pg::generator_description(index);
		GeneratorStats stats;
		generator.read(pg::generator_slot_memory(index), shared, stats);
		char node[128] = "";
		if (generator.describe_node != nullptr)
			generator.describe_node(node, sizeof node);
		const UnixMicros now = system_clock_now();
		const UnixMicros epoch_end = generator.epoch_end();
		const bool has_mark = mark_kept && generator.keeps_mark && mark != 0;
		Datum values[kStatsColumns] = {
		    CStringGetTextDatum(generator.format),
		    CStringGetTextDatum(shared ? "server" : "session"),
		    Int64GetDatum(static_cast<std::int64_t>(stats.ids_generated)),
		    Int64GetDatum(static_cast<std::int64_t>(stats.ids_waited)),
		    milliseconds_datum(stats.wait_micros),
		    Int64GetDatum(static_cast<std::int64_t>(stats.ids_ahead)),
		    milliseconds_datum(stats.max_ahead_micros),
		    instant_datum(stats.newest_id),
		    milliseconds_datum(stats.newest_id - now),
		    Int64GetDatum(static_cast<std::int64_t>(stats.clock_steps_back)),
		    milliseconds_datum(stats.max_step_back_micros),
		    instant_datum(mark),
		    milliseconds_datum(mark - now),
		    CStringGetTextDatum(node),
		    instant_datum(epoch_end),
		    Float8GetDatum(years_left(epoch_end, now)),
		    instant_datum(stats.reset_at),
		};
		bool nulls[kStatsColumns] = {};
		nulls[7] = nulls[8] = stats.newest_id == 0;
		nulls[11] = nulls[12] = !has_mark;
		nulls[13] = node[0] == '\0';
		nulls[16] = stats.reset_at == 0;
		tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
	}
	return static_cast<Datum>(0);
}

// Zeroes the statistics of one format's generator, or of every one with NULL. Returns the formats reset.
IDENTITIES_FUNCTION(identities_stats_reset) {
	const char *format = PG_ARGISNULL(0) ? nullptr : text_to_cstring(PG_GETARG_TEXT_PP(0));
	const bool shared = pg::generator_states_are_shared();
	const UnixMicros now = system_clock_now();
	int reset = 0;
	for (std::size_t index = 0; index < pg::generator_slot_count(); index++) {
		const pg::GeneratorDescription &generator = pg::generator_description(index);
		if (format != nullptr && strcmp(format, generator.format) != 0)
			continue;
		generator.reset(pg::generator_slot_memory(index), shared, now);
		reset++;
	}
	if (format != nullptr && reset == 0)
		ereport(ERROR,
		        (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("\"%s\" is not a format with a generator", format),
		         errhint("identities_stats lists the formats whose generators it counts.")));
	PG_RETURN_INT32(reset);
}
