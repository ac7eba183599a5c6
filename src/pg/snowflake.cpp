// SQL functions of Snowflakes, kept in bigint (src/core/snowflake.hpp holds the format).
#include "core/snowflake.hpp"

#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/module.hpp"
#include "pg/node_identity.hpp"
#include "pg/settings.hpp"
#include "core/instant.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

// The format's settings (defined by define_snowflake_settings, called from _PG_init).
namespace identities::pg {
namespace {

char *snowflake_epoch_text = nullptr;
std::int64_t snowflake_epoch_unix_millis = 1420070400000; // Discord's epoch, 2015-01-01T00:00:00Z

// The epoch is one instant for every backend: read without the session's TimeZone (which differs between
// sessions, and is not yet restored in a parallel worker when its settings are applied), and by code that
// cannot ereport, as a check hook must not.
extern "C" bool check_snowflake_epoch(char **new_value, void **extra, GucSource source) {
	const std::optional<UnixMicros> epoch = parse_absolute_instant(*new_value ? *new_value : "");
	if (!epoch) {
		GUC_check_errdetail("The epoch must be a date and time with Z or an explicit UTC offset, such as "
		                    "2015-01-01 00:00:00+00 or 2015-01-01T00:00:00Z.");
		return false;
	}
	std::int64_t unix_millis = 0;
	if (!checked_in_hook([&] { unix_millis = checked_snowflake_epoch(floor_div(*epoch, kMicrosPerMilli)); }))
		return false;
	return store_extra(unix_millis, extra);
}

extern "C" void assign_snowflake_epoch(const char *new_value, void *extra) {
	snowflake_epoch_unix_millis = *static_cast<const std::int64_t *>(extra);
}

} // namespace

void define_snowflake_settings() {
	define_node_setting(snowflake_worker_setting, "identities.snowflake_worker",
	                    "The worker id of snowflake_generate().", 31);
	define_node_setting(snowflake_process_setting, "identities.snowflake_process",
	                    "The process id of snowflake_generate().", 31);
	// One epoch per server: ids under two epochs could collide, since the generator counts in Unix ms.
	DefineCustomStringVariable("identities.snowflake_epoch", "The epoch of Snowflakes (Discord's by default).",
	                           "Changing it starts another id space; set it once, in postgresql.conf.",
	                           &snowflake_epoch_text, "2015-01-01 00:00:00+00", PGC_SIGHUP, 0, check_snowflake_epoch,
	                           assign_snowflake_epoch, nullptr);
}

} // namespace identities::pg

using namespace identities;

// The node identity snowflake_generate() puts in its ids (identities_stats).
static void describe_snowflake_node(char *buffer, std::size_t size) {
	pg::describe_node_identity(buffer, size, "worker %d, process %d",
	                           pg::effective_node_value(pg::snowflake_worker_setting),
	                           pg::effective_node_value(pg::snowflake_process_setting));
}

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<SnowflakeState> snowflake_slot{
    "snowflake",
    [] {
	    return (pg::snowflake_epoch_unix_millis + static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis)) *
	           kMicrosPerMilli;
    },
    describe_snowflake_node};
static_assert(pg::KeepsHighWaterMark<SnowflakeState>::value, "the server's high-water mark keeps its ids");

namespace {

// Snowflakes are non-negative: a negative bigint embeds no time, worker or process.
std::int64_t snowflake_arg(FunctionCallInfo fcinfo, int argument) {
	const std::int64_t id = PG_GETARG_INT64(argument);
	if (id < 0)
		throw message_error(Message::snowflake_negative, {std::to_string(id)});
	return id;
}

std::int64_t epoch_arg(FunctionCallInfo fcinfo, int argument) {
	return checked_snowflake_epoch(
	    floor_div(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(argument)), kMicrosPerMilli));
}

Datum generate_snowflake(std::uint8_t worker, std::uint8_t process) {
	pg::require_shared_generator_states("snowflake_generate");
	const std::int64_t epoch = pg::snowflake_epoch_unix_millis;
	const std::int64_t id =
	    pg::generate_from_slot(snowflake_slot, kSnowflakeClockRange, [&](SnowflakeState &state, UnixMicros now) {
		    return step_snowflake(state, now, epoch, worker, process);
	    });
	PG_RETURN_INT64(id);
}

// An id of the past under this server's epoch: no generator state, so it needs no shared memory.
Datum snowflake_at_datum(FunctionCallInfo fcinfo, std::uint8_t worker, std::uint8_t process) {
	const std::uint16_t increment = checked_snowflake_increment(PG_GETARG_INT32(1));
	PG_RETURN_INT64(snowflake_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)),
	                             pg::snowflake_epoch_unix_millis, worker, process, increment));
}

Datum extract_timestamp(std::int64_t id, std::int64_t epoch) {
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(snowflake_unix_micros(id, epoch)));
}

} // namespace

IDENTITIES_FUNCTION(snowflake_generate_from_settings) {
	return generate_snowflake(static_cast<std::uint8_t>(pg::effective_node_value(pg::snowflake_worker_setting)),
	                          static_cast<std::uint8_t>(pg::effective_node_value(pg::snowflake_process_setting)));
}

IDENTITIES_FUNCTION(snowflake_generate) {
	return generate_snowflake(checked_snowflake_worker(PG_GETARG_INT32(0)),
	                          checked_snowflake_process(PG_GETARG_INT32(1)));
}

IDENTITIES_FUNCTION(snowflake_generate_at_from_settings) {
	return snowflake_at_datum(fcinfo, static_cast<std::uint8_t>(pg::effective_node_value(pg::snowflake_worker_setting)),
	                          static_cast<std::uint8_t>(pg::effective_node_value(pg::snowflake_process_setting)));
}

IDENTITIES_FUNCTION(snowflake_generate_at) {
	return snowflake_at_datum(fcinfo, checked_snowflake_worker(PG_GETARG_INT32(2)),
	                          checked_snowflake_process(PG_GETARG_INT32(3)));
}

IDENTITIES_FUNCTION(snowflake_extract_timestamp) {
	return extract_timestamp(snowflake_arg(fcinfo, 0), pg::snowflake_epoch_unix_millis);
}

IDENTITIES_FUNCTION(snowflake_extract_timestamp_at_epoch) {
	return extract_timestamp(snowflake_arg(fcinfo, 0), epoch_arg(fcinfo, 1));
}

IDENTITIES_FUNCTION(snowflake_extract_worker) { PG_RETURN_INT32(snowflake_worker(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_extract_process) { PG_RETURN_INT32(snowflake_process(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_extract_increment) { PG_RETURN_INT32(snowflake_increment(snowflake_arg(fcinfo, 0))); }

IDENTITIES_FUNCTION(snowflake_boundary) {
	PG_RETURN_INT64(snowflake_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)),
	                                   pg::snowflake_epoch_unix_millis));
}

// The boundary under this server's epoch.
static std::int64_t snowflake_boundary_at_server_epoch(UnixMicros instant) {
	return snowflake_boundary(instant, pg::snowflake_epoch_unix_millis);
}
IDENTITIES_TIME_WINDOW(snowflake, Int64GetDatum, snowflake_boundary_at_server_epoch, std::int64_t{0},
                       std::numeric_limits<std::int64_t>::max())

IDENTITIES_FUNCTION(snowflake_boundary_at_epoch) {
	PG_RETURN_INT64(
	    snowflake_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), epoch_arg(fcinfo, 1)));
}
