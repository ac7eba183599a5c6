// Generator state: one generator per server in shared memory when preloaded, else one per backend.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"
#include "core/generator_stats.hpp"
#include "pg/generator_stats.hpp"
#include "pg/high_water_mark.hpp"
#include "pg/postgres.hpp"

#include <cstddef>

namespace identities::pg {

// A generator's state, its statistics and the spinlock that guards both, on a cache line of its own.
template <typename State> struct alignas(64) GeneratorSlot {
	slock_t mutex;
	GeneratorStats stats;
	State state{};

	GeneratorSlot() noexcept { SpinLockInit(&mutex); }
};

// What the statistics know of a format's generator, whatever its state's type.
struct GeneratorDescription {
	const char *format;        // its name in formats.tsv
	bool keeps_mark;           // its ids stay below the server's high-water mark
	UnixMicros (*epoch_end)(); // the last instant its ids embed (under the server's settings)
	// Writes the node identity its ids carry ("worker 3, process 1"), or leaves the buffer empty. May ereport.
	void (*describe_node)(char *buffer, std::size_t size);
	// Copies the statistics out of the slot, under its lock when shared.
	void (*read)(void *memory, bool shared, GeneratorStats &stats);
	void (*reset)(void *memory, bool shared, UnixMicros now); // zeroes the statistics, under the lock when shared
};

// Slots are registered while the library loads (before _PG_init), each by the format that owns it; this
// file knows their sizes, not their formats. Returns the slot's index.
std::size_t register_generator_slot(std::size_t size, void (*construct)(void *memory),
                                    const GeneratorDescription &description) noexcept;

// The memory of a registered slot: in shared memory when preloaded, this backend's own otherwise.
void *generator_slot_memory(std::size_t index);

std::size_t generator_slot_count() noexcept;
const GeneratorDescription &generator_description(std::size_t index) noexcept;

// A format's generator slot: one object at namespace scope in the format's glue file, given its name in
// formats.tsv, the last instant its ids embed and, for Snowflake and SIQ, the node identity they carry.
template <typename State> class RegisteredGeneratorSlot {
public:
	RegisteredGeneratorSlot(const char *format, UnixMicros (*epoch_end)(),
	                        void (*describe_node)(char *, std::size_t) = nullptr) noexcept
	    : index_(register_generator_slot(
	          sizeof(GeneratorSlot<State>), [](void *memory) { new (memory) GeneratorSlot<State>(); },
	          {format, KeepsHighWaterMark<State>::value, epoch_end, describe_node, read_slot, reset_slot})) {}

	GeneratorSlot<State> &get() const { return *static_cast<GeneratorSlot<State> *>(generator_slot_memory(index_)); }
	std::size_t index() const noexcept { return index_; }
	UnixMicros epoch_end() const { return generator_description(index_).epoch_end(); }

private:
	static void read_slot(void *memory, bool shared, GeneratorStats &stats) {
		auto &slot = *static_cast<GeneratorSlot<State> *>(memory);
		if (shared)
			SpinLockAcquire(&slot.mutex);
		stats = slot.stats;
		if (shared)
			SpinLockRelease(&slot.mutex);
	}
	static void reset_slot(void *memory, bool shared, UnixMicros now) {
		auto &slot = *static_cast<GeneratorSlot<State> *>(memory);
		if (shared)
			SpinLockAcquire(&slot.mutex);
		reset_generator_stats(slot.stats, now);
		if (shared)
			SpinLockRelease(&slot.mutex);
	}

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
// its floor, and the mark moves past the id before the id is returned. Every step is counted in the slot's
// statistics, and the warnings they call for are logged once the lock is released.
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
	IdObservation seen;
	DueWarnings due;
	WarningThresholds thresholds = generator_clock_warning_thresholds();
	const auto result = run_generator(system_clock_now, locked, sleep_for_generator, [&](UnixMicros now) {
		if constexpr (keeps_mark)
			raise_to_floor(slot.state, floor);
		auto stepped = observed_step(slot.stats, seen, slot.state, now, step);
		if (stepped.status == StepStatus::Ready &&
		    warnings_to_check(slot.stats, thresholds, now, seen.ahead_micros, seen.step_back_micros)) {
			thresholds.epoch_warning_from = generator_epoch_warning_from(registered.epoch_end());
			due = due_warnings(slot.stats, thresholds, now, seen.ahead_micros, seen.step_back_micros);
		}
		return stepped;
	});
	if (result.status != StepStatus::Ready)
		throw clock_out_of_range(range);
	if (due.ahead || due.step_back || due.epoch)
		warn_of_generator(generator_description(registered.index()), due, seen, registered.epoch_end());
	// seen.id_instant is the state's newest_instant once the id was made (observed_step).
	if (keeps_mark && shared && high_water_mark_needs_moving(seen.id_instant))
		move_high_water_mark(seen.id_instant);
	return result.id;
}

} // namespace identities::pg
