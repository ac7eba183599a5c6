// The reference's own DistributedId128Generator scenarios (Architect.Identities' DistributedId128GeneratorTests),
// replayed on the step function with a fake clock and a counting sleep, and the layout vectors of the spec.
#include "core/distributedid128.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace identities {
namespace {

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr UnixMicros kFixedTime = 1577836800LL * kMicrosPerSecond; // 2020-01-01T00:00:00Z

Uint128 random_sequence() {
	std::uint8_t bytes[16];
	random_bytes(bytes, sizeof bytes);
	return make_distributed_id128_random_sequence(bytes);
}

using testing::clock_sequence;
using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

struct FakeGenerator : testing::FakeClockGenerator<DistributedId128State> {
	Step<Uint128> try_create(Uint128 random) {
		return run(
		    [&](DistributedId128State &state, UnixMicros now) { return step_distributed_id128(state, now, random); });
	}

	Uint128 create(Uint128 random = random_sequence()) {
		const auto result = try_create(random);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
};

Uint128 uint128(std::uint64_t high, std::uint64_t low) { return (static_cast<Uint128>(high) << 64) | low; }

TEST(DistributedId128, ComposesTheReferenceLayout) {
	// test/vectors/distributedid128.tsv: CreateCore(ms since 1700, random sequence) as uuid bytes = big-endian integer.
	for (const testing::VectorRow &row : testing::read_vectors("distributedid128", "compose")) {
		SCOPED_TRACE(testing::where("distributedid128", row));
		const std::uint64_t ms = static_cast<std::uint64_t>(std::stoull(row["ms_since_1700"]));
		const Uint128 random_sequence = testing::uint128_of(row["random_sequence"]);
		const Uint128 id = compose_distributed_id128(ms, random_sequence);
		EXPECT_EQ(testing::uuid_text_of(id), row["id"]);
		EXPECT_EQ(testing::decimal_of(id), row["numeric"]);
		EXPECT_EQ(distributed_id128_timestamp(id), ms);
		EXPECT_EQ(distributed_id128_random_sequence(id), random_sequence);
		EXPECT_EQ(distributed_id128_unix_micros(id), testing::unix_micros_of(row["timestamp"]));
		EXPECT_TRUE(has_distributed_id128_shape(id));
	}
	const Uint128 random = (static_cast<Uint128>(0x5A5) << 64) | 0xF0E1D2C3B4A59687ULL;
	EXPECT_EQ(distributed_id128_random_sequence(compose_distributed_id128(123, random)), random);
	EXPECT_FALSE(has_distributed_id128_shape(1));
	EXPECT_FALSE(has_distributed_id128_shape(uint128(0x094C8DEBB8007000, 0x8000000000000001))); // RFC variant
}

TEST(DistributedId128, RandomSequenceTakesTheTop11BitsOfTheFirstWordAndTheSecondWord) {
	std::uint8_t bytes[16] = {};
	EXPECT_EQ(make_distributed_id128_random_sequence(bytes), 1u); // never zero
	bytes[7] = 0x80;                                              // little-endian: the top bit of the first word
	bytes[8] = 0x01;
	EXPECT_EQ(make_distributed_id128_random_sequence(bytes), uint128(0x400, 1));
	for (auto &byte : bytes)
		byte = 0xFF;
	EXPECT_EQ(make_distributed_id128_random_sequence(bytes), kDistributedId128RandomMax);
	bytes[7] = 0x00; // the low 53 bits of the first word are dropped
	EXPECT_EQ(make_distributed_id128_random_sequence(bytes), uint128(0x7, ~0ULL) & kDistributedId128RandomMax);
}

TEST(DistributedId128, EmbedsMillisecondsSince1700WithoutLeeway) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime + 999});
	const Uint128 id = generator.create();
	EXPECT_EQ(distributed_id128_unix_micros(id), kFixedTime);
	EXPECT_TRUE(has_distributed_id128_shape(id));
}

TEST(DistributedId128, ExhaustedRandomSequenceSleepsUntilTheNextMillisecond) {
	// Reference: random part maxed out, clocks T, T, T+999 us, T+1 ms -> 2 sleeps, id2 > id1.
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime, kFixedTime + 999, kFixedTime + kMs});
	const Uint128 first = generator.create(kDistributedId128RandomMax);
	const Uint128 second = generator.create(kDistributedId128RandomMax);
	EXPECT_GT(second, first);
	EXPECT_EQ(generator.sleeps, 2);
}

TEST(DistributedId128, RewindingClockSleepsUpToASecondThenResets) {
	// Reference: clocks T, T-1 ms, T-999 ms, T-1000 ms -> 2 sleeps, then id2 < id1.
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime - kMs, kFixedTime - 999 * kMs, kFixedTime - 1000 * kMs});
	const Uint128 first = generator.create(kDistributedId128RandomMax);
	const Uint128 second = generator.create(kDistributedId128RandomMax);
	EXPECT_LT(second, first);
	EXPECT_EQ(generator.sleeps, 2);
}

TEST(DistributedId128, WithinOneMillisecondIdsIncreaseByRandomIncrements) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	Uint128 previous = generator.create(1); // a known start at the bottom of the random space
	for (int i = 0; i < 100000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GT(id, previous);
		ASSERT_TRUE(has_distributed_id128_shape(id));
		ASSERT_EQ(distributed_id128_timestamp(id), distributed_id128_timestamp(previous));
		previous = id;
	}
	// 100000 average increments of 2^57 use 38 % of the 2^75 space (the spread is far below 1 %).
	EXPECT_EQ(generator.sleeps, 0);
}

// Each new ms starts from a fresh random sequence, so on average half of the 2^18 average increments fit.
TEST(DistributedId128, SustainedRateIsAbout131072PerMillisecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	Uint128 previous = 0;
	for (int i = 0; i < 4000000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GT(id, previous);
		previous = id;
	}
	EXPECT_GE(generator.sleeps, 15); // 4M / 131072 = 30.5 ms, standard deviation about 3.2: 4.8 of them away
	EXPECT_LE(generator.sleeps, 50);
}

TEST(DistributedId128, DigitCountsAndTopBitsOverTheYears) {
	auto id_at = [](std::int64_t unix_seconds) {
		FakeGenerator generator;
		generator.clock = [unix_seconds] { return unix_seconds * kMicrosPerSecond; };
		return generator.create(kDistributedId128RandomMax);
	};
	const Uint128 max_decimal38 = pow10_u128(38) - 1;
	EXPECT_GE(id_at(1672531200), pow10_u128(37)); // 2023: 38 digits
	EXPECT_LE(id_at(1672531200), max_decimal38);
	EXPECT_LT(id_at(64060588800LL), max_decimal38); // 4000
	const Uint128 year6000 = id_at(127174492800LL);
	EXPECT_EQ(year6000 >> 127, 0u);
	EXPECT_EQ((year6000 >> 63) & 1, 0u);
	EXPECT_GT(id_at(253402300799LL), max_decimal38); // 9999-12-31T23:59:59Z works
}

TEST(DistributedId128, ClockOutsideTheFortyEightBitsIsOutOfRange) {
	DistributedId128State state;
	EXPECT_EQ(step_distributed_id128(state, kDistributedId128EpochUnixMillis * kMs - 1, 1).status,
	          StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_distributed_id128(state, std::numeric_limits<std::int64_t>::max(), 1).status,
	          StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_distributed_id128(state, kDistributedId128EpochUnixMillis * kMs, 1).status, StepStatus::Ready);
}

TEST(DistributedId128, SplitsAndJoinsAsTheReference) {
	// test/vectors/distributedid128.tsv (DistributedId128Tests): UInt128 -> (upper, lower), and the ids it refuses.
	for (const testing::VectorRow &row : testing::read_vectors("distributedid128", "split")) {
		SCOPED_TRACE(testing::where("distributedid128", row));
		const Uint128 id = testing::uint128_of(row["numeric"]);
		EXPECT_EQ(testing::uuid_of(row["id"]), id);
		const DistributedId128Halves halves = split_distributed_id128(id);
		EXPECT_EQ(std::to_string(halves.upper), row["upper"]);
		EXPECT_EQ(std::to_string(halves.lower), row["lower"]);
		EXPECT_EQ(join_distributed_id128(std::stoll(row["upper"]), std::stoll(row["lower"])), id);
	}
	for (const testing::VectorRow &row : testing::read_vectors("distributedid128", "split_invalid")) {
		SCOPED_TRACE(testing::where("distributedid128", row));
		EXPECT_EQ(testing::uuid_of(row["id"]), testing::uint128_of(row["numeric"]));
		EXPECT_EQ(
		    sqlstate(error_code_of([&] { split_distributed_id128(testing::uint128_of(row["numeric"])); })),
		    row["sqlstate"]);
	}
	EXPECT_THROW(join_distributed_id128(-1, 0), Error);
	EXPECT_THROW(join_distributed_id128(0, INT64_MIN), Error);
}

TEST(DistributedId128Boundary, IsTheSmallestIdAtOrAfterTheInstant) {
	const std::uint64_t fixed_timestamp = 1577836800000ULL - kDistributedId128EpochUnixMillis;
	EXPECT_EQ(distributed_id128_boundary(kFixedTime), compose_distributed_id128(fixed_timestamp, 0));
	EXPECT_EQ(distributed_id128_boundary(kFixedTime + 1), compose_distributed_id128(fixed_timestamp + 1, 0));
	EXPECT_EQ(distributed_id128_boundary(kFixedTime - 999), compose_distributed_id128(fixed_timestamp, 0));
	EXPECT_EQ(distributed_id128_boundary(std::numeric_limits<std::int64_t>::min()), compose_distributed_id128(0, 0));
	bool threw = false;
	try {
		distributed_id128_boundary(std::numeric_limits<std::int64_t>::max());
	} catch (const Error &error) {
		threw = error.code() == ErrorCode::DatetimeValueOutOfRange;
	}
	EXPECT_TRUE(threw);
	// Every id generated at an instant sorts at or after that instant's boundary and before the next ms's.
	FakeGenerator generator;
	generator.clock = [] { return kFixedTime + 500; };
	const Uint128 id = generator.create();
	EXPECT_GE(id, distributed_id128_boundary(kFixedTime));
	EXPECT_LT(id, distributed_id128_boundary(kFixedTime + kMs));
}

// distributedid128_generate_at: the instant's millisecond since 1700, the version nibble, the 75 random bits given
// around the zero bit where RFC 9562 puts its variant.
TEST(DistributedId128At, EmbedsTheInstantsMillisecondAndThe75RandomBits) {
	const std::uint64_t fixed_timestamp = 1577836800000ULL - kDistributedId128EpochUnixMillis; // 10098172800000
	const Uint128 random = (Uint128{0xABC} << 63) | 0x123456789ABCDEF0ULL;
	const Uint128 id = distributed_id128_at(kFixedTime + 999, random);
	// python3: uuid.UUID(int=10098172800000 << 80 | 7 << 76 | 0xABC << 64 | 0x123456789ABCDEF0)
	EXPECT_EQ(id, (Uint128{0x092F2A00AC007ABCULL} << 64) | 0x123456789ABCDEF0ULL);
	EXPECT_EQ(distributed_id128_timestamp(id), fixed_timestamp);
	EXPECT_EQ(distributed_id128_random_sequence(id), random);
	EXPECT_EQ(distributed_id128_unix_micros(id), kFixedTime);
	EXPECT_TRUE(has_distributed_id128_shape(id));
	// Bits above the 75 are dropped: they would overwrite the version and the timestamp.
	EXPECT_EQ(distributed_id128_at(kFixedTime, kUint128Max),
	          compose_distributed_id128(fixed_timestamp, kDistributedId128RandomMax));
	EXPECT_EQ(distributed_id128_at(kFixedTime, kUint128Max),
	          (Uint128{0x092F2A00AC007FFFULL} << 64) | (~std::uint64_t{0} >> 1));
	EXPECT_EQ(distributed_id128_at(kFixedTime - 1, 0), compose_distributed_id128(fixed_timestamp - 1, 0));
}

TEST(DistributedId128At, RangeIsThe48BitsOfMillisecondsSince1700) {
	constexpr UnixMicros kFirst = kDistributedId128EpochUnixMillis * kMs; // 1700-01-01 00:00:00+00
	constexpr UnixMicros kLast =                                          // 10619-08-04 05:31:50.655999+00
	    (kDistributedId128EpochUnixMillis + static_cast<std::int64_t>(kDistributedId128MaxTimestamp)) * kMs + 999;
	EXPECT_EQ(distributed_id128_at(kFirst, 1), compose_distributed_id128(0, 1));
	EXPECT_EQ(distributed_id128_at(kLast, 1), compose_distributed_id128(kDistributedId128MaxTimestamp, 1));
	std::string message, detail;
	for (const UnixMicros instant :
	     {kFirst - 1, kLast + 1, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { distributed_id128_at(instant, 1); }, &message, &detail),
		          ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for DistributedId128");
		EXPECT_NE(detail.find("since 1700-01-01"), std::string::npos);
		EXPECT_NE(detail.find("10619-08-04 05:31:50.655+00"), std::string::npos);
	}
}

} // namespace
} // namespace identities
