// SQL functions of HotGuid, kept in uuid (src/core/hotguid.hpp holds the format).
#include "core/hotguid.hpp"

#include "core/error.hpp"
#include "core/random.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/shmem.hpp"
#include "pg/time_window.hpp"
#include "pg/timestamps.hpp"

#include <unistd.h>

using namespace identities;

// HotGuid's state carries the machine tag and a random counter seed, set by the first id generated from it.
struct SeededHotGuidState {
	bool seeded;
	HotGuidState hotguid;
};

// The high-water mark's view of the state (core/high_water_mark.hpp), once seeded.
static UnixMicros newest_instant(const SeededHotGuidState &state) noexcept {
	return state.seeded ? newest_instant(state.hotguid) : 0;
}
static void raise_to_floor(SeededHotGuidState &state, UnixMicros floor) noexcept {
	if (state.seeded)
		raise_to_floor(state.hotguid, floor);
}

// This format's generator: one per server when preloaded, one per backend otherwise.
static const pg::RegisteredGeneratorSlot<SeededHotGuidState> hotguid_slot{
    "hotguid", [] { return kHotGuidMaxUnixSeconds * kMicrosPerSecond; }};
static_assert(pg::KeepsHighWaterMark<SeededHotGuidState>::value, "the server's high-water mark keeps its ids");

namespace {

// The reference's machine tag: MD5 of the host name and a process id. The process is the postmaster when the
// server shares one generator, this backend otherwise (then each backend is a generator of its own).
void compute_machine_pid(std::uint8_t (&machine_pid)[kHotGuidMachinePidSize]) {
	char host_name[256] = {};
	if (gethostname(host_name, sizeof host_name - 1) != 0)
		host_name[0] = '\0';
	const int pid = pg::generator_states_are_shared() ? PostmasterPid : MyProcPid;
	make_hotguid_machine_pid(host_name, static_cast<std::uint32_t>(pid), machine_pid);
}

// The machine tag of this backend's HotGuids, computed once per backend.
const std::uint8_t (&machine_pid())[kHotGuidMachinePidSize] {
	static bool known = false;
	static std::uint8_t tag[kHotGuidMachinePidSize];
	if (!known) {
		compute_machine_pid(tag);
		known = true;
	}
	return tag;
}

} // namespace

IDENTITIES_FUNCTION(hotguid_generate) {
	const std::uint32_t shard_key = checked_hotguid_shard_key(PG_GETARG_INT64(0));
	// The seed of the slot, once per backend and before taking the lock (MD5 and a CSPRNG refill are too slow to
	// hold a spinlock for); only the first id generated from the slot uses it.
	const auto &tag = machine_pid();
	static bool seed_known = false;
	static std::uint64_t counter_seed = 0;
	if (!seed_known) {
		counter_seed = random_u64();
		seed_known = true;
	}
	const auto id =
	    pg::generate_from_slot(hotguid_slot, kHotGuidClockRange, [&](SeededHotGuidState &state, UnixMicros now) {
		    if (!state.seeded) {
			    state.hotguid = make_hotguid_state(tag, counter_seed);
			    // Shared memory reinitialised after a crash keeps the postmaster's pid, so the tag of the lost state.
			    if (pg::generator_states_are_shared()) {
				    skip_current_second(state.hotguid, now);
				    raise_to_floor(state.hotguid, pg::high_water_floor());
			    }
			    state.seeded = true;
		    }
		    return step_hotguid(state.hotguid, now, shard_key);
	    });
	return pg::uuid_datum(id);
}

// An id of the past with this backend's machine tag (the server's when preloaded) and the caller's counter: no
// generator state, so ids of one second differ by their counters.
IDENTITIES_FUNCTION(hotguid_generate_at) {
	const std::uint32_t shard_key = checked_hotguid_shard_key(PG_GETARG_INT64(1));
	const std::uint32_t counter = checked_hotguid_counter(PG_GETARG_INT32(2));
	return pg::uuid_datum(
	    hotguid_at(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0)), machine_pid(), counter, shard_key));
}

IDENTITIES_FUNCTION(hotguid_extract_shard_key) { PG_RETURN_INT64(hotguid_shard_key(PG_GETARG_UUID_P(0)->data)); }

IDENTITIES_FUNCTION(hotguid_extract_timestamp) {
	const std::int64_t unix_seconds = hotguid_unix_seconds(PG_GETARG_UUID_P(0)->data);
	PG_RETURN_TIMESTAMPTZ(pg::timestamptz_from_unix_micros(unix_seconds * kMicrosPerSecond));
}

IDENTITIES_FUNCTION(hotguid_boundary) {
	return pg::uuid_datum(identities::hotguid_boundary(pg::unix_micros_from_timestamptz(PG_GETARG_TIMESTAMPTZ(0))));
}

IDENTITIES_TIME_WINDOW(hotguid, pg::uuid_datum, identities::hotguid_boundary, Uint128{0}, ~Uint128{0})
