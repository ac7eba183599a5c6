// Generator state: one generator per server in shared memory when preloaded, else one per backend.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "pg/high_water_mark.hpp"
#include "pg/postgres.hpp"

#include <cstddef>

namespace identities::pg {

// A generator's state and the spinlock that guards it, on a cache line of its own.
template <typename State> struct alignas(64) GeneratorSlot {
	slock_t mutex;
	State state{};

	GeneratorSlot() noexcept { SpinLockInit(&mutex); }
};

// Slots are registered while the library loads (before _PG_init), each by the format that owns it; this
// file knows their sizes, not their formats. Returns the slot's index.
std::size_t register_generator_slot(std::size_t size, void (*construct)(void *memory)) noexcept;

// The memory of a registered slot: in shared memory when preloaded, this backend's own otherwise.
void *generator_slot_memory(std::size_t index);

// A format's generator slot: one object at namespace scope in the format's glue file.
template <typename State> class RegisteredGeneratorSlot {
public:
	RegisteredGeneratorSlot() noexcept
	    : index_(register_generator_slot(sizeof(GeneratorSlot<State>),
	                                     [](void *memory) { new (memory) GeneratorSlot<State>(); })) {}

	GeneratorSlot<State> &get() const { return *static_cast<GeneratorSlot<State> *>(generator_slot_memory(index_)); }

private:
	std::size_t index_;
};

// Called from _PG_init: asks for shared memory when loaded through shared_preload_libraries.
void request_generator_shared_memory();

// True when this backend uses the server-wide state in shared memory.
bool generator_states_are_shared() noexcept;

// SIQ and Snowflake serials are unique only when every backend counts in one place: without shared memory
// their generators refuse (55000) rather than hand out the ids of another backend.
void require_shared_generator_states(const char *function_name);

// What a generator does while it is over its rate: wait as long as it asks, staying cancellable. A cancel
// longjmps out of run_generator's frames, which hold only trivially destructible objects.
inline void sleep_for_generator(std::int64_t micros) {
	pg_usleep(static_cast<long>(micros));
	CHECK_FOR_INTERRUPTS();
}

// Steps a generator on its slot until it yields its id: under the slot's spinlock, reading the clock inside
// it, sleeping outside it. step(state, now) must be short and must neither throw nor ereport. A clock outside
// what the format embeds is the format's error (22008). A shared state that keeps the high-water mark starts at
// its floor, and the mark moves past the id before the id is returned.
template <typename State, typename StepOnState>
auto generate_from_slot(const RegisteredGeneratorSlot<State> &registered, const ClockRange &range, StepOnState &&step) {
	GeneratorSlot<State> &slot = registered.get();
	const bool shared = generator_states_are_shared();
	auto locked = [&slot, shared](auto &&critical_section) noexcept {
		if (!shared) // this backend's own state: nobody to exclude
			return critical_section();
		SpinLockAcquire(&slot.mutex);
		auto result = critical_section();
		SpinLockRelease(&slot.mutex);
		return result;
	};
	constexpr bool keeps_mark = KeepsHighWaterMark<State>::value;
	[[maybe_unused]] const UnixMicros floor = keeps_mark && shared ? high_water_floor() : 0;
	UnixMicros newest = 0;
	const auto result = run_generator(system_clock_now, locked, sleep_for_generator, [&](UnixMicros now) {
		if constexpr (keeps_mark)
			raise_to_floor(slot.state, floor);
		auto stepped = step(slot.state, now);
		if constexpr (keeps_mark)
			newest = newest_instant(slot.state);
		return stepped;
	});
	if (result.status != StepStatus::Ready)
		throw clock_out_of_range(range);
	if (keeps_mark && shared && high_water_mark_needs_moving(newest))
		move_high_water_mark(newest);
	return result.id;
}

} // namespace identities::pg
