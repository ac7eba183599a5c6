// Properties every generator keeps, whatever its clock does: long fake-clock runs with random jitter, bursts
// (many ids in one clock reading), steps back and jumps forward. No id ever repeats, and ids decrease only where
// doc/reference.md says they may (DistributedId, DistributedId128 and iUID after the clock goes back a second or
// more; HotGuid's order within a second follows its wrapping counter, its seconds never go back).
#include "core/distributedid.hpp"
#include "core/distributedid128.hpp"
#include "core/hotguid.hpp"
#include "core/iuid.hpp"
#include "core/ulid.hpp"
#include "core/siq.hpp"
#include "core/snowflake.hpp"
#include "core/uuidv7.hpp"

#include <gtest/gtest.h>

#include <random>
#include <unordered_set>

namespace identities {
namespace {

constexpr UnixMicros kStart = 1764547200LL * kMicrosPerSecond; // 2025-12-01T00:00:00Z
constexpr int kIds = 300000;

struct Uint128Hash {
	std::size_t operator()(Uint128 value) const noexcept {
		return std::hash<std::uint64_t>()(static_cast<std::uint64_t>(value) ^ static_cast<std::uint64_t>(value >> 64) * 31);
	}
};

// A clock that wanders: mostly small steps forward, bursts of readings that do not move, steps back (some
// under a second, some of several seconds) and jumps forward. Sleeps move it on by what they ask for.
class WanderingClock {
public:
	explicit WanderingClock(unsigned seed) : random_(seed) {}

	UnixMicros read() {
		if (burst_left_ > 0) {
			burst_left_--;
			return now_;
		}
		const int event = static_cast<int>(random_() % 1000);
		if (event < 5)
			burst_left_ = static_cast<int>(random_() % 20000);
		else if (event < 8)
			now_ -= static_cast<UnixMicros>(random_() % 900000); // back less than a second
		else if (event < 9)
			now_ -= static_cast<UnixMicros>(1000000 + random_() % 5000000); // back seconds
		else if (event < 11)
			now_ += static_cast<UnixMicros>(random_() % 3000000); // a jump forward
		else
			now_ += static_cast<UnixMicros>(random_() % 40); // jitter
		if (now_ > latest_)
			latest_ = now_;
		return now_;
	}
	void sleep(std::int64_t micros) { now_ += micros; }
	std::uint64_t random() { return random_(); }
	// How far the last reading was behind the latest one ever read.
	UnixMicros behind() const { return latest_ - now_; }

private:
	std::mt19937_64 random_;
	UnixMicros now_ = kStart;
	UnixMicros latest_ = kStart;
	int burst_left_ = 0;
};

// Runs a step until it yields, as run_generator does, on the wandering clock.
template <typename StepAt> auto generate(WanderingClock &clock, StepAt &&step_at) {
	return run_generator([&] { return clock.read(); }, [](auto section) { return section(); },
	                     [&](std::int64_t micros) { clock.sleep(micros); }, step_at);
}

// Checks kIds ids of one generator: never a repeat; and never a decrease, or (never_decreases false) only while
// the clock is a second or more behind the latest time it showed.
template <typename Make> void check_generator(const char *name, Make &&make, bool never_decreases) {
	for (unsigned seed = 1; seed <= 3; seed++) {
		WanderingClock clock(seed);
		std::unordered_set<Uint128, Uint128Hash> seen;
		seen.reserve(kIds);
		Uint128 previous = 0;
		for (int i = 0; i < kIds; i++) {
			const Uint128 id = make(clock);
			ASSERT_TRUE(seen.insert(id).second) << name << ": id repeated at " << i << " (seed " << seed << ")";
			if (i > 0 && id < previous) {
				ASSERT_FALSE(never_decreases) << name << ": decreased at " << i << " (seed " << seed << ")";
				ASSERT_GE(clock.behind(), kMicrosPerSecond)
				    << name << ": decreased at " << i << " with the clock " << clock.behind() << " µs behind";
			}
			previous = id;
		}
	}
}

TEST(GeneratorProperties, DistributedId) {
	DistributedIdState state;
	check_generator("distributedid", [&](WanderingClock &clock) {
		const std::uint64_t random_sequence = make_distributed_id_random_sequence(clock.random());
		const auto step = generate(clock, [&](UnixMicros now) { return step_distributed_id(state, now, random_sequence); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, false);
}

TEST(GeneratorProperties, DistributedId128) {
	DistributedId128State state;
	check_generator("distributedid128", [&](WanderingClock &clock) {
		std::uint8_t bytes[16];
		for (std::uint8_t &byte : bytes)
			byte = static_cast<std::uint8_t>(clock.random());
		const Uint128 random_sequence = make_distributed_id128_random_sequence(bytes);
		const auto step =
		    generate(clock, [&](UnixMicros now) { return step_distributed_id128(state, now, random_sequence); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, false);
}

TEST(GeneratorProperties, Iuid) {
	IuidState state;
	check_generator("iuid", [&](WanderingClock &clock) {
		const std::uint64_t random_bits = clock.random();
		const auto step = generate(clock, [&](UnixMicros now) { return step_iuid(state, now, random_bits, 42, 7); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, false);
}

TEST(GeneratorProperties, Ulid) {
	UlidState state;
	check_generator("ulid", [&](WanderingClock &clock) {
		const Uint128 random80 = (static_cast<Uint128>(clock.random()) << 64) | clock.random();
		const auto step = generate(clock, [&](UnixMicros now) { return step_ulid(state, now, random80); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, true);
}

TEST(GeneratorProperties, SiqPerQualifier) {
	SiqState state;
	const SiqQualifier &message = siq_qualifier("message");
	check_generator("siq", [&](WanderingClock &clock) {
		const auto step = generate(clock, [&](UnixMicros now) { return step_siq(state, now, message, 3, 12345); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, true);
}

TEST(GeneratorProperties, Snowflake) {
	SnowflakeState state;
	check_generator("snowflake", [&](WanderingClock &clock) {
		const auto step = generate(clock, [&](UnixMicros now) { return step_snowflake(state, now, 1420070400000, 1, 2); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return static_cast<Uint128>(step.id);
	}, true);
}

TEST(GeneratorProperties, Uuidv7) {
	Uuidv7State state;
	check_generator("uuidv7", [&](WanderingClock &clock) {
		const std::uint64_t random_bits = clock.random();
		const auto step = generate(clock, [&](UnixMicros now) { return step_uuidv7(state, now, random_bits); });
		EXPECT_EQ(step.status, StepStatus::Ready);
		return step.id;
	}, true);
}

// HotGuid orders by second, then by tag and counter: its seconds never go back, and no id repeats, also between
// generators of one host whose pids agree in their low 16 bits.
TEST(GeneratorProperties, HotGuid) {
	std::uint8_t tag_a[kHotGuidMachinePidSize];
	std::uint8_t tag_b[kHotGuidMachinePidSize];
	make_hotguid_machine_pid("db-01", 4464, tag_a);
	make_hotguid_machine_pid("db-01", 70000, tag_b);
	for (unsigned seed = 1; seed <= 3; seed++) {
		WanderingClock clock(seed);
		HotGuidState a = make_hotguid_state(tag_a, clock.random());
		HotGuidState b = make_hotguid_state(tag_b, clock.random());
		std::unordered_set<Uint128, Uint128Hash> seen;
		seen.reserve(2 * kIds);
		std::uint32_t previous_second[2] = {0, 0};
		for (int i = 0; i < kIds; i++) {
			for (int which = 0; which < 2; which++) {
				HotGuidState &state = which == 0 ? a : b;
				const auto step = generate(clock, [&](UnixMicros now) { return step_hotguid(state, now, 17); });
				ASSERT_EQ(step.status, StepStatus::Ready);
				ASSERT_TRUE(seen.insert(step.id).second) << "hotguid repeated at " << i << " (seed " << seed << ")";
				const auto second = static_cast<std::uint32_t>(step.id >> 96);
				ASSERT_GE(second, previous_second[which]);
				previous_second[which] = second;
			}
		}
	}
}

} // namespace
} // namespace identities
