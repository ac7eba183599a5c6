// The reference's own DistributedIdGenerator scenarios (Architect.Identities' DistributedIdGeneratorTests),
// replayed on the step function with a fake clock and a counting sleep.
#include "core/distributedid.hpp"
#include "core/error.hpp"
#include "core/random.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace identities {
namespace {

using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr UnixMicros kFixedTime = 1577836800LL * kMicrosPerSecond; // 2020-01-01T00:00:00Z
constexpr std::uint64_t kMaxRandomSequence = kDistributedIdRandomMax;

using testing::clock_sequence;

// A generator as the reference builds one: state, an injected clock and an injected sleep.
struct FakeGenerator : testing::FakeClockGenerator<DistributedIdState> {
	FakeGenerator() {
		sleep = [](std::int64_t) { FAIL() << "unexpected sleep"; };
	}

	Step<Uint128> try_create(std::uint64_t random_sequence) {
		return run([&](DistributedIdState &state, UnixMicros now) {
			return step_distributed_id(state, now, random_sequence);
		});
	}

	Uint128 create(std::uint64_t random_sequence = make_distributed_id_random_sequence(random_u64())) {
		const auto result = try_create(random_sequence);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
};

// Generates the ~128K ids the one-second leeway allows, then forgets the sleeps that took.
void spend_burst_capacity(FakeGenerator &generator) {
	for (int i = 0; i < 128000; i++)
		generator.create();
	generator.sleeps = 0;
}

TEST(DistributedId, AverageRateLimitIs128PerMillisecond) {
	EXPECT_EQ((kDistributedIdRandomMax + 1) / (kDistributedIdIncrementMask + 1), 128u);
}

TEST(DistributedId, ComposesTheReferenceLayout) {
	// test/vectors/distributedid.tsv: CreateCore(ms since 1900, random sequence), its texts and its instant.
	for (const testing::VectorRow &row : testing::read_vectors("distributedid")) {
		SCOPED_TRACE(testing::where("distributedid", row));
		const std::uint64_t ms = static_cast<std::uint64_t>(std::stoull(row["ms_since_1900"]));
		const std::uint64_t random_sequence = static_cast<std::uint64_t>(std::stoull(row["random_sequence"]));
		const Uint128 id = compose_distributed_id(ms, random_sequence);
		EXPECT_EQ(testing::decimal_of(id), row["distributedid"]);
		EXPECT_EQ(parse_distributed_id(row["distributedid"]), id);
		EXPECT_EQ(distributed_id_timestamp(id), ms);
		EXPECT_EQ(distributed_id_random_sequence(id), random_sequence);
		EXPECT_EQ(distributed_id_unix_micros(id), testing::unix_micros_of(row["timestamp"]));
		char text[kHexadecimalDecimalLength];
		to_alphanumeric_decimal(id, text);
		EXPECT_EQ(std::string(text, kAlphanumericDecimalLength), row["alphanumeric"]);
		to_hexadecimal_decimal(id, text);
		EXPECT_EQ(std::string(text, kHexadecimalDecimalLength), row["hexadecimal"]);
	}
}

TEST(DistributedId, EmbedsMillisecondsSince1900MinusOneSecond) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime + 999}); // sub-millisecond part is truncated
	const Uint128 id = generator.create();
	EXPECT_EQ(distributed_id_timestamp(id), 3786825600000ULL - 1000);
	EXPECT_EQ(distributed_id_unix_micros(id), kFixedTime - 1000 * kMs);
}

TEST(DistributedId, RandomSequenceIsNeverZero) {
	EXPECT_EQ(make_distributed_id_random_sequence(0), 1u);
	EXPECT_EQ(make_distributed_id_random_sequence(0xFFFF000000000000ULL), 1u);
	EXPECT_EQ(make_distributed_id_random_sequence(~0ULL), kMaxRandomSequence);
}

TEST(DistributedId, ExhaustedRandomSequenceWithRoomBorrowsTheNextMillisecond) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime});
	const Uint128 first = generator.create();
	generator.state.previous_random_sequence = kMaxRandomSequence;
	const Uint128 second = generator.create();
	EXPECT_GT(second, first);
	EXPECT_EQ(distributed_id_timestamp(second), distributed_id_timestamp(first) + 1);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(DistributedId, ExhaustedRandomSequenceAndTimestampSleepsUntilTheClockAdvances) {
	FakeGenerator generator;
	generator.sleep = [](std::int64_t) {};
	generator.clock =
	    clock_sequence({kFixedTime, kFixedTime - 999 * kMs, kFixedTime - 999 * kMs + 999, kFixedTime - 998 * kMs});
	const Uint128 first = generator.create();
	generator.state.previous_random_sequence = kMaxRandomSequence;
	const Uint128 second = generator.create();
	EXPECT_GT(second, first);
	EXPECT_EQ(generator.sleeps, 2);
}

TEST(DistributedId, RewindingClockSleepsOnceThenResets) {
	FakeGenerator generator;
	generator.sleep = [](std::int64_t) {};
	generator.clock =
	    clock_sequence({kFixedTime, kFixedTime - 998 * kMs, kFixedTime - 1998 * kMs, kFixedTime - 1999 * kMs});
	const Uint128 first = generator.create();
	generator.state.previous_random_sequence = kMaxRandomSequence;
	const Uint128 second = generator.create();
	generator.state.previous_random_sequence = kMaxRandomSequence;
	const Uint128 third = generator.create();
	EXPECT_GT(second, first);
	EXPECT_LT(third, first);
	EXPECT_EQ(generator.sleeps, 1);
}

TEST(DistributedId, Year3000WorksAndYear4000Overflows) {
	FakeGenerator generator;
	generator.clock = [] { return 32503680000LL * kMicrosPerSecond; }; // 3000-01-01
	EXPECT_LT(generator.create(), kDistributedIdMax);

	FakeGenerator overflowing;
	overflowing.clock = [] { return 64060588800LL * kMicrosPerSecond; }; // 4000-01-01
	EXPECT_EQ(overflowing.try_create(1).status, StepStatus::ClockOutOfRange);
}

TEST(DistributedId, ClockBefore1900IsOutOfRange) {
	DistributedIdState state;
	EXPECT_EQ(step_distributed_id(state, -2208988800LL * kMicrosPerSecond + 999 * kMs, 1).status,
	          StepStatus::ClockOutOfRange);
}

TEST(DistributedId, BurstOf100000IdsDoesNotSleep) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	Uint128 previous = 0;
	for (int i = 0; i < 100000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GT(id, previous);
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(DistributedId, SustainedRateIsAbout128PerMillisecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	spend_burst_capacity(generator);
	for (int i = 0; i < 1000000; i++)
		generator.create();
	const int rate = 1000000 / generator.sleeps;
	EXPECT_GT(rate, 100);
	EXPECT_LT(rate, 150);
}

TEST(DistributedId, BurstCapacityRecoversFullyAfterOneSecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	spend_burst_capacity(generator);
	clock.now += kMicrosPerSecond;
	for (int i = 0; i < 100000; i++)
		generator.create();
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(DistributedId, BurstCapacityIsHalfRecoveredAfterHalfASecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	spend_burst_capacity(generator);
	clock.now += kMicrosPerSecond / 2;
	for (int i = 0; i < 128000; i++)
		generator.create();
	EXPECT_GT(generator.sleeps, 400);
	EXPECT_LT(generator.sleeps, 600);
}

TEST(DistributedId, IdsIncreaseBeyondTheRateLimitWithATickingClock) {
	UnixMicros now = kFixedTime;
	FakeGenerator generator;
	generator.clock = [&now] { return ++now; };
	generator.sleep = [&now](std::int64_t) { now += kMs; };
	Uint128 previous = 0;
	for (int i = 0; i < 1000000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GT(id, previous);
		previous = id;
	}
}

TEST(DistributedId, WithinTheRateLimitOneMillisecondKeepsItsTimestampAndIncreases) {
	// As the reference: half the average rate fits in one ms, except with tiny probability; retry a few times.
	for (int attempt = 0; attempt < 20; attempt++) {
		StandingClock clock{kFixedTime};
		clock.now += attempt * kMicrosPerSecond;
		FakeGenerator generator = generator_on<FakeGenerator>(clock);
		std::vector<Uint128> ids;
		for (int i = 0; i < 64; i++)
			ids.push_back(generator.create());
		if (generator.sleeps != 0 || distributed_id_timestamp(ids.front()) != distributed_id_timestamp(ids.back()))
			continue;
		for (std::size_t i = 1; i < ids.size(); i++)
			EXPECT_GT(distributed_id_random_sequence(ids[i]), distributed_id_random_sequence(ids[i - 1]));
		return;
	}
	FAIL() << "every attempt left the millisecond";
}

TEST(DistributedId, NewMillisecondsStartFromFreshRandomSequences) {
	UnixMicros now = kFixedTime;
	FakeGenerator generator;
	generator.clock = [&now] { return now += kMs; };
	std::vector<std::uint64_t> sequences;
	for (int i = 0; i < 100; i++)
		sequences.push_back(distributed_id_random_sequence(generator.create()));
	int equal = 0, increasing = 0;
	for (std::size_t i = 1; i < sequences.size(); i++) {
		equal += sequences[i] == sequences[i - 1];
		increasing += sequences[i] > sequences[i - 1];
	}
	EXPECT_EQ(equal, 0);
	EXPECT_LT(increasing, 95);
}

TEST(DistributedIdText, ParsesAndFormatsDecimal) {
	EXPECT_EQ(parse_distributed_id("0"), 0u);
	EXPECT_EQ(parse_distributed_id(" \t42\n"), 42u);
	EXPECT_EQ(parse_distributed_id("000000000000000000000000000000000001"), 1u);
	EXPECT_EQ(parse_distributed_id("9999999999999999999999999999"), kDistributedIdMax);
	char text[kDecimalBufferSize];
	EXPECT_EQ(format_decimal(kDistributedIdMax, text), 28u);
	EXPECT_STREQ(text, "9999999999999999999999999999");
	format_decimal(0, text);
	EXPECT_STREQ(text, "0");
	format_decimal(kUint128Max, text);
	EXPECT_STREQ(text, "340282366920938463463374607431768211455");
}

TEST(DistributedIdText, RejectsMalformedAndOutOfRangeText) {
	for (const char *text : {"", " ", "abc", "+1", "-1", "1 2", "1.0", "0x10", "1e5", "12a", "٣"})
		EXPECT_EQ(error_code_of([&] { parse_distributed_id(text); }), ErrorCode::InvalidTextRepresentation) << text;
	for (const char *text : {"10000000000000000000000000000", "99999999999999999999999999999999999999999999"})
		EXPECT_EQ(error_code_of([&] { parse_distributed_id(text); }), ErrorCode::NumericValueOutOfRange) << text;
	EXPECT_EQ(error_code_of([] { parse_distributed_id("99999999999999999999999999999x"); }),
	          ErrorCode::InvalidTextRepresentation);
}

TEST(DistributedIdText, AcceptsIntegralNumericsOnly) {
	EXPECT_EQ(parse_distributed_id_numeric("123"), 123u);
	EXPECT_EQ(parse_distributed_id_numeric("123.000"), 123u);
	EXPECT_EQ(parse_distributed_id_numeric("9999999999999999999999999999"), kDistributedIdMax);
	for (const char *text : {"1.5", "-1", "NaN", "Infinity", "-Infinity", "10000000000000000000000000000", "0.001"})
		EXPECT_EQ(error_code_of([&] { parse_distributed_id_numeric(text); }), ErrorCode::NumericValueOutOfRange)
		    << text;
}

TEST(DistributedIdBoundary, IsTheSmallestIdAtOrAfterTheInstant) {
	const Uint128 boundary = distributed_id_boundary(kFixedTime);
	EXPECT_EQ(boundary, compose_distributed_id(3786825600000ULL, 0));
	EXPECT_EQ(distributed_id_boundary(kFixedTime + 1), compose_distributed_id(3786825600001ULL, 0));
	EXPECT_EQ(distributed_id_boundary(kFixedTime - 999), boundary);
	EXPECT_EQ(distributed_id_boundary(-2208988800LL * kMicrosPerSecond), 0u);
	EXPECT_EQ(distributed_id_boundary(std::numeric_limits<std::int64_t>::min()), 0u);
	EXPECT_EQ(error_code_of([] { distributed_id_boundary(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_LE(distributed_id_boundary(33318147988005LL * kMs), kDistributedIdMax); // the last instant
	EXPECT_EQ(error_code_of([] { distributed_id_boundary(33318147988005LL * kMs + 1); }),
	          ErrorCode::DatetimeValueOutOfRange);
}

// distributedid_generate_at: the instant's own millisecond since 1900 (no leeway) above the 48 random bits given.
TEST(DistributedIdAt, EmbedsTheInstantsMillisecondAboveThe48RandomBits) {
	const Uint128 id = distributed_id_at(kFixedTime + 999, 0xFFFF123456789ABCULL); // bits above 48 are dropped
	EXPECT_EQ(id, (Uint128{3786825600000ULL} << 48) | 0x123456789ABCULL);
	EXPECT_EQ(distributed_id_timestamp(id), 3786825600000ULL);
	EXPECT_EQ(distributed_id_random_sequence(id), 0x123456789ABCULL);
	EXPECT_EQ(distributed_id_unix_micros(id), kFixedTime); // not a second before, as the generator's
	EXPECT_EQ(distributed_id_at(kFixedTime + kMs, 0), compose_distributed_id(3786825600001ULL, 0));
	EXPECT_EQ(distributed_id_at(kFixedTime - 1, kMaxRandomSequence),
	          compose_distributed_id(3786825599999ULL, kMaxRandomSequence));
	// Any random part sorts between the instant's boundary and the next millisecond's.
	EXPECT_GE(distributed_id_at(kFixedTime, 0), distributed_id_boundary(kFixedTime));
	EXPECT_LT(distributed_id_at(kFixedTime + 999, kMaxRandomSequence), distributed_id_boundary(kFixedTime + 1));
}

TEST(DistributedIdAt, RangeIsThe45BitsOfMillisecondsSince1900) {
	constexpr UnixMicros kFirst = -2208988800LL * kMicrosPerSecond; // 1900-01-01 00:00:00+00
	constexpr UnixMicros kLast = 32975383288831LL * kMs + 999;      // 3014-12-13 12:41:28.831999+00
	EXPECT_EQ(distributed_id_at(kFirst, 5), compose_distributed_id(0, 5));
	EXPECT_EQ(distributed_id_at(kLast, kMaxRandomSequence),
	          compose_distributed_id((std::uint64_t{1} << 45) - 1, kMaxRandomSequence));
	EXPECT_EQ(distributed_id_at(kLast, kMaxRandomSequence) >> 93, 0u); // the 3 zero bits stay zero
	std::string message, detail;
	for (const UnixMicros instant :
	     {kFirst - 1, kLast + 1, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { distributed_id_at(instant, 1); }, &message, &detail),
		          ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for type distributedid");
		EXPECT_NE(detail.find("from 1900-01-01 00:00:00+00 to 3014-12-13 12:41:28.831+00"), std::string::npos);
	}
}

TEST(DistributedIdBytes, RoundTripsBigEndian) {
	std::uint8_t bytes[kDistributedIdSize];
	store_distributed_id(parse_distributed_id("1065896647567317033105227776"), bytes);
	const std::uint8_t expected[kDistributedIdSize] = {0x03, 0x71, 0xB0, 0x65, 0x0C, 0x00,
	                                                   0x01, 0x00, 0x00, 0x00, 0x00, 0x00};
	EXPECT_EQ(0, memcmp(bytes, expected, sizeof bytes));
	EXPECT_EQ(load_distributed_id(bytes), parse_distributed_id("1065896647567317033105227776"));
}

TEST(BigEndian, StoresEveryLengthLikeTheByteLoop) {
	const Uint128 value = (static_cast<Uint128>(0x0102030405060708ULL) << 64) | 0x090A0B0C0D0E0F10ULL;
	for (std::size_t length = 1; length <= 16; length++) {
		std::uint8_t bytes[16] = {};
		store_big_endian(value, bytes, length);
		for (std::size_t i = 0; i < length; i++)
			EXPECT_EQ(bytes[i], 16 - length + i + 1) << "length " << length << ", byte " << i;
		EXPECT_EQ(load_big_endian(bytes, length),
		          length == 16 ? value : value & ((static_cast<Uint128>(1) << (8 * length)) - 1));
	}
}

} // namespace
} // namespace identities
