// What every generator shares: a step either yields an id or asks to be retried after a short sleep.
//
// Generators are pure step functions over plain state. The caller supplies the
// clock, the lock and the sleep, so the same step runs per backend, in shared memory, or in a unit
// test with a fake clock.
#pragma once

#include "core/clock.hpp"
#include "core/error.hpp"

#include <string>

namespace identities {

enum class StepStatus {
	Ready,           // the id is valid and the state advanced
	Sleep,           // the generator is over its rate or waits for the clock: sleep sleep_micros, then step again
	ClockOutOfRange, // the clock lies outside what the format can encode
};

template <typename Id> struct Step {
	StepStatus status;
	Id id;
	std::int64_t sleep_micros = kMicrosPerMilli; // with Sleep: how long until stepping again makes sense
};

// What a format's generator can embed: the error a clock outside it gets (messages.def), naming the embedded field
// and the instants it reaches.
struct ClockRange {
	Message message;
};

inline Error clock_out_of_range(const ClockRange &range) {
	return message_error(range.message);
}

// Steps until the generator yields. `locked(f)` runs f under the generator's lock; the clock is read
// inside it, so the state never sees a timestamp older than one read before the last update.
// `sleep(micros)` waits that long.
template <typename Now, typename Locked, typename SleepFunction, typename StepFunction>
auto run_generator(Now &&now, Locked &&locked, SleepFunction &&sleep, StepFunction &&step) {
	for (;;) {
		auto result = locked([&] { return step(now()); });
		if (result.status != StepStatus::Sleep)
			return result;
		sleep(result.sleep_micros);
	}
}

} // namespace identities
