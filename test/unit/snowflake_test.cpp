// Snowflake, Discord flavour: the layout against Discord's documented example and
// python3 vectors, the boundary and argument checks, and the generator on a fake clock.
#include "core/error.hpp"
#include "core/snowflake.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <random>
#include <set>
#include <string>

namespace identities {
namespace {

using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr std::int64_t kFixedUnixMillis = 1704067200123; // 2024-01-01T00:00:00.123Z
constexpr UnixMicros kFixedTime = kFixedUnixMillis * kMs;
constexpr std::int64_t kSuouJan2020EpochMillis = 1577833200000; // SUOU's SnowflakeEpoch.JAN_1_2020 (CET), in ms

// test/vectors/snowflake.tsv: (ms - epoch) << 22 | worker << 17 | process << 12 | increment, and every field read
// back; Discord's documentation example first.
TEST(Snowflake, ComposesTheLayout) {
	for (const testing::VectorRow &row : testing::read_vectors("snowflake")) {
		SCOPED_TRACE(testing::where("snowflake", row));
		const std::int64_t epoch_millis = testing::unix_micros_of(row["epoch"]) / kMs;
		const std::int64_t micros = testing::unix_micros_of(row["timestamp"]);
		const auto millis_since_epoch = static_cast<std::uint64_t>(micros / kMs - epoch_millis);
		const auto worker = static_cast<std::uint8_t>(std::stoi(row["worker"]));
		const auto process = static_cast<std::uint8_t>(std::stoi(row["process"]));
		const auto increment = static_cast<std::uint16_t>(std::stoi(row["increment"]));
		const std::int64_t id = std::stoll(row["snowflake"]);
		EXPECT_EQ(compose_snowflake(millis_since_epoch, worker, process, increment), id);
		EXPECT_EQ(snowflake_millis_since_epoch(id), millis_since_epoch);
		EXPECT_EQ(snowflake_worker(id), worker);
		EXPECT_EQ(snowflake_process(id), process);
		EXPECT_EQ(snowflake_increment(id), increment);
		EXPECT_EQ(snowflake_unix_micros(id, epoch_millis), micros);
	}
	EXPECT_EQ(kDiscordEpochUnixMillis, 1420070400000); // 2015-01-01T00:00:00Z, not SUOU's 1420066800 s
	EXPECT_EQ(compose_snowflake(kSnowflakeMaxGeneratedMillis, 0, 0, 0), 9223372036850581504); // the largest we make
	// The layout's 42nd timestamp bit is the bigint's sign bit (Discord ids are unsigned); SQL refuses such bigints,
	// the core reads all 42 bits.
	EXPECT_EQ(compose_snowflake(kSnowflakeMaxGeneratedMillis + 1, 0, 0, 0), std::numeric_limits<std::int64_t>::min());
	EXPECT_EQ(compose_snowflake(kSnowflakeMaxTimestamp, 31, 31, 4095), -1);
	EXPECT_EQ(snowflake_millis_since_epoch(-1), kSnowflakeMaxTimestamp);
	EXPECT_EQ(snowflake_unix_micros(-1, kDiscordEpochUnixMillis),
	          (static_cast<std::int64_t>(kSnowflakeMaxTimestamp) + kDiscordEpochUnixMillis) * kMs);
	EXPECT_EQ(snowflake_millis_since_epoch(std::numeric_limits<std::int64_t>::min()), std::uint64_t{1} << 41);
	// Arguments wider than their fields are cut to them.
	EXPECT_EQ(compose_snowflake(kSnowflakeMaxTimestamp + 1, 32, 32, 4096), 0);
}

TEST(Snowflake, AccessorsReadEveryField) {
	for (int worker = 0; worker < 32; worker++)
		for (int process = 0; process < 32; process++) {
			const std::int64_t one = compose_snowflake(123456789, static_cast<std::uint8_t>(worker),
			                                           static_cast<std::uint8_t>(process), 4095);
			ASSERT_EQ(snowflake_worker(one), worker);
			ASSERT_EQ(snowflake_process(one), process);
			ASSERT_EQ(snowflake_increment(one), 4095);
			ASSERT_EQ(snowflake_millis_since_epoch(one), 123456789U);
		}
}

TEST(SnowflakeBoundary, IsTheSmallestSnowflakeAtOrAfterTheInstant) {
	const std::int64_t discord = kDiscordEpochUnixMillis;
	// python3: 2026-11-01Z is 1793491200000 ms.
	EXPECT_EQ(snowflake_boundary(1793491200000 * kMs, discord), (1793491200000 - discord) << 22);
	EXPECT_EQ(snowflake_boundary(kFixedTime, discord), compose_snowflake(kFixedUnixMillis - discord, 0, 0, 0));
	EXPECT_EQ(snowflake_boundary(kFixedTime + 1, discord), compose_snowflake(kFixedUnixMillis + 1 - discord, 0, 0, 0));
	EXPECT_EQ(snowflake_boundary(kFixedTime - 999, discord), compose_snowflake(kFixedUnixMillis - discord, 0, 0, 0));
	EXPECT_EQ(snowflake_boundary(discord * kMs, discord), 0);
	EXPECT_EQ(snowflake_boundary(discord * kMs + 1, discord), compose_snowflake(1, 0, 0, 0));
	EXPECT_EQ(snowflake_boundary(discord * kMs - 1, discord), 0); // before the epoch every id is after it
	EXPECT_EQ(snowflake_boundary(0, discord), 0);
	EXPECT_EQ(snowflake_boundary(std::numeric_limits<std::int64_t>::min(), discord), 0);
	EXPECT_EQ(snowflake_boundary(0, 0), 0);
	const UnixMicros last = (static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis) + discord) * kMs;
	EXPECT_EQ(snowflake_boundary(last, discord), compose_snowflake(kSnowflakeMaxGeneratedMillis, 0, 0, 0));
	std::string message, detail;
	EXPECT_EQ(error_code_of([&] { snowflake_boundary(last + 1, discord); }, &message, &detail),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(message, "timestamp out of range for snowflake");
	EXPECT_NE(detail.find("2084-09-06 15:47:35.551+00"), std::string::npos);
	EXPECT_EQ(error_code_of([&] { snowflake_boundary(std::numeric_limits<std::int64_t>::max(), discord); }),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(error_code_of([] { snowflake_boundary(std::numeric_limits<std::int64_t>::max(), 0); }),
	          ErrorCode::DatetimeValueOutOfRange);
	// Whatever the worker, process and increment, an id of a ms sorts between its boundary and the next's.
	const std::int64_t id = compose_snowflake(kFixedUnixMillis - discord, 31, 31, 4095);
	EXPECT_GE(id, snowflake_boundary(kFixedTime, discord));
	EXPECT_LT(id, snowflake_boundary(kFixedTime + kMs, discord));
	// id >= boundary(t) exactly when the id's time is >= t.
	std::mt19937_64 random(17);
	for (int i = 0; i < 100000; i++) {
		const UnixMicros instant = discord * kMs + 1 + static_cast<std::int64_t>(random() % (last - discord * kMs));
		const std::int64_t boundary = snowflake_boundary(instant, discord);
		ASSERT_GE(snowflake_unix_micros(boundary, discord), instant);
		ASSERT_LT(snowflake_unix_micros(boundary - 1, discord), instant);
	}
}

// snowflake_generate_at: the instant's millisecond since the epoch, the worker, the process and the caller's increment.
TEST(SnowflakeAt, EmbedsTheInstantsMillisecondAndTheFields) {
	// Discord's documented example, from its instant (2016-04-30 11:18:25.796 UTC) and fields.
	EXPECT_EQ(snowflake_at(1462015105796000 + 999, kDiscordEpochUnixMillis, 1, 0, 7), 175928847299117063);
	const std::int64_t id = snowflake_at(kFixedTime + 999, kDiscordEpochUnixMillis, 17, 23, 4095);
	EXPECT_EQ(id, ((kFixedUnixMillis - kDiscordEpochUnixMillis) << 22) | (17 << 17) | (23 << 12) | 4095);
	EXPECT_EQ(snowflake_unix_micros(id, kDiscordEpochUnixMillis), kFixedTime);
	EXPECT_EQ(snowflake_worker(id), 17);
	EXPECT_EQ(snowflake_process(id), 23);
	EXPECT_EQ(snowflake_increment(id), 4095);
	// Under another epoch, the same instant counts from that epoch.
	EXPECT_EQ(snowflake_at(kFixedTime, kSuouJan2020EpochMillis, 0, 0, 0),
	          compose_snowflake(kFixedUnixMillis - kSuouJan2020EpochMillis, 0, 0, 0));
	EXPECT_EQ(snowflake_at(kFixedTime - 1, kDiscordEpochUnixMillis, 0, 0, 0),
	          compose_snowflake(kFixedUnixMillis - 1 - kDiscordEpochUnixMillis, 0, 0, 0));
}

TEST(SnowflakeAt, RangeIsFromTheEpochThrough41BitsOfMilliseconds) {
	for (const std::int64_t epoch : {kDiscordEpochUnixMillis, std::int64_t{0}, kSnowflakeMaxEpochUnixMillis}) {
		const UnixMicros first = epoch * kMs;
		const UnixMicros last = (epoch + static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis)) * kMs + 999;
		EXPECT_EQ(snowflake_at(first, epoch, 31, 31, 4095), compose_snowflake(0, 31, 31, 4095)) << epoch;
		EXPECT_EQ(snowflake_at(last, epoch, 31, 31, 4095), std::numeric_limits<std::int64_t>::max()) << epoch;
		std::string message, detail;
		for (const UnixMicros instant : {first - 1, last + 1, std::numeric_limits<std::int64_t>::min(),
		                                 std::numeric_limits<std::int64_t>::max()}) {
			EXPECT_EQ(error_code_of([&] { snowflake_at(instant, epoch, 0, 0, 0); }, &message, &detail),
			          ErrorCode::DatetimeValueOutOfRange)
			    << epoch << " " << instant;
			EXPECT_EQ(message, "timestamp out of range for snowflake");
			EXPECT_NE(detail.find("from the epoch to 69 years after it"), std::string::npos);
		}
	}
	// Discord's last instant: 2084-09-06 15:47:35.551999+00.
	EXPECT_EQ(snowflake_at(3619093655551 * kMs + 999, kDiscordEpochUnixMillis, 0, 0, 0),
	          static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis << 22));
	EXPECT_EQ(error_code_of([] { snowflake_at(3619093655552 * kMs, kDiscordEpochUnixMillis, 0, 0, 0); }),
	          ErrorCode::DatetimeValueOutOfRange);
}

TEST(SnowflakeAt, IncrementArgumentIs12Bits) {
	EXPECT_EQ(checked_snowflake_increment(0), 0);
	EXPECT_EQ(checked_snowflake_increment(4095), 4095);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_snowflake_increment(4096); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "increment 4096 is out of range for snowflake");
	EXPECT_EQ(detail, "The increment of a snowflake must be from 0 to 4095.");
	for (const std::int64_t bad :
	     {std::int64_t{-1}, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()})
		EXPECT_EQ(error_code_of([&] { checked_snowflake_increment(bad); }), ErrorCode::NumericValueOutOfRange) << bad;
}

TEST(Snowflake, WorkerAndProcessAreFiveBits) {
	EXPECT_EQ(checked_snowflake_worker(0), 0);
	EXPECT_EQ(checked_snowflake_worker(31), 31);
	EXPECT_EQ(checked_snowflake_process(0), 0);
	EXPECT_EQ(checked_snowflake_process(31), 31);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_snowflake_worker(32); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "worker 32 is out of range for snowflake");
	EXPECT_EQ(detail, "The worker of a snowflake must be from 0 to 31.");
	EXPECT_EQ(error_code_of([] { checked_snowflake_process(-1); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "process -1 is out of range for snowflake");
	EXPECT_EQ(detail, "The process of a snowflake must be from 0 to 31.");
	for (const std::int64_t bad :
	     {std::int64_t{-1}, std::int64_t{32}, std::int64_t{256}, std::numeric_limits<std::int64_t>::min(),
	      std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { checked_snowflake_worker(bad); }), ErrorCode::NumericValueOutOfRange) << bad;
		EXPECT_EQ(error_code_of([&] { checked_snowflake_process(bad); }), ErrorCode::NumericValueOutOfRange) << bad;
	}
}

TEST(Snowflake, EpochFrom1970ToTheYear6429) {
	EXPECT_EQ(checked_snowflake_epoch(kDiscordEpochUnixMillis), kDiscordEpochUnixMillis);
	EXPECT_EQ(checked_snowflake_epoch(0), 0);
	EXPECT_EQ(checked_snowflake_epoch(kSnowflakeMaxEpochUnixMillis), kSnowflakeMaxEpochUnixMillis);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_snowflake_epoch(-1); }, &message, &detail), ErrorCode::InvalidParameterValue);
	EXPECT_EQ(message, "snowflake epoch is out of range");
	EXPECT_EQ(detail, "The epoch must be from 1970-01-01 to 6429-10-17; -1 Unix milliseconds is not.");
	EXPECT_EQ(error_code_of([] { checked_snowflake_epoch(kSnowflakeMaxEpochUnixMillis + 1); }),
	          ErrorCode::InvalidParameterValue);
	EXPECT_EQ(error_code_of([] { checked_snowflake_epoch(std::numeric_limits<std::int64_t>::min()); }),
	          ErrorCode::InvalidParameterValue);
	EXPECT_EQ(error_code_of([] { checked_snowflake_epoch(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::InvalidParameterValue);
	// The extreme epoch still extracts every id without overflow.
	EXPECT_EQ(snowflake_unix_micros(-1, kSnowflakeMaxEpochUnixMillis),
	          (static_cast<std::int64_t>(kSnowflakeMaxTimestamp) + kSnowflakeMaxEpochUnixMillis) * kMs);
}

// The generator, as the glue drives it: a fake clock and a counting sleep.
struct FakeGenerator : testing::FakeClockGenerator<SnowflakeState> {
	std::int64_t epoch = kDiscordEpochUnixMillis;

	Step<std::int64_t> try_create(std::uint8_t worker = 1, std::uint8_t process = 2) {
		return run(
		    [&](SnowflakeState &state, UnixMicros now) { return step_snowflake(state, now, epoch, worker, process); });
	}

	std::int64_t create(std::uint8_t worker = 1, std::uint8_t process = 2) {
		const auto result = try_create(worker, process);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
};

std::int64_t fixed_id(std::int64_t unix_millis, int increment, int worker = 1, int process = 2) {
	return compose_snowflake(static_cast<std::uint64_t>(unix_millis - kDiscordEpochUnixMillis),
	                         static_cast<std::uint8_t>(worker), static_cast<std::uint8_t>(process),
	                         static_cast<std::uint16_t>(increment));
}

TEST(SnowflakeGenerator, IncrementGrowsWithinAMillisecondAndRestartsOnTheNext) {
	FakeGenerator generator;
	generator.clock = testing::clock_sequence(
	    {kFixedTime, kFixedTime + 500, kFixedTime + 999, kFixedTime + kMs, kFixedTime + 5 * kMs + 1});
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis, 0));
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis, 1));
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis, 2));
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis + 1, 0));
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis + 5, 0));
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(SnowflakeGenerator, OneStateServesEveryWorkerAndProcess) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	std::set<std::int64_t> seen;
	for (int i = 0; i < 4096; i++) {
		const auto worker = static_cast<std::uint8_t>(i % 32);
		const auto process = static_cast<std::uint8_t>(i / 7 % 32);
		const std::int64_t id = generator.create(worker, process);
		ASSERT_EQ(id, fixed_id(kFixedUnixMillis, i, worker, process));
		ASSERT_TRUE(seen.insert(id).second);
	}
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(SnowflakeGenerator, ExhaustedMillisecondSleepsUntilTheNext) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	std::int64_t previous = 0;
	for (int increment = 0; increment < 4096; increment++) {
		const std::int64_t id = generator.create();
		ASSERT_EQ(id, fixed_id(kFixedUnixMillis, increment));
		ASSERT_GT(id, previous);
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
	const std::int64_t next = generator.create();
	EXPECT_EQ(generator.sleeps, 1);
	EXPECT_EQ(next, fixed_id(kFixedUnixMillis + 1, 0));
	EXPECT_GT(next, previous);
}

TEST(SnowflakeGenerator, ExhaustionStepAsksToSleepWithoutChangingTheState) {
	SnowflakeState state;
	for (int i = 0; i < 4096; i++)
		ASSERT_EQ(step_snowflake(state, kFixedTime, kDiscordEpochUnixMillis, 0, 0).status, StepStatus::Ready);
	EXPECT_EQ(step_snowflake(state, kFixedTime + 999, kDiscordEpochUnixMillis, 0, 0).status,
	          StepStatus::Sleep);
	EXPECT_EQ(state.last_unix_millis, kFixedUnixMillis);
	EXPECT_EQ(state.next_increment, 4096U);
	const auto next = step_snowflake(state, kFixedTime + kMs, kDiscordEpochUnixMillis, 0, 0);
	EXPECT_EQ(next.status, StepStatus::Ready);
	EXPECT_EQ(snowflake_unix_micros(next.id, kDiscordEpochUnixMillis), kFixedTime + kMs);
}

TEST(SnowflakeGenerator, ClockGoingBackKeepsTheLastMillisecond) {
	FakeGenerator generator;
	generator.clock = testing::clock_sequence(
	    {kFixedTime, kFixedTime - 500 * kMs, kFixedTime - 3600 * 1000 * kMs, kFixedTime + 999, kFixedTime + kMs});
	for (int increment = 0; increment < 4; increment++)
		EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis, increment));
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis + 1, 0));
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(SnowflakeGenerator, ExhaustedWhileTheClockIsBehindMovesToTheNextMillisecondWithoutSleeping) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	generator.create();
	clock.now = kFixedTime - 3600 * 1000 * kMs; // set back an hour: sleeping until it catches up would stall
	std::int64_t previous = 0;
	for (int i = 1; i < 3 * 4096; i++) {
		const std::int64_t id = generator.create();
		ASSERT_GT(id, previous);
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_EQ(previous, fixed_id(kFixedUnixMillis + 2, 4095));
	clock.now = kFixedTime + 1000 * kMs; // the clock catches up: back to real time
	EXPECT_EQ(generator.create(), fixed_id(kFixedUnixMillis + 1000, 0));
}

TEST(SnowflakeGenerator, JitteryClockNeverRepeatsOrDecreases) {
	std::mt19937_64 random(1234);
	UnixMicros clock_now = kFixedTime;
	FakeGenerator generator;
	generator.clock = [&] {
		clock_now += static_cast<std::int64_t>(random() % 400) - 150;
		if (random() % 1000 == 0)
			clock_now -= static_cast<std::int64_t>(random() % (10 * kMicrosPerSecond));
		return clock_now;
	};
	generator.sleep = [&](std::int64_t) { clock_now += kMs; };
	std::int64_t previous = 0;
	for (int i = 0; i < 200000; i++) {
		const std::int64_t id = generator.create(7, 9);
		ASSERT_GT(id, previous) << i; // one worker and process: strictly increasing, so never repeated
		previous = id;
	}
}

TEST(SnowflakeGenerator, ClockOutsideTheRangeIsOutOfRangeAndLeavesTheState) {
	const std::int64_t discord = kDiscordEpochUnixMillis;
	SnowflakeState state;
	EXPECT_EQ(step_snowflake(state, discord * kMs - 1, discord, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_snowflake(state, 0, discord, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_snowflake(state, std::numeric_limits<std::int64_t>::min(), discord, 0, 0).status,
	          StepStatus::ClockOutOfRange);
	const UnixMicros last = (static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis) + discord) * kMs;
	EXPECT_EQ(step_snowflake(state, last + kMs, discord, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_snowflake(state, std::numeric_limits<std::int64_t>::max(), discord, 0, 0).status,
	          StepStatus::ClockOutOfRange);
	EXPECT_EQ(state.last_unix_millis, 0);
	EXPECT_EQ(state.next_increment, 0U);
	const auto first = step_snowflake(state, discord * kMs, discord, 0, 0);
	EXPECT_EQ(first.status, StepStatus::Ready);
	EXPECT_EQ(first.id, 0);
	const auto final_ms = step_snowflake(state, last + 999, discord, 0, 0);
	EXPECT_EQ(final_ms.status, StepStatus::Ready);
	EXPECT_EQ(final_ms.id, compose_snowflake(kSnowflakeMaxGeneratedMillis, 0, 0, 0));
	EXPECT_GT(final_ms.id, 0); // the sign bit stays clear
	// The last ms used up while the clock is behind: moving on would set the sign bit.
	state.next_increment = 4096;
	EXPECT_EQ(step_snowflake(state, discord * kMs, discord, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(state.last_unix_millis, static_cast<std::int64_t>(kSnowflakeMaxGeneratedMillis) + discord);
	EXPECT_EQ(state.next_increment, 4096U);
	// An unchecked, absurd epoch is out of range rather than an overflow.
	SnowflakeState fresh;
	EXPECT_EQ(step_snowflake(fresh, kFixedTime, std::numeric_limits<std::int64_t>::min(), 0, 0).status,
	          StepStatus::ClockOutOfRange);
}

TEST(SnowflakeGenerator, CustomEpoch) {
	FakeGenerator generator;
	generator.epoch = kSuouJan2020EpochMillis;
	generator.clock = testing::clock_sequence({kFixedTime});
	const std::int64_t id = generator.create(31, 0);
	EXPECT_EQ(id, 529463771655966719 - 4095); // increment 0
	EXPECT_EQ(snowflake_unix_micros(id, kSuouJan2020EpochMillis), kFixedTime);
}

TEST(SnowflakeGenerator, GeneratedIdsFallBetweenTheirBoundaries) {
	StandingClock clock{kFixedTime};
	clock.now = kFixedTime + 500;
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	for (int i = 0; i < 1000; i++) {
		const std::int64_t id = generator.create(static_cast<std::uint8_t>(i % 32), static_cast<std::uint8_t>(i % 29));
		ASSERT_GE(id, snowflake_boundary(kFixedTime, kDiscordEpochUnixMillis));
		ASSERT_LT(id, snowflake_boundary(kFixedTime + kMs, kDiscordEpochUnixMillis));
	}
}

// A clock before the epoch (an epoch set in the future) has no Snowflake: a fresh state must not count from 0.
TEST(SnowflakeGenerator, ClockBeforeTheEpochIsOutOfRangeEvenForAFreshState) {
	SnowflakeState fresh;
	EXPECT_EQ(step_snowflake(fresh, -5 * kMs, 0, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_snowflake(fresh, kFixedTime, kFixedUnixMillis + 1, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(fresh.last_unix_millis, 0);
	const auto at_epoch = step_snowflake(fresh, kFixedTime, kFixedUnixMillis, 0, 0);
	ASSERT_EQ(at_epoch.status, StepStatus::Ready);
	EXPECT_EQ(at_epoch.id, 0);
	// A clock that goes back before the epoch after ids were made: no id either.
	EXPECT_EQ(step_snowflake(fresh, kFixedTime - kMs, kFixedUnixMillis, 0, 0).status, StepStatus::ClockOutOfRange);
}

} // namespace
} // namespace identities
