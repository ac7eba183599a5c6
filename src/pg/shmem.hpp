// Generator state: one generator per server in shared memory when preloaded, else one per backend.
#pragma once

#include "core/clock.hpp"
#include "core/distributed_id.hpp"
#include "core/distributed_id128.hpp"
#include "core/generator.hpp"
#include "core/hotguid.hpp"
#include "core/iuid.hpp"
#include "core/siq.hpp"
#include "core/snowflake.hpp"
#include "core/uuidv7.hpp"
#include "pg/postgres.hpp"

namespace identities::pg {

// A generator's state and the spinlock that guards it, on a cache line of its own.
template <typename State> struct alignas(64) GeneratorSlot {
	slock_t mutex;
	State state{};

	GeneratorSlot() noexcept { SpinLockInit(&mutex); }
};

// HotGuid's state carries the machine tag and a random counter seed, set by the first id generated from it.
struct SeededHotGuidState {
	bool seeded;
	HotGuidState hotguid;
};

struct GeneratorStates {
	GeneratorSlot<DistributedIdState> distributed_id;
	GeneratorSlot<DistributedId128State> distributed_id128;
	GeneratorSlot<IuidState> iuid;
	GeneratorSlot<SeededHotGuidState> hotguid;
	GeneratorSlot<SiqState> siq;             // only used when shared: see require_shared_generator_states
	GeneratorSlot<SnowflakeState> snowflake; // the same
	GeneratorSlot<Uuidv7State> uuidv7;
};

// Called from _PG_init: asks for shared memory when loaded through shared_preload_libraries.
void request_generator_shared_memory();

// True when this backend uses the server-wide state in shared memory.
bool generator_states_are_shared() noexcept;

// SIQ and Snowflake serials are unique only when every backend counts in one place: without shared memory
// their generators refuse (55000) rather than hand out the ids of another backend.
void require_shared_generator_states(const char *function_name);

// The states this backend generates from: shared when preloaded, this backend's own otherwise.
GeneratorStates &generator_states() noexcept;

// What a generator does while it is over its rate: wait as long as it asks, staying cancellable. A cancel
// longjmps out of run_generator's frames, which hold only trivially destructible objects.
inline void sleep_for_generator(std::int64_t micros) {
	pg_usleep(static_cast<long>(micros));
	CHECK_FOR_INTERRUPTS();
}

// Steps a generator on its slot until it yields: under the slot's spinlock, reading the clock inside it,
// sleeping outside it. step(state, now) must be short and must neither throw nor ereport.
template <typename State, typename StepOnState>
auto generate_from_slot(GeneratorSlot<State> &slot, StepOnState &&step) {
	auto locked = [&slot, shared = generator_states_are_shared()](auto &&critical_section) noexcept {
		if (!shared) // this backend's own state: nobody to exclude
			return critical_section();
		SpinLockAcquire(&slot.mutex);
		auto result = critical_section();
		SpinLockRelease(&slot.mutex);
		return result;
	};
	return run_generator(system_clock_now, locked, sleep_for_generator,
	                     [&](UnixMicros now) { return step(slot.state, now); });
}

} // namespace identities::pg
