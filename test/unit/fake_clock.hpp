// A generator's step function driven as the glue drives it, but with a fake clock and a counting sleep:
// how the reference libraries' own scenarios (rewinding clocks, exhausted sequences, bursts) are replayed.
#pragma once

#include "core/clock.hpp"
#include "core/generator.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <vector>

namespace identities::testing {

template <typename State> struct FakeClockGenerator {
	State state;
	std::function<UnixMicros()> clock;
	std::function<void(std::int64_t)> sleep = [](std::int64_t) {};
	int sleeps = 0;

	// step(state, now) -> Step<Id>, run until it yields, under no lock (one thread).
	template <typename StepFunction> auto run(StepFunction &&step) {
		return run_generator(
		    clock, [](auto critical_section) { return critical_section(); },
		    [this](std::int64_t micros) {
			    sleeps++;
			    sleep(micros);
		    },
		    [&](UnixMicros now) { return step(state, now); });
	}
};

// A clock that stands still except while a generator sleeps: each sleep lets the time it asks for pass.
struct StandingClock {
	UnixMicros now;

	template <typename State> void drive(FakeClockGenerator<State> &generator) {
		generator.clock = [this] { return now; };
		generator.sleep = [this](std::int64_t micros) { now += micros; };
	}
};

// A Generator (derived from FakeClockGenerator) driven by the clock.
template <typename Generator> Generator generator_on(StandingClock &clock) {
	Generator generator;
	clock.drive(generator);
	return generator;
}

// A clock that hands out the given instants in order and fails the test if asked once more.
inline std::function<UnixMicros()> clock_sequence(std::vector<UnixMicros> instants) {
	auto index = std::make_shared<std::size_t>(0);
	return [instants, index] {
		if (*index >= instants.size()) {
			ADD_FAILURE() << "clock read more often than expected";
			return instants.back();
		}
		return instants[(*index)++];
	};
}

} // namespace identities::testing
