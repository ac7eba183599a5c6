// inDrive iUID: the layout against test/vectors/iuid.tsv, the text input of PostgreSQL's uuid_in plus the shape
// check, and the monotonic-random generator (RFC 9562 6.2, method 2) on a fake clock.
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/iuid.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace identities {
namespace {

using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

constexpr std::int64_t kMs = kMicrosPerMilli;
constexpr std::uint64_t kFixedMillis = 1704067200123ULL; // 2024-01-01T00:00:00.123Z
constexpr UnixMicros kFixedTime = static_cast<UnixMicros>(kFixedMillis) * kMs;

using testing::clock_sequence;

std::string text_of(Uint128 id) {
	std::uint8_t bytes[kIuidSize];
	store_big_endian(id, bytes, kIuidSize);
	return format_uuid(bytes);
}

// test/vectors/iuid.tsv: the fields give the uuid, and the accessors read every one of them back.
TEST(Iuid, ComposesTheHandbookLayout) {
	for (const testing::VectorRow &row : testing::read_vectors("iuid")) {
		SCOPED_TRACE(testing::where("iuid", row));
		const std::int64_t micros = testing::unix_micros_of(row["timestamp"]);
		const auto millis = static_cast<std::uint64_t>(micros / kMs);
		const auto format_version = static_cast<std::uint8_t>(std::stoi(row["format_version"]));
		const auto country = static_cast<std::uint8_t>(std::stoi(row["country"]));
		const auto service_entity = static_cast<std::uint8_t>(std::stoi(row["service_entity"]));
		const auto random = static_cast<std::uint64_t>(std::stoull(row["random"]));
		const Uint128 id = compose_iuid(millis, format_version, country, service_entity, random);
		EXPECT_EQ(text_of(id), row["iuid"]);
		EXPECT_EQ(iuid_unix_micros(id), micros);
		EXPECT_EQ(iuid_format_version(id), format_version);
		EXPECT_EQ(iuid_country(id), country);
		EXPECT_EQ(iuid_service_entity(id), service_entity);
		EXPECT_EQ(iuid_random(id), random);
		EXPECT_TRUE(has_iuid_shape(id));
	}
	// Arguments wider than their fields are cut to them, never spilling into a neighbour.
	EXPECT_EQ(compose_iuid(kIuidMaxUnixMillis + 1, 0x10, 0, 0, kIuidRandomMax + 1), compose_iuid(0, 0, 0, 0, 0));
}

TEST(Iuid, AccessorsReadEveryField) {
	for (int value = 0; value < 256; value++) {
		const Uint128 one =
		    compose_iuid(kFixedMillis, 0, static_cast<std::uint8_t>(value), static_cast<std::uint8_t>(255 - value), 0);
		ASSERT_EQ(iuid_country(one), value);
		ASSERT_EQ(iuid_service_entity(one), 255 - value);
		ASSERT_TRUE(has_iuid_shape(one));
	}
}

// iuid_country_ops compares this byte first: it must be the country's.
TEST(Iuid, CountryByteIsTheCountry) {
	std::uint8_t bytes[kIuidSize];
	store_big_endian(compose_iuid(kIuidMaxUnixMillis, 15, 0xA5, 0xFF, kIuidRandomMax), bytes, kIuidSize);
	EXPECT_EQ(bytes[kIuidCountryByte], 0xA5);
	store_big_endian(compose_iuid(0, 0, 0x5A, 0, 0), bytes, kIuidSize);
	EXPECT_EQ(bytes[kIuidCountryByte], 0x5A);
}

TEST(Iuid, ShapeIsVersion8AndVariant10) {
	EXPECT_TRUE(has_iuid_shape(compose_iuid(kFixedMillis, 0, 42, 7, 1)));
	EXPECT_TRUE(has_iuid_shape(compose_iuid(0, 0, 0, 0, 0)));
	Uint128 id = 0;
	ASSERT_TRUE(parse_uuid_text("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", id)); // RFC 9562 A.6, v7
	EXPECT_FALSE(has_iuid_shape(id));
	ASSERT_TRUE(parse_uuid_text("2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", id)); // RFC 9562 B.1, v8
	EXPECT_TRUE(has_iuid_shape(id));
	ASSERT_TRUE(parse_uuid_text("018cc251-f47b-802a-c1d2-3456789abcde", id)); // variant 110
	EXPECT_FALSE(has_iuid_shape(id));
	ASSERT_TRUE(parse_uuid_text("018cc251-f47b-802a-41d2-3456789abcde", id)); // variant 0
	EXPECT_FALSE(has_iuid_shape(id));
	EXPECT_FALSE(has_iuid_shape(0));
}

TEST(IuidBeforeBoundary, IsTheLargestIuidBelowTheBoundary) {
	const Uint128 boundary = iuid_boundary(kFixedTime);
	const Uint128 before = iuid_before_boundary(boundary);
	EXPECT_TRUE(has_iuid_shape(before)); // one less than the boundary is not: its variant bits read 01
	EXPECT_FALSE(has_iuid_shape(boundary - 1));
	EXPECT_EQ(before, compose_iuid(kFixedMillis - 1, 15, 255, 255, kIuidRandomMax));
	EXPECT_LT(before, boundary);
	EXPECT_GT(before, compose_iuid(kFixedMillis - 1, 15, 255, 255, kIuidRandomMax - 1));
	EXPECT_EQ(text_of(iuid_before_boundary(iuid_boundary(1793491200000LL * kMs))),
	          "01a19467-e7ff-8fff-bfff-ffffffffffff");
}

TEST(IuidBoundary, IsTheSmallestIuidAtOrAfterTheInstant) {
	// python3: 2026-11-01Z is 1793491200000 ms.
	EXPECT_EQ(text_of(iuid_boundary(1793491200000LL * kMs)), "01a19467-e800-8000-8000-000000000000");
	EXPECT_EQ(iuid_boundary(kFixedTime), compose_iuid(kFixedMillis, 0, 0, 0, 0));
	EXPECT_EQ(iuid_boundary(kFixedTime + 1), compose_iuid(kFixedMillis + 1, 0, 0, 0, 0));
	EXPECT_EQ(iuid_boundary(kFixedTime - 999), compose_iuid(kFixedMillis, 0, 0, 0, 0));
	EXPECT_TRUE(has_iuid_shape(iuid_boundary(kFixedTime)));
	EXPECT_EQ(iuid_boundary(0), compose_iuid(0, 0, 0, 0, 0));
	EXPECT_EQ(iuid_boundary(-1), compose_iuid(0, 0, 0, 0, 0));
	EXPECT_EQ(iuid_boundary(std::numeric_limits<std::int64_t>::min()), compose_iuid(0, 0, 0, 0, 0));
	const UnixMicros last = static_cast<UnixMicros>(kIuidMaxUnixMillis) * kMs;
	EXPECT_EQ(iuid_boundary(last), compose_iuid(kIuidMaxUnixMillis, 0, 0, 0, 0));
	EXPECT_EQ(error_code_of([&] { iuid_boundary(last + 1); }), ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(error_code_of([] { iuid_boundary(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::DatetimeValueOutOfRange);
	// Whatever the country, entity and random part, an id of a ms sorts between its boundary and the next's.
	const Uint128 id = compose_iuid(kFixedMillis, 15, 255, 255, kIuidRandomMax);
	EXPECT_GE(id, iuid_boundary(kFixedTime));
	EXPECT_LT(id, iuid_boundary(kFixedTime + kMs));
}

// iuid_generate_at: the instant's millisecond, format version 0, the country, the service entity and 54 random bits.
TEST(IuidAt, EmbedsTheInstantsMillisecondTheArgumentsAnd54RandomBits) {
	// python3: str(uuid.UUID(int=kFixedMillis<<80 | 8<<76 | 0<<72 | 250<<64 | 2<<62 | 7<<54 | rand54))
	const Uint128 id = iuid_at(kFixedTime + 999, 0x123456789ABCDULL, 250, 7);
	EXPECT_EQ(text_of(id), "018cc251-f47b-80fa-81c1-23456789abcd");
	EXPECT_EQ(text_of(iuid_at(kFixedTime, ~std::uint64_t{0}, 250, 7)), "018cc251-f47b-80fa-81ff-ffffffffffff");
	EXPECT_EQ(iuid_unix_micros(id), kFixedTime);
	EXPECT_EQ(iuid_format_version(id), kIuidCurrentFormatVersion);
	EXPECT_EQ(iuid_country(id), 250);
	EXPECT_EQ(iuid_service_entity(id), 7);
	EXPECT_EQ(iuid_random(id), 0x123456789ABCDULL);
	EXPECT_TRUE(has_iuid_shape(id));
	EXPECT_EQ(iuid_at(kFixedTime - 1, 0, 0, 0), compose_iuid(kFixedMillis - 1, 0, 0, 0, 0));
}

TEST(IuidAt, RangeIsThe48BitsOfUnixMilliseconds) {
	EXPECT_EQ(text_of(iuid_at(0, 0, 0, 0)), "00000000-0000-8000-8000-000000000000");
	const UnixMicros last = static_cast<UnixMicros>(kIuidMaxUnixMillis) * kMs + 999; // 10889-08-02 05:31:50.655999
	EXPECT_EQ(text_of(iuid_at(last, ~std::uint64_t{0}, 255, 255)), "ffffffff-ffff-80ff-bfff-ffffffffffff");
	std::string message, detail;
	for (const UnixMicros instant : {UnixMicros{-1}, last + 1, std::numeric_limits<std::int64_t>::min(),
	                                 std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { iuid_at(instant, 0, 0, 0); }, &message, &detail),
		          ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for type iuid");
		EXPECT_EQ(detail,
		          "An iuid embeds Unix milliseconds in 48 bits, from 1970-01-01 to 10889-08-02 05:31:50.655+00.");
	}
}

TEST(Iuid, CountryAndServiceEntityAreBytes) {
	EXPECT_EQ(checked_iuid_country(0), 0);
	EXPECT_EQ(checked_iuid_country(255), 255);
	EXPECT_EQ(checked_iuid_service_entity(0), 0);
	EXPECT_EQ(checked_iuid_service_entity(255), 255);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_iuid_country(300); }, &message, &detail), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "country 300 is out of range for iuid");
	EXPECT_EQ(detail, "The country of an iuid must be from 0 to 255.");
	EXPECT_EQ(error_code_of([] { checked_iuid_country(-1); }, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "country -1 is out of range for iuid");
	EXPECT_EQ(error_code_of([] { checked_iuid_country(256); }), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(error_code_of([] { checked_iuid_country(std::numeric_limits<std::int64_t>::min()); }),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(error_code_of([] { checked_iuid_service_entity(256); }, &message, &detail),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "service_entity 256 is out of range for iuid");
	EXPECT_EQ(detail, "The service_entity of an iuid must be from 0 to 255.");
	EXPECT_EQ(error_code_of([] { checked_iuid_service_entity(-5); }), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(error_code_of([] { checked_iuid_service_entity(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::NumericValueOutOfRange);
}

// PostgreSQL 15 string_to_uuid: optional {}, 32 hex digits, an optional '-' after each group of four.
TEST(IuidText, AcceptsWhatUuidInAccepts) {
	const Uint128 expected = compose_iuid(kFixedMillis, 0, 42, 7, 0x123456789ABCDEULL);
	for (const char *text : {
	         "018cc251-f47b-802a-81d2-3456789abcde",   // canonical
	         "018CC251-F47B-802A-81D2-3456789ABCDE",   // uppercase
	         "018cC251-f47B-802a-81D2-3456789aBcDe",   // mixed case
	         "018cc251f47b802a81d23456789abcde",       // no hyphens
	         "{018cc251-f47b-802a-81d2-3456789abcde}", // braces
	         "{018cc251f47b802a81d23456789abcde}",
	         "018c-c251-f47b-802a-81d2-3456-789a-bcde", // a hyphen after every group of four
	         "018cc251f47b-802a81d23456789a-bcde",      // hyphens anywhere a group of four ends
	         "{018c-c251-f47b-802a-81d2-3456-789a-bcde}",
	     }) {
		Uint128 value = 0;
		EXPECT_TRUE(parse_uuid_text(text, value)) << text;
		EXPECT_EQ(value, expected) << text;
		EXPECT_EQ(parse_iuid(text), expected) << text;
	}
}

TEST(IuidText, RejectsWhatUuidInRejects) {
	for (const char *text : {
	         "",
	         "{}",
	         "-",
	         "018cc251-f47b-802a-81d2-3456789abcd",      // 31 digits
	         "018cc251-f47b-802a-81d2-3456789abcde0",    // 33 digits
	         "018cc251-f47b-802a-81d2-3456789abcde-",    // a hyphen after the last group
	         "-018cc251-f47b-802a-81d2-3456789abcde",    // a leading hyphen
	         "018cc25-1f47b-802a-81d2-3456789abcde",     // a hyphen inside a group of four
	         "018cc2-51f47b-802a-81d2-3456789abcde",     // after an even number of digits that is not a group
	         "018cc251--f47b-802a-81d2-3456789abcde",    // two hyphens
	         "018cc251-f47b-802a-81d2-3456789abcdg",     // not hex
	         " 018cc251-f47b-802a-81d2-3456789abcde",    // no whitespace around
	         "018cc251-f47b-802a-81d2-3456789abcde ",    //
	         "018cc251-f47b-802a-81d2-3456789abcde\n",   //
	         "{018cc251-f47b-802a-81d2-3456789abcde",    // unbalanced braces
	         "018cc251-f47b-802a-81d2-3456789abcde}",    //
	         "{018cc251-f47b-802a-81d2-3456789abcde}}",  //
	         "{{018cc251-f47b-802a-81d2-3456789abcde}}", //
	         "(018cc251-f47b-802a-81d2-3456789abcde)",   // only curly braces
	         "0x018cc251f47b802a81d23456789abcde",       // no prefix
	         "018cc251-f47b-802a-81d2-3456789abcde\xc3\xa9",
	     }) {
		Uint128 value = 0;
		EXPECT_FALSE(parse_uuid_text(text, value)) << text;
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_iuid(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation)
		    << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type iuid: \"") + text + "\"");
		EXPECT_EQ(detail, "");
	}
	// An embedded NUL ends a C string in PostgreSQL; here it is simply not a hex digit.
	Uint128 value = 0;
	EXPECT_FALSE(parse_uuid_text(std::string_view("018cc251-f47b-802a-81d2-3456789abcde\0", 37), value));
	EXPECT_FALSE(parse_uuid_text(std::string_view("018cc251\0f47b-802a-81d2-3456789abcde", 36), value));
}

TEST(IuidText, RejectsAnotherVersionOrVariant) {
	for (const char *text : {
	         "018cc251-f47b-702a-81d2-3456789abcde", // version 7
	         "018cc251-f47b-002a-81d2-3456789abcde", // version 0
	         "018cc251-f47b-f02a-81d2-3456789abcde", // version 15
	         "018cc251-f47b-802a-01d2-3456789abcde", // variant 0
	         "018cc251-f47b-802a-c1d2-3456789abcde", // variant 110 (Microsoft)
	         "018cc251-f47b-802a-e1d2-3456789abcde", // variant 111
	         "00000000-0000-0000-0000-000000000000", // nil
	         "ffffffff-ffff-ffff-ffff-ffffffffffff", // max
	     }) {
		Uint128 value = 0;
		EXPECT_TRUE(parse_uuid_text(text, value)) << text; // a valid uuid ...
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_iuid(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation)
		    << text; // ... but no iuid
		EXPECT_EQ(message, std::string("invalid input syntax for type iuid: \"") + text + "\"");
		EXPECT_EQ(detail, kIuidShapeDetail);
	}
	EXPECT_EQ(parse_iuid("00000000-0000-8000-8000-000000000000"), compose_iuid(0, 0, 0, 0, 0));
	EXPECT_EQ(parse_iuid("ffffffff-ffff-8fff-bfff-ffffffffffff"),
	          compose_iuid(kIuidMaxUnixMillis, 15, 255, 255, kIuidRandomMax));
}

TEST(IuidText, RoundTripsTheCanonicalForm) {
	std::mt19937_64 random(42);
	for (int i = 0; i < 1000; i++) {
		const Uint128 id =
		    compose_iuid(random() & kIuidMaxUnixMillis, static_cast<std::uint8_t>(random() & 0xF),
		                 static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random()), random());
		ASSERT_EQ(parse_iuid(text_of(id)), id);
	}
}

// The generator, as the glue drives it: a fake clock, a counting sleep and, for reproducibility, a seeded PRNG.
struct FakeGenerator : testing::FakeClockGenerator<IuidState> {
	std::mt19937_64 random{20240101};

	Step<Uint128> try_create(std::uint64_t random_bits, std::uint8_t country = 42, std::uint8_t entity = 7) {
		return run(
		    [&](IuidState &state, UnixMicros now) { return step_iuid(state, now, random_bits, country, entity); });
	}

	Uint128 create(std::uint8_t country = 42, std::uint8_t entity = 7) {
		const auto result = try_create(random(), country, entity);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}

	Uint128 create_with(std::uint64_t random_bits) {
		const auto result = try_create(random_bits);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
};

TEST(IuidGenerator, NewMillisecondStartsFromTheLow54RandomBits) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime + 999, kFixedTime + kMs});
	const Uint128 first = generator.create_with(0xFFE3456789ABCDEFULL);
	EXPECT_EQ(first, compose_iuid(kFixedMillis, 0, 42, 7, 0x23456789ABCDEFULL));
	EXPECT_EQ(iuid_unix_millis(first), kFixedMillis); // the sub-ms part is dropped
	EXPECT_EQ(iuid_random(first), 0x23456789ABCDEFULL);
	const Uint128 second = generator.create_with(5); // a new ms starts afresh, even below the previous part
	EXPECT_EQ(second, compose_iuid(kFixedMillis + 1, 0, 42, 7, 5));
	EXPECT_GT(second, first);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(IuidGenerator, WithinAMillisecondTheRandomPartGrowsByOnePlusItsHigh32Bits) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime + 500, kFixedTime + 999});
	EXPECT_EQ(iuid_random(generator.create_with(1000)), 1000u);
	EXPECT_EQ(iuid_random(generator.create_with(0x00000000FFFFFFFFULL)), 1001u); // +1: the low bits do not count
	EXPECT_EQ(iuid_random(generator.create_with(0xFFFFFFFF00000000ULL)), 1001u + (1ULL << 32)); // +2^32
}

TEST(IuidGenerator, StandingClockGives100000StrictlyIncreasingIdsInOneMillisecond) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	Uint128 previous = generator.create_with(0); // a known start: 100000 average increments of 2^31 fit easily
	for (int i = 0; i < 100000; i++) {
		const Uint128 id = generator.create();
		ASSERT_GT(id, previous);
		ASSERT_EQ(iuid_unix_millis(id), kFixedMillis);
		ASSERT_TRUE(has_iuid_shape(id));
		ASSERT_EQ(iuid_country(id), 42);
		ASSERT_EQ(iuid_service_entity(id), 7);
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(IuidGenerator, OneStateServesEveryCountryWithoutRepeatingTheRandomPart) {
	StandingClock clock{kFixedTime};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	std::uint64_t previous_random = iuid_random(generator.create_with(0));
	for (int i = 0; i < 10000; i++) {
		const std::uint8_t country = static_cast<std::uint8_t>(i % 3);
		const std::uint8_t entity = static_cast<std::uint8_t>(i % 5);
		const Uint128 id = generator.create(country, entity);
		ASSERT_EQ(iuid_country(id), country);
		ASSERT_EQ(iuid_service_entity(id), entity);
		ASSERT_GT(iuid_random(id), previous_random); // unique whatever the country and entity
		previous_random = iuid_random(id);
	}
}

TEST(IuidGenerator, ClockBackLessThanASecondKeepsIncreasing) {
	FakeGenerator generator;
	generator.clock =
	    clock_sequence({kFixedTime, kFixedTime - 500 * kMs, kFixedTime - 999 * kMs, kFixedTime - 999 * kMs + 999});
	Uint128 previous = generator.create();
	for (int i = 0; i < 3; i++) {
		const Uint128 id = generator.create();
		EXPECT_GT(id, previous);
		EXPECT_EQ(iuid_unix_millis(id), kFixedMillis); // the previous ms is kept
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(IuidGenerator, ClockBackASecondOrMoreIsNotFollowed) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime - 1000 * kMs, kFixedTime - 3600000 * kMs});
	const Uint128 first = generator.create_with(123);
	const Uint128 second = generator.create_with(5ULL << 32);
	EXPECT_EQ(second, compose_iuid(kFixedMillis, 0, 42, 7, 123 + 6));
	const Uint128 third = generator.create_with(0);
	EXPECT_GT(third, second);
	EXPECT_GT(second, first);
	EXPECT_EQ(generator.state.previous_millis, kFixedMillis);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(IuidGenerator, ExhaustedRandomPartSleepsUntilTheClockPassesTheMillisecond) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime, kFixedTime + 999, kFixedTime + kMs});
	const Uint128 first = generator.create_with(kIuidRandomMax); // no room left for even +1
	const Uint128 second = generator.create_with(kIuidRandomMax);
	EXPECT_EQ(generator.sleeps, 2);
	EXPECT_GT(second, first);
	EXPECT_EQ(second, compose_iuid(kFixedMillis + 1, 0, 42, 7, kIuidRandomMax));
}

TEST(IuidGenerator, ExhaustedAfterAClockBackTakesTheNextMillisecondAtOnce) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime - 2 * kMs});
	const Uint128 first = generator.create_with(kIuidRandomMax - 10);
	const auto second = generator.try_create(~0ULL); // increment 2^32 > 10: no room in the previous ms
	EXPECT_EQ(second.status, StepStatus::Ready);
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_GT(second.id, first);
	EXPECT_EQ(second.id, compose_iuid(kFixedMillis + 1, 0, 42, 7, ~0ULL & kIuidRandomMax));
}

TEST(IuidGenerator, ARandomIncrementThatJustFitsIsTaken) {
	FakeGenerator generator;
	generator.clock = clock_sequence({kFixedTime, kFixedTime});
	generator.create_with(kIuidRandomMax - (1ULL << 32));
	const Uint128 second = generator.create_with(0xFFFFFFFF00000000ULL);
	EXPECT_EQ(iuid_random(second), kIuidRandomMax);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(IuidGenerator, ClockOutsideTheFortyEightBitsIsOutOfRange) {
	IuidState state;
	EXPECT_EQ(step_iuid(state, -1, 1, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_iuid(state, std::numeric_limits<std::int64_t>::min(), 1, 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_iuid(state, static_cast<UnixMicros>(kIuidMaxUnixMillis + 1) * kMs, 1, 0, 0).status,
	          StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_iuid(state, std::numeric_limits<std::int64_t>::max(), 1, 0, 0).status, StepStatus::ClockOutOfRange);
	const auto last = step_iuid(state, static_cast<UnixMicros>(kIuidMaxUnixMillis) * kMs + 999, 1, 0, 0);
	EXPECT_EQ(last.status, StepStatus::Ready);
	EXPECT_EQ(iuid_unix_millis(last.id), kIuidMaxUnixMillis);
	IuidState fresh;
	const auto epoch = step_iuid(fresh, 0, 1, 0, 0);
	EXPECT_EQ(epoch.status, StepStatus::Ready);
	EXPECT_EQ(iuid_unix_millis(epoch.id), 0u);
}

TEST(IuidGenerator, GeneratedIdsFallBetweenTheirBoundaries) {
	StandingClock clock{kFixedTime};
	clock.now = kFixedTime + 500;
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	for (int i = 0; i < 1000; i++) {
		const Uint128 id = generator.create(static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i * 7));
		ASSERT_GE(id, iuid_boundary(kFixedTime));
		ASSERT_LT(id, iuid_boundary(kFixedTime + kMs));
	}
}

} // namespace
} // namespace identities
