// The generators' statistics on a fake clock: steps back and ids ahead counted with their size, waits past a burst,
// the reset, and the warnings' thresholds and rate limit; then real generators' steps observed as the glue observes
// them (a DistributedId bulk load past its burst, a Snowflake clock set back).
#include "core/distributedid.hpp"
#include "core/generator_stats.hpp"
#include "core/snowflake.hpp"
#include "fake_clock.hpp"

#include <gtest/gtest.h>

namespace identities {
namespace {

using testing::StandingClock;

constexpr UnixMicros kStart = 1704067200000000; // 2024-01-01T00:00:00Z
constexpr std::int64_t kSecond = kMicrosPerSecond;

TEST(GeneratorStats, AReadingEarlierThanTheLastIsAStepBackOfThatSize) {
	GeneratorStats stats;
	EXPECT_EQ(record_clock_reading(stats, kStart), 0); // the first reading has nothing to go back from
	EXPECT_EQ(record_clock_reading(stats, kStart + 5), 0);
	EXPECT_EQ(record_clock_reading(stats, kStart + 5), 0); // a clock standing still does not go back
	EXPECT_EQ(record_clock_reading(stats, kStart - 30 * kSecond), 30 * kSecond + 5);
	EXPECT_EQ(record_clock_reading(stats, kStart - 30 * kSecond + 1), 0); // going on from there is no new step
	EXPECT_EQ(record_clock_reading(stats, kStart - 31 * kSecond), kSecond + 1);
	EXPECT_EQ(stats.clock_steps_back, 2u);
	EXPECT_EQ(stats.max_step_back_micros, 30 * kSecond + 5);
	EXPECT_EQ(stats.last_clock, kStart - 31 * kSecond);
}

TEST(GeneratorStats, AnIdLaterThanTheClockIsAheadByTheDifference) {
	GeneratorStats stats;
	EXPECT_EQ(record_id(stats, kStart, kStart), 0);
	EXPECT_EQ(record_id(stats, kStart - 1000, kStart), 0);
	EXPECT_EQ(record_id(stats, kStart + 2500, kStart), 2500);
	EXPECT_EQ(record_id(stats, kStart + 1000, kStart), 1000);
	EXPECT_EQ(stats.ids_generated, 4u);
	EXPECT_EQ(stats.ids_ahead, 2u);
	EXPECT_EQ(stats.max_ahead_micros, 2500);
	EXPECT_EQ(stats.newest_id, kStart + 1000);
}

TEST(GeneratorStats, WaitsCountIdsOnceAndTimeWhole) {
	GeneratorStats stats;
	record_wait(stats, 1000, true);
	record_wait(stats, 1000, false);
	record_wait(stats, 250, true);
	EXPECT_EQ(stats.ids_waited, 2u);
	EXPECT_EQ(stats.wait_micros, 2250);
}

TEST(GeneratorStats, AResetZeroesTheCountersAndKeepsTheClockAndTheNewestId) {
	GeneratorStats stats;
	record_clock_reading(stats, kStart);
	record_clock_reading(stats, kStart - kSecond);
	record_id(stats, kStart + kSecond, kStart - kSecond);
	record_wait(stats, 1000, true);
	due_warnings(stats, warning_thresholds(0, 0, 100, kStart + kSecond), kStart, kSecond, kSecond);
	reset_generator_stats(stats, kStart + 7);
	EXPECT_EQ(stats.ids_generated, 0u);
	EXPECT_EQ(stats.ids_waited, 0u);
	EXPECT_EQ(stats.wait_micros, 0);
	EXPECT_EQ(stats.ids_ahead, 0u);
	EXPECT_EQ(stats.max_ahead_micros, 0);
	EXPECT_EQ(stats.clock_steps_back, 0u);
	EXPECT_EQ(stats.max_step_back_micros, 0);
	EXPECT_EQ(stats.last_ahead_warning, 0);
	EXPECT_EQ(stats.last_step_back_warning, 0);
	EXPECT_EQ(stats.last_epoch_warning, 0);
	EXPECT_EQ(stats.reset_at, kStart + 7);
	EXPECT_EQ(stats.last_clock, kStart - kSecond); // so the next reading's step is measured from it
	EXPECT_EQ(stats.newest_id, kStart + kSecond);
}

TEST(GeneratorWarnings, OnlyPastTheirThresholdAndNeverWhenDisabled) {
	GeneratorStats stats;
	const UnixMicros far_epoch = kStart + 50 * kMicrosPerYear;
	const WarningThresholds thresholds = warning_thresholds(1000, 2000, 10, far_epoch);
	DueWarnings due = due_warnings(stats, thresholds, kStart, kSecond, 2 * kSecond);
	EXPECT_FALSE(due.ahead || due.step_back || due.epoch); // at the thresholds, not past them
	due = due_warnings(stats, thresholds, kStart, kSecond + 1, 2 * kSecond + 1);
	EXPECT_TRUE(due.ahead && due.step_back);
	EXPECT_FALSE(due.epoch);
	// Ten years before the epoch's end, not a microsecond earlier.
	const UnixMicros near_epoch = kStart + 10 * kMicrosPerYear;
	due = due_warnings(stats, warning_thresholds(1000, 2000, 10, near_epoch + 1), kStart, 0, 0);
	EXPECT_FALSE(due.epoch);
	due = due_warnings(stats, warning_thresholds(1000, 2000, 10, near_epoch), kStart, 0, 0);
	EXPECT_TRUE(due.epoch);
	EXPECT_NEAR(years_left(near_epoch, kStart), 10.0, 1e-9);

	GeneratorStats quiet;
	due = due_warnings(quiet, warning_thresholds(-1, -1, 0, kStart), kStart, 3600 * kSecond, 3600 * kSecond);
	EXPECT_FALSE(due.ahead || due.step_back || due.epoch);
	due = due_warnings(quiet, warning_thresholds(0, 0, 0, kStart), kStart, 1, 1);
	EXPECT_TRUE(due.ahead && due.step_back);
}

TEST(GeneratorWarnings, CheckedForIdsAheadOrAfterAStepBackPastTheirThresholdAndOnceASecondForTheEpoch) {
	GeneratorStats stats;
	const WarningThresholds thresholds = clock_warning_thresholds(1, 2);
	EXPECT_TRUE(warnings_to_check(stats, thresholds, kStart, 0, 0)); // the epoch never compared yet
	due_warnings(stats, warning_thresholds(1000, 1000, 10, kStart + 50 * kMicrosPerYear), kStart, 0, 0);
	const UnixMicros now = kStart + kSecond - 1;
	EXPECT_FALSE(warnings_to_check(stats, thresholds, now, 0, 0));
	EXPECT_FALSE(warnings_to_check(stats, thresholds, now, 1000, 2000)); // at the thresholds: a fast UUIDv7's case
	EXPECT_TRUE(warnings_to_check(stats, thresholds, now, 1001, 0));
	EXPECT_TRUE(warnings_to_check(stats, thresholds, now, 0, 2001));
	EXPECT_FALSE(warnings_to_check(stats, clock_warning_thresholds(-1, -1), now, 3600 * kSecond, 3600 * kSecond));
	EXPECT_TRUE(warnings_to_check(stats, thresholds, kStart + kSecond, 0, 0));
	// a clock gone back under the threshold: the epoch compared at once, not once the clock is past the last check
	EXPECT_TRUE(warnings_to_check(stats, thresholds, kStart - 1, 0, 0));
	due_warnings(stats, warning_thresholds(1000, 1000, 10, kStart + 50 * kMicrosPerYear), kStart - 1, 0, 0);
	EXPECT_FALSE(warnings_to_check(stats, thresholds, kStart, 0, 0));
}

TEST(GeneratorWarnings, AtMostOneOfAKindPerIntervalInEitherDirection) {
	GeneratorStats stats;
	const WarningThresholds thresholds = warning_thresholds(0, 0, 0, 0);
	EXPECT_TRUE(due_warnings(stats, thresholds, kStart, 5, 0).ahead);
	EXPECT_FALSE(due_warnings(stats, thresholds, kStart + kGeneratorWarningInterval - 1, 5, 0).ahead);
	EXPECT_TRUE(due_warnings(stats, thresholds, kStart, 0, 5).step_back); // another kind: its own limit
	EXPECT_TRUE(due_warnings(stats, thresholds, kStart + kGeneratorWarningInterval, 5, 0).ahead);
	// A clock set back an hour puts the last warning in the future: one warning now, then the limit again.
	EXPECT_TRUE(due_warnings(stats, thresholds, kStart - 3600 * kSecond, 5, 0).ahead);
	EXPECT_FALSE(due_warnings(stats, thresholds, kStart - 3600 * kSecond + 1, 5, 0).ahead);
}

// A generator whose every step is observed, as generate_from_slot does.
template <typename State> struct ObservedGenerator : testing::FakeClockGenerator<State> {
	GeneratorStats stats;

	template <typename StepFunction> auto observed_run(StepFunction &&step) {
		IdObservation seen;
		return this->run([&](State &state, UnixMicros now) { return observed_step(stats, seen, state, now, step); });
	}
};

TEST(ObservedGenerators, ADistributedIdBulkLoadPastItsBurstWaits) {
	StandingClock clock{kStart};
	auto generator = testing::generator_on<ObservedGenerator<DistributedIdState>>(clock);
	// The largest increment, so each id takes 2^41 of the 2^48 random values: 128 per ms, then the leeway's 1 000 ms.
	const std::uint64_t random_sequence = kDistributedIdIncrementMask;
	std::uint64_t ids_before_the_first_wait = 0;
	for (int i = 0; i < 200000; i++) {
		generator.observed_run([&](DistributedIdState &state, UnixMicros now) {
			return step_distributed_id(state, now, random_sequence);
		});
		if (generator.stats.ids_waited == 0)
			ids_before_the_first_wait++;
	}
	EXPECT_EQ(generator.stats.ids_generated, 200000u);
	EXPECT_GT(ids_before_the_first_wait, 120000u); // the burst: the leeway's second at 128 ids per ms
	EXPECT_LT(ids_before_the_first_wait, 140000u);
	// Past the burst, each ms of waiting lets the next 128 through: about (200 000 - 128 000) / 128 ids waited.
	EXPECT_GT(generator.stats.ids_waited, 500u);
	EXPECT_LT(generator.stats.ids_waited, 650u);
	EXPECT_EQ(generator.stats.wait_micros, clock.now - kStart); // the standing clock moved by the sleeps only
	EXPECT_EQ(generator.stats.wait_micros, static_cast<std::int64_t>(generator.stats.ids_waited) * kMicrosPerMilli);
	EXPECT_EQ(generator.stats.ids_ahead, 0u); // DistributedId waits: its ids never pass the clock
	EXPECT_EQ(generator.stats.clock_steps_back, 0u);
}

TEST(ObservedGenerators, ASnowflakeClockSetBackShowsAsAStepAndIdsAhead) {
	StandingClock clock{kStart};
	auto generator = testing::generator_on<ObservedGenerator<SnowflakeState>>(clock);
	auto next = [&] {
		return generator.observed_run([](SnowflakeState &state, UnixMicros now) {
			return step_snowflake(state, now, kDiscordEpochUnixMillis, 1, 2);
		});
	};
	next();
	EXPECT_EQ(generator.stats.ids_ahead, 0u);
	clock.now -= 30 * kSecond;
	next();
	EXPECT_EQ(generator.stats.clock_steps_back, 1u);
	EXPECT_EQ(generator.stats.max_step_back_micros, 30 * kSecond);
	EXPECT_EQ(generator.stats.ids_ahead, 1u);
	EXPECT_EQ(generator.stats.max_ahead_micros, 30 * kSecond);
	clock.now += 31 * kSecond; // the clock passes the last id again: no id is ahead any more
	next();
	EXPECT_EQ(generator.stats.ids_ahead, 1u);
	EXPECT_EQ(generator.stats.ids_generated, 3u);
	EXPECT_EQ(generator.stats.newest_id, floor_div(clock.now, kMicrosPerMilli) * kMicrosPerMilli);
}

} // namespace
} // namespace identities
