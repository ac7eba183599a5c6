// ULID: the layout and the text against test/vectors/ulid.tsv, Crockford's base32 in and out, the boundaries, and the
// spec's monotonic generator on a fake clock.
#include "core/error.hpp"
#include "core/ulid.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>

namespace identities {
namespace {

using testing::clock_sequence;
using testing::error_code_of;
using testing::generator_on;
using testing::StandingClock;

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr std::uint64_t kFixedMillis = 1704067200123ULL; // 2024-01-01T00:00:00.123Z
constexpr UnixMicros kFixedTime = static_cast<UnixMicros>(kFixedMillis) * kMs;

TEST(Ulid, ReadsAndWritesTheVectors) {
	for (const testing::VectorRow &row : testing::read_vectors("ulid", "id")) {
		SCOPED_TRACE(testing::where("ulid", row));
		const Uint128 id = parse_ulid(row["ulid"]);
		EXPECT_EQ(id, testing::uuid_of(row["uuid"])); // the same 128 bits
		EXPECT_EQ(format_ulid(id), row["ulid"]);
		EXPECT_EQ(ulid_unix_micros(id), testing::unix_micros_of(row["timestamp"]));
		EXPECT_EQ(compose_ulid(ulid_unix_millis(id), ulid_random(id)), id);
	}
	for (const testing::VectorRow &row : testing::read_vectors("ulid", "input")) {
		SCOPED_TRACE(testing::where("ulid", row));
		EXPECT_EQ(format_ulid(parse_ulid(row["text"])), row["ulid"]);
	}
	for (const testing::VectorRow &row : testing::read_vectors("ulid", "invalid")) {
		SCOPED_TRACE(testing::where("ulid", row));
		const ErrorCode code = error_code_of([&] { parse_ulid(row["text"]); });
		EXPECT_EQ(sqlstate(code), row["sqlstate"]);
	}
	for (const testing::VectorRow &row : testing::read_vectors("ulid", "boundary")) {
		SCOPED_TRACE(testing::where("ulid", row));
		EXPECT_EQ(format_ulid(ulid_boundary(testing::unix_micros_of(row["timestamp"]))), row["ulid"]);
	}
}

TEST(Ulid, TheSpecsExampleHasItsTimeAndRandomness) {
	// The spec's diagram: 01AN4Z07BY | 79KA1307SR9X4MV3, ten characters of time and sixteen of randomness.
	const Uint128 id = parse_ulid("01AN4Z07BY79KA1307SR9X4MV3");
	EXPECT_EQ(format_ulid(compose_ulid(ulid_unix_millis(id), 0)), "01AN4Z07BY0000000000000000");
	EXPECT_EQ(format_ulid(ulid_random(id)), "000000000079KA1307SR9X4MV3");
	EXPECT_EQ(ulid_unix_millis(parse_ulid("01ARYZ6S41TSV4RRFFQ69G5FAV")), 1469918176385u); // ulid/javascript's
}

TEST(UlidText, MessagesNameTheTypeAndTheText) {
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { parse_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAU"); }, &message, &detail),
	          ErrorCode::InvalidTextRepresentation);
	EXPECT_EQ(message, "invalid input syntax for type ulid: \"01ARZ3NDEKTSV4RRFFQ69G5FAU\"");
	EXPECT_EQ(detail, "A ulid is 26 characters of Crockford's base32: the digits and the letters but I, L, O and U, in "
	                  "either case (I and L are read as 1, O as 0).");
	EXPECT_EQ(error_code_of([] { parse_ulid("8ZZZZZZZZZZZZZZZZZZZZZZZZZ"); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "value \"8ZZZZZZZZZZZZZZZZZZZZZZZZZ\" is out of range for type ulid");
	EXPECT_EQ(detail, "A ulid is 128 bits: its first character is from 0 to 7, the largest ulid is "
	                  "7ZZZZZZZZZZZZZZZZZZZZZZZZZ.");
	// A malformed text is malformed before it is too large.
	EXPECT_EQ(error_code_of([] { parse_ulid("8ZZZZZZZZZZZZZZZZZZZZZZZZ"); }), ErrorCode::InvalidTextRepresentation);
}

TEST(UlidText, RefusesEverythingButTheAlphabet) {
	for (const char *text : {"", " 01ARZ3NDEKTSV4RRFFQ69G5FAV", "01ARZ3NDEKTSV4RRFFQ69G5FAV ", "01ARZ3NDEKTSV4RRFFQ69G5FA\n",
	                         "01ARZ3NDEKTSV4RRFFQ69G5FA=", "01ARZ3NDEKTSV4RRFFQ69G5FAu", "01ARZ3NDEKTSV4RRFFQ69G5FA\xc3"}) {
		EXPECT_EQ(error_code_of([&] { parse_ulid(text); }), ErrorCode::InvalidTextRepresentation) << text;
	}
	EXPECT_EQ(error_code_of([] { parse_ulid(std::string_view("01ARZ3NDEKTSV4RRFFQ69G5FA\0", 26)); }),
	          ErrorCode::InvalidTextRepresentation);
	// Every ASCII character: the 32 of the alphabet, their lower case, and i, l, o in either case read; nothing else.
	int read = 0;
	for (int character = 1; character < 256; character++) {
		std::string text = "0000000000000000000000000";
		text += static_cast<char>(character);
		Uint128 value = 0;
		try {
			value = parse_ulid(text);
			read++;
		} catch (const Error &) {
			continue;
		}
		const char upper = static_cast<char>(std::toupper(character));
		const char expected = upper == 'I' || upper == 'L' ? '1' : upper == 'O' ? '0' : upper;
		EXPECT_EQ(format_ulid(value).back(), expected) << character;
	}
	EXPECT_EQ(read, 32 + 22 + 6); // digits and 22 letters, the letters' lower case, and I, L, O, i, l, o
}

TEST(UlidText, RoundTripsAndSortsAsTheIds) {
	std::mt19937_64 random(42);
	Uint128 previous_id = 0;
	std::string previous_text = format_ulid(0);
	for (int i = 0; i < 10000; i++) {
		const Uint128 id = (static_cast<Uint128>(random()) << 64) | random();
		const std::string text = format_ulid(id);
		ASSERT_EQ(text.size(), kUlidTextLength);
		ASSERT_EQ(parse_ulid(text), id);
		ASSERT_EQ(id < previous_id, text < previous_text) << text;
		previous_id = id;
		previous_text = text;
	}
	EXPECT_EQ(format_ulid(kUint128Max), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
}

TEST(UlidBoundary, IsTheSmallestUlidAtOrAfterTheInstant) {
	EXPECT_EQ(ulid_boundary(kFixedTime), compose_ulid(kFixedMillis, 0));
	EXPECT_EQ(ulid_boundary(kFixedTime + 1), compose_ulid(kFixedMillis + 1, 0));
	EXPECT_EQ(ulid_boundary(kFixedTime - 999), compose_ulid(kFixedMillis, 0));
	EXPECT_EQ(ulid_boundary(std::numeric_limits<std::int64_t>::min()), 0u);
	const UnixMicros last = static_cast<UnixMicros>(kUlidMaxUnixMillis) * kMs;
	EXPECT_EQ(ulid_boundary(last), compose_ulid(kUlidMaxUnixMillis, 0));
	std::string message, detail;
	EXPECT_EQ(error_code_of([&] { ulid_boundary(last + 1); }, &message, &detail), ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(message, "timestamp out of range for type ulid");
	EXPECT_EQ(detail, "A ulid embeds Unix milliseconds in 48 bits, up to 10889-08-02 05:31:50.655+00.");
	EXPECT_EQ(error_code_of([] { ulid_boundary(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::DatetimeValueOutOfRange);
	// Whatever the random part, an id of a ms sorts between its boundary and the next's.
	EXPECT_GE(compose_ulid(kFixedMillis, 0), ulid_boundary(kFixedTime));
	EXPECT_LT(compose_ulid(kFixedMillis, kUlidRandomMax), ulid_boundary(kFixedTime + kMs));
}

TEST(UlidAt, EmbedsTheInstantsMillisecondAnd80RandomBits) {
	const Uint128 random80 = (Uint128{0xFFFF1234} << 64) | 0x56789ABCDEF01234ULL;
	const Uint128 id = ulid_at(kFixedTime + 999, random80);
	EXPECT_EQ(ulid_unix_millis(id), kFixedMillis);
	EXPECT_EQ(ulid_random(id), random80 & kUlidRandomMax);
	EXPECT_EQ(ulid_at(kFixedTime - 1, 0), compose_ulid(kFixedMillis - 1, 0));
	EXPECT_EQ(ulid_at(0, 0), 0u);
	const UnixMicros last = static_cast<UnixMicros>(kUlidMaxUnixMillis) * kMs + 999;
	EXPECT_EQ(ulid_at(last, kUint128Max), kUint128Max);
	std::string message, detail;
	for (const UnixMicros instant : {UnixMicros{-1}, last + 1, std::numeric_limits<std::int64_t>::min(),
	                                 std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { ulid_at(instant, 0); }, &message, &detail), ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for type ulid");
		EXPECT_EQ(detail, "A ulid embeds Unix milliseconds in 48 bits, from 1970-01-01 to 10889-08-02 05:31:50.655+00.");
	}
}

// The generator, as the glue drives it: a fake clock, a counting sleep and a seeded PRNG.
struct FakeGenerator : testing::FakeClockGenerator<UlidState> {
	std::mt19937_64 random{20240101};

	Step<Uint128> try_create(Uint128 random80) {
		return run([&](UlidState &state, UnixMicros now) { return step_ulid(state, now, random80); });
	}
	Uint128 create_with(Uint128 random80) {
		const auto result = try_create(random80);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
	Uint128 create() { return create_with((static_cast<Uint128>(random()) << 64) | random()); }
};

TEST(UlidGenerator, ANewMillisecondStartsFromTheRandomBits) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime + 999, kFixedTime + kMs});
	const Uint128 first = generator.create_with(kUint128Max - 5);
	EXPECT_EQ(first, compose_ulid(kFixedMillis, kUlidRandomMax - 5)); // the sub-ms part dropped, 80 bits kept
	const Uint128 second = generator.create_with(5); // afresh, even below the previous part
	EXPECT_EQ(second, compose_ulid(kFixedMillis + 1, 5));
	EXPECT_EQ(generator.sleeps, 0);
}

// The spec's monotonic example: within a millisecond the random part grows by one, with carrying.
TEST(UlidGenerator, WithinAMillisecondTheRandomPartGrowsByOne) {
	FakeGenerator generator;
	const Uint128 start = parse_ulid("01BX5ZZKBKACTAV9WEVGEMMVRY");
	const UnixMicros instant = ulid_unix_micros(start);
	generator.clock = clock_sequence({instant, instant + 1, instant + 500, instant + 999});
	EXPECT_EQ(format_ulid(generator.create_with(ulid_random(start))), "01BX5ZZKBKACTAV9WEVGEMMVRY");
	EXPECT_EQ(format_ulid(generator.create()), "01BX5ZZKBKACTAV9WEVGEMMVRZ");
	EXPECT_EQ(format_ulid(generator.create()), "01BX5ZZKBKACTAV9WEVGEMMVS0");
	EXPECT_EQ(format_ulid(generator.create()), "01BX5ZZKBKACTAV9WEVGEMMVS1");
}

TEST(UlidGenerator, StandingClockGives100000ConsecutiveIdsInOneMillisecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	Uint128 previous = generator.create_with(0);
	for (int i = 0; i < 100000; i++) {
		const Uint128 id = generator.create();
		ASSERT_EQ(id, previous + 1);
		previous = id;
	}
	EXPECT_EQ(ulid_unix_millis(previous), kFixedMillis);
	EXPECT_EQ(generator.sleeps, 0);
}

// Where the spec's generator fails (2^80 - 1 reached), ours waits for the next millisecond.
TEST(UlidGenerator, ExhaustedRandomPartSleepsUntilTheClockPassesTheMillisecond) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime, kFixedTime, kFixedTime + 999, kFixedTime + kMs});
	EXPECT_EQ(format_ulid(generator.create_with(kUlidRandomMax - 1)), "01HK153X3VZZZZZZZZZZZZZZZY");
	EXPECT_EQ(format_ulid(generator.create()), "01HK153X3VZZZZZZZZZZZZZZZZ");
	const Uint128 third = generator.create_with(7);
	EXPECT_EQ(generator.sleeps, 2);
	EXPECT_EQ(third, compose_ulid(kFixedMillis + 1, 7));
}

TEST(UlidGenerator, AClockSetBackKeepsCountingInTheLastMillisecond) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime - 500 * kMs, kFixedTime - 3600000 * kMs});
	const Uint128 first = generator.create_with(123);
	EXPECT_EQ(generator.create(), first + 1);
	EXPECT_EQ(generator.create(), first + 2);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(UlidGenerator, ExhaustedAfterAClockSetBackTakesTheNextMillisecondAtOnce) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime - 2 * kMs});
	const Uint128 first = generator.create_with(kUlidRandomMax);
	const Uint128 second = generator.create_with(9);
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_GT(second, first);
	EXPECT_EQ(second, compose_ulid(kFixedMillis + 1, 9));
}

TEST(UlidGenerator, ClockOutsideTheFortyEightBitsIsOutOfRange) {
	UlidState state;
	EXPECT_EQ(step_ulid(state, -1, 1).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_ulid(state, std::numeric_limits<std::int64_t>::min(), 1).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_ulid(state, static_cast<UnixMicros>(kUlidMaxUnixMillis + 1) * kMs, 1).status,
	          StepStatus::ClockOutOfRange);
	const auto last = step_ulid(state, static_cast<UnixMicros>(kUlidMaxUnixMillis) * kMs + 999, kUlidRandomMax);
	EXPECT_EQ(last.status, StepStatus::Ready);
	EXPECT_EQ(last.id, kUint128Max);
	// The last ulid of all made: a clock set back finds no next millisecond.
	EXPECT_EQ(step_ulid(state, kFixedTime, 1).status, StepStatus::ClockOutOfRange);
}

TEST(UlidGenerator, AFloorMakesTheNextIdStartItsMillisecondAfresh) {
	UlidState state;
	raise_to_floor(state, kFixedTime);
	EXPECT_LT(newest_instant(state), kFixedTime);
	const auto behind = step_ulid(state, kFixedTime - 3600000 * kMs, 42); // a clock behind the floor
	EXPECT_EQ(behind.status, StepStatus::Ready);
	EXPECT_EQ(behind.id, compose_ulid(kFixedMillis, 42));
	raise_to_floor(state, kFixedTime - kMs); // a lower floor changes nothing
	EXPECT_EQ(step_ulid(state, kFixedTime, 0).id, compose_ulid(kFixedMillis, 43));
	UlidState at_clock;
	raise_to_floor(at_clock, kFixedTime);
	EXPECT_EQ(step_ulid(at_clock, kFixedTime, 42).id, compose_ulid(kFixedMillis, 42));
}

TEST(UlidGenerator, GeneratedIdsFallBetweenTheirBoundaries) {
	StandingClock clock{kFixedTime + 500};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	for (int i = 0; i < 1000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GE(id, ulid_boundary(kFixedTime));
		ASSERT_LT(id, ulid_boundary(kFixedTime + kMs));
	}
}

} // namespace
} // namespace identities
