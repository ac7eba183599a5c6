// The high-water mark: its arithmetic, and for each format that keeps it, that marking past newest_instant()
// covers every id issued, and that after raise_to_floor() the ids start at the floor even when the clock is an
// hour behind, keep increasing, and never wait for the clock.
#include "core/high_water_mark.hpp"
#include "core/hotguid.hpp"
#include "core/iuid.hpp"
#include "core/siq.hpp"
#include "core/snowflake.hpp"
#include "core/uint128.hpp"
#include "core/uuidv7.hpp"
#include "fake_clock.hpp"

#include <gtest/gtest.h>

#include <set>

namespace identities {
namespace {

using testing::FakeClockGenerator;
using testing::generator_on;
using testing::StandingClock;

constexpr UnixMicros kSecond = kMicrosPerSecond;
constexpr UnixMicros kStart = 1795451652LL * kSecond + 123456; // 2026-11-23 16:34:12.123456Z
constexpr UnixMicros kHour = 3600 * kSecond;

TEST(HighWaterMark, MovesToTheSecondAfterNextOnceAnIdComesWithinASecondOfIt) {
	EXPECT_EQ(next_high_water_mark(kStart), (kStart / kSecond + 2) * kSecond);
	EXPECT_EQ(next_high_water_mark(5 * kSecond), 7 * kSecond);
	EXPECT_EQ(next_high_water_mark(-1), kSecond); // a state that issued nothing
	EXPECT_FALSE(high_water_mark_reached(6 * kSecond - 1, 7 * kSecond));
	EXPECT_TRUE(high_water_mark_reached(6 * kSecond, 7 * kSecond));
	EXPECT_TRUE(high_water_mark_reached(0, 0)); // a server without a mark moves it at its first id
	// After a move the id is at least a second below the mark.
	for (UnixMicros newest : {kStart, 6 * kSecond, 6 * kSecond + 999999})
		EXPECT_FALSE(high_water_mark_reached(newest, next_high_water_mark(newest)));
}

TEST(HighWaterMark, AFloorRaisedAfterAnInstantIsTheWholeSecondAfterIt) {
	EXPECT_EQ(floor_after(kStart), (kStart / kSecond + 1) * kSecond);
	EXPECT_EQ(floor_after(5 * kSecond), 6 * kSecond); // strictly after: an id at 5 s may exist
	EXPECT_EQ(floor_after(5 * kSecond - 1), 5 * kSecond);
	EXPECT_EQ(floor_after(-1), 0); // before 1970, rounded the way time goes
	for (UnixMicros instant : {kStart, 6 * kSecond, 6 * kSecond + 999999}) {
		EXPECT_GT(floor_after(instant), instant);
		EXPECT_EQ(floor_after(instant) % kSecond, 0);
	}
}

// Drives a format: `step(state, now)` makes an id, `instant(id)` reads the instant it embeds (rounded down),
// `ordered` says whether its ids strictly increase.
template <typename State, typename StepFunction, typename InstantOf>
void check_format(State state, StepFunction step, InstantOf instant, bool ordered) {
	StandingClock clock{kStart};
	auto generator = generator_on<FakeClockGenerator<State>>(clock);
	generator.state = state;
	auto next = [&] {
		const auto result = generator.run(step);
		EXPECT_EQ(result.status, StepStatus::Ready);
		// Marking past the state's newest instant covers the id just issued.
		EXPECT_LE(instant(result.id), newest_instant(generator.state));
		return result.id;
	};
	std::set<decltype(next())> seen;
	auto previous = next();
	seen.insert(previous);
	const UnixMicros mark = next_high_water_mark(newest_instant(generator.state));
	EXPECT_LT(instant(previous), mark);

	// A restart whose clock is an hour behind the mark: every id from the mark on, increasing, at once.
	clock.now = kStart - kHour;
	raise_to_floor(generator.state, mark);
	generator.sleeps = 0;
	for (int i = 0; i < 10000; i++) {
		raise_to_floor(generator.state, mark); // as the glue does before each step: no effect once above
		const auto id = next();
		ASSERT_GE(instant(id), mark) << i;
		if (ordered)
			ASSERT_GT(id, previous) << i;
		ASSERT_TRUE(seen.insert(id).second) << i;
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_EQ(clock.now, kStart - kHour);

	// A floor behind the state changes nothing.
	const State before = generator.state;
	raise_to_floor(generator.state, mark - kHour);
	EXPECT_EQ(0, memcmp(&before, &generator.state, sizeof before));

	// Once the clock passes the floor the ids follow it again.
	clock.now = mark + kHour;
	EXPECT_GE(instant(next()), mark + kHour - kSecond);
}

TEST(HighWaterMark, Snowflake) {
	const std::int64_t epoch = kDiscordEpochUnixMillis;
	check_format(
	    SnowflakeState{}, [&](SnowflakeState &state, UnixMicros now) { return step_snowflake(state, now, epoch, 3, 4); },
	    [&](std::int64_t id) { return snowflake_unix_micros(id, epoch); }, true);
}

TEST(HighWaterMark, Siq) {
	const SiqQualifier &message = siq_qualifier("message");
	check_format(
	    SiqState{}, [&](SiqState &state, UnixMicros now) { return step_siq(state, now, message, 5, 0xABCDEF01); },
	    [](Uint128 id) { return siq_unix_micros(id); }, true);
}

TEST(HighWaterMark, SiqRaisesEveryQualifier) {
	SiqState state;
	raise_to_floor(state, 7 * kSecond);
	for (const SiqCounter &counter : state.counters)
		EXPECT_EQ(counter.ts56, std::uint64_t{7} << kSiqFractionBits);
	EXPECT_EQ(newest_instant(state), 7 * kSecond);
}

TEST(HighWaterMark, Iuid) {
	std::uint64_t random = 0x9E3779B97F4A7C15ULL;
	check_format(
	    IuidState{},
	    [&](IuidState &state, UnixMicros now) {
		    random = random * 6364136223846793005ULL + 1442695040888963407ULL; // any varying bits
		    return step_iuid(state, now, random, 42, 7);
	    },
	    [](Uint128 id) { return iuid_unix_micros(id); }, true);
}

TEST(HighWaterMark, Uuidv7) {
	check_format(
	    Uuidv7State{}, [&](Uuidv7State &state, UnixMicros now) { return step_uuidv7(state, now, 0x0123456789ABCDEFULL); },
	    [](Uint128 id) { return uuidv7_unix_micros(id); }, true);
}

TEST(HighWaterMark, HotGuid) {
	std::uint8_t machine_pid[kHotGuidMachinePidSize];
	make_hotguid_machine_pid("db01", 0x1234, machine_pid);
	check_format(
	    make_hotguid_state(machine_pid, 1234567),
	    [&](HotGuidState &state, UnixMicros now) { return step_hotguid(state, now, 99); },
	    [](Uint128 id) {
		    std::uint8_t bytes[kHotGuidSize];
		    store_big_endian(id, bytes, kHotGuidSize);
		    return static_cast<UnixMicros>(hotguid_unix_seconds(bytes)) * kSecond;
	    },
	    false);
}

} // namespace
} // namespace identities
