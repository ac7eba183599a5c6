// SIQ: the layout and the known answers of test/vectors/siq.tsv (SUOU's repository vectors and hand vectors computed
// with python3), the qualifier table and tail decoding, the text, uuid and binary forms with their errors, and the
// generator's intended semantics (A.6, F.2) on a fake clock.
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/siq.hpp"
#include "fake_clock.hpp"

#include "errors.hpp"
#include "vectors.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace identities {
namespace {

using testing::generator_on;
using testing::StandingClock;

using testing::error_code_of;

constexpr std::int64_t kSecond = kMicrosPerSecond;

// A.10: SUOU's tests, whose naive datetime(2020, 1, 1) is midnight in Europe/Rome, 2019-12-31T23:00:00Z.
constexpr std::int64_t kRepoSeconds = 1577833200;
constexpr std::int64_t kRepoNextSeconds = 1609455600; // datetime(2021, 1, 1) in Europe/Rome
constexpr std::int64_t kUtcSeconds = 1577836800;      // 2020-01-01T00:00:00Z

Uint128 u128(std::string_view digits) {
	Uint128 value = 0;
	EXPECT_EQ(parse_decimal(digits, kUint128Max, value), ParseStatus::Ok) << digits;
	return value;
}

const Uint128 kI1 = u128("7451106619238957490390643507207"); // 0x5e0bd2f0000000000000000007
const Uint128 kI17 = u128("7600439181106854559196223897735");
const Uint128 kUtcI1 = u128("7451123619758295821113412812807");
// python3: 2024-01-01T00:00:00.123456Z, shard 5, example.com, user serial 3.
const Uint128 kFull = u128("8047229830420471775657810395232"); // 0x659200801f9a0586ce19470060
constexpr UnixMicros kFullTime = 1704067200123456;

std::string hex_of(Uint128 id) {
	char text[kSiqHexLength + 1];
	format_siq_hex(id, text);
	return text;
}

std::string uuid_text(Uint128 uuid) {
	std::uint8_t bytes[16];
	store_big_endian(uuid, bytes, 16);
	return format_uuid(bytes);
}

Uint128 uuid_value(std::string_view text) {
	Uint128 value = 0;
	for (const char c : text)
		if (c != '-')
			value = (value << 4) | static_cast<unsigned>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	return value;
}

const SiqQualifier &content() { return siq_qualifier("content"); }
const SiqQualifier &user() { return siq_qualifier("user"); }

TEST(Siq, ComposesTheRepositoryVectors) {
	EXPECT_EQ(compose_siq(std::uint64_t{kRepoSeconds} << 16, 0, 0, 7), kI1);
	// i17 continues at serial 16 only because SUOU's test helper sets now == last_gen_ts (A.10).
	EXPECT_EQ(compose_siq(std::uint64_t{kRepoNextSeconds} << 16, 0, 0, siq_tail(16, content())), kI17);
	EXPECT_EQ(compose_siq(std::uint64_t{kUtcSeconds} << 16, 0, 0, 7), kUtcI1);
	EXPECT_EQ(compose_siq(0x659200801F9AULL, 5, 2261653831U, siq_tail(3, user())), kFull);
	EXPECT_EQ(compose_siq(kSiqMaxTs56, 255, 0xFFFFFFFF, 0xFFFF), kSiqMax);
	EXPECT_EQ(compose_siq(0, 0, 0, 0), 0);
	EXPECT_EQ(compose_siq(kSiqMaxTs56 + 1, 0, 0, 0), 0); // a timestamp past 56 bits is cut, never spilling over
}

// siq_shard_ops compares this byte first: it must be the shard's.
TEST(Siq, ShardByteIsTheShard) {
	std::uint8_t bytes[kSiqSize];
	store_big_endian(compose_siq(kSiqMaxTs56, 0xA5, 0xFFFFFFFF, 0xFFFF), bytes, kSiqSize);
	EXPECT_EQ(bytes[kSiqShardByte], 0xA5);
	store_big_endian(compose_siq(0, 0x5A, 0, 0), bytes, kSiqSize);
	EXPECT_EQ(bytes[kSiqShardByte], 0x5A);
}

// test/vectors/siq.tsv: the fields of each id, its instant rounded down to the microsecond.
TEST(Siq, AccessorsReadEveryField) {
	for (const testing::VectorRow &row : testing::read_vectors("siq", "fields")) {
		SCOPED_TRACE(testing::where("siq", row));
		const Uint128 id = parse_siq(row["siq"]);
		EXPECT_EQ(hex_of(id), row["siq"]);
		EXPECT_EQ(siq_unix_micros(id), testing::unix_micros_of(row["timestamp"]));
		EXPECT_EQ(std::to_string(siq_shard(id)), row["shard"]);
		EXPECT_EQ(std::to_string(siq_domain_hash(id)), row["domain_hash"]);
		const SiqTailParts tail = decode_siq_tail(siq_tail(id));
		ASSERT_NE(tail.qualifier, nullptr);
		EXPECT_EQ(tail.qualifier->name, row["qualifier"]);
		EXPECT_EQ(std::to_string(tail.serial), row["serial"]);
	}
	EXPECT_EQ(siq_ts56(kFull), 0x659200801F9AULL);
	EXPECT_EQ(siq_tail(kFull), 0x60);
	EXPECT_EQ(siq_ts56(kI1), std::uint64_t{kRepoSeconds} << 16);
	EXPECT_EQ(siq_tail(kI1), 7);
	// SUOU's domain_name() reduces mod 2^32-1 and reads this hash as 0; all 32 bits count here.
	const Uint128 all_ones = compose_siq(1, 2, 0xFFFFFFFF, 3);
	EXPECT_EQ(siq_domain_hash(all_ones), 0xFFFFFFFFU);
	EXPECT_EQ(siq_shard(all_ones), 2);
	EXPECT_EQ(siq_tail(all_ones), 3);
	EXPECT_EQ(siq_ts56(all_ones), 1U);
	EXPECT_EQ(siq_ts56(kSiqMax), kSiqMaxTs56);
	EXPECT_EQ(siq_tail(kSiqMax), 0xFFFF);
}

// A.2: the fraction is proportional, floor(ms * 65536 / 1000), and the code path is integer-exact.
TEST(SiqTimestamp, MillisecondsToFractionTable) {
	const std::map<int, std::uint16_t> table = {{0, 0x0000}, {1, 0x0041}, {123, 0x1F7C}, {500, 0x8000}, {999, 0xFFBE}};
	for (const auto &[millis, fraction] : table) {
		const std::uint64_t ts56 = siq_ts56_from_unix_micros(kUtcSeconds * kSecond + millis * kMicrosPerMilli);
		EXPECT_EQ(ts56 & 0xFFFF, fraction) << millis;
		EXPECT_EQ(ts56 >> 16, static_cast<std::uint64_t>(kUtcSeconds)) << millis;
	}
	// Consecutive ms differ by 65 or 66 ticks: 6 bits below the ms stay free ("precision control").
	for (int millis = 1; millis < 1000; millis++) {
		const auto previous = siq_ts56_from_unix_micros((millis - 1) * kMicrosPerMilli);
		const auto current = siq_ts56_from_unix_micros(millis * kMicrosPerMilli);
		ASSERT_TRUE(current - previous == 65 || current - previous == 66) << millis;
	}
}

TEST(SiqTimestamp, ExtractionRoundsDown) {
	EXPECT_EQ(siq_unix_micros(kI1), kRepoSeconds * kSecond);
	EXPECT_EQ(siq_unix_micros(kUtcI1), kUtcSeconds * kSecond);
	EXPECT_EQ(siq_unix_micros(kFull), 1704067200123443);     // 8090 ticks = 123443.48 us: the round trip loses 13 us
	EXPECT_EQ(siq_unix_micros(compose_siq(1, 0, 0, 0)), 15); // one tick is 15.26 us
	// A worst round trip: 887892139.676477188 s is 58188899265837608.99 ticks, which extract to 16 us before it.
	EXPECT_EQ(siq_unix_micros(compose_siq(siq_ts56_from_unix_micros(887892139676477188), 0, 0, 0)), 887892139676477172);
	EXPECT_EQ(siq_unix_micros(compose_siq(0xFFFF, 0, 0, 0)), 999984);
	EXPECT_EQ(siq_unix_micros(kSiqMax), 1099511627775999984LL); // 36812-02-20 00:36:15.999984Z
	std::mt19937_64 random(7);
	for (int i = 0; i < 100000; i++) {
		const UnixMicros instant =
		    static_cast<UnixMicros>(random() % (std::uint64_t{1} << 40) * kSecond + random() % kSecond);
		const std::uint64_t ts56 = siq_ts56_from_unix_micros(instant);
		ASSERT_EQ(ts56, static_cast<std::uint64_t>((static_cast<Uint128>(instant) << 16) / kSecond));
		const UnixMicros back = siq_unix_micros(compose_siq(ts56, 0, 0, 0));
		ASSERT_LE(back, instant);
		// Within one tick (15.26 us) plus the second floor: up to 16 us, not A.2's "0..15 us".
		ASSERT_GE(back, instant - 16);
	}
}

TEST(SiqTimestamp, RangeIsUnixSecondsInFortyBits) {
	EXPECT_EQ(siq_ts56_from_unix_micros(0), 0U);
	EXPECT_EQ(siq_ts56_from_unix_micros((std::int64_t{1} << 40) * kSecond - 1), kSiqMaxTs56);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { siq_ts56_from_unix_micros(-1); }, &message, &detail),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(message, "timestamp out of range for type siq");
	EXPECT_NE(detail.find("36812-02-20"), std::string::npos);
	EXPECT_EQ(error_code_of([] { siq_ts56_from_unix_micros((std::int64_t{1} << 40) * kSecond); }),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(error_code_of([] { siq_ts56_from_unix_micros(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(error_code_of([] { siq_ts56_from_unix_micros(std::numeric_limits<std::int64_t>::min()); }),
	          ErrorCode::DatetimeValueOutOfRange);
}

TEST(SiqBoundary, IsTheSmallestSiqAtOrAfterTheInstant) {
	// 123456 us = 8090.8 ticks: rounded up to 8091, whose extracted time is 123458 us.
	EXPECT_EQ(siq_boundary(kFullTime), compose_siq(0x659200801F9BULL, 0, 0, 0));
	EXPECT_EQ(siq_unix_micros(siq_boundary(kFullTime)), 1704067200123458);
	EXPECT_LT(kFull, siq_boundary(kFullTime)); // generated at that instant, it extracts to 13 us before it
	EXPECT_EQ(siq_boundary(kUtcSeconds * kSecond), compose_siq(std::uint64_t{kUtcSeconds} << 16, 0, 0, 0));
	EXPECT_LT(siq_boundary(kUtcSeconds * kSecond), kUtcI1);
	EXPECT_EQ(siq_boundary(kUtcSeconds * kSecond + 999999), compose_siq(std::uint64_t{kUtcSeconds + 1} << 16, 0, 0, 0));
	EXPECT_EQ(siq_boundary(1), compose_siq(1, 0, 0, 0));
	EXPECT_EQ(siq_boundary(0), 0);
	EXPECT_EQ(siq_boundary(-1), 0);
	EXPECT_EQ(siq_boundary(std::numeric_limits<std::int64_t>::min()), 0);
	EXPECT_EQ(siq_boundary(siq_unix_micros(kSiqMax)), compose_siq(kSiqMaxTs56, 0, 0, 0));
	EXPECT_EQ(error_code_of([] { siq_boundary(siq_unix_micros(kSiqMax) + 1); }), ErrorCode::DatetimeValueOutOfRange);
	EXPECT_EQ(error_code_of([] { siq_boundary(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::DatetimeValueOutOfRange);
	// id >= siq_boundary(t) exactly when siq_unix_micros(id) >= t: what range partitions and scans rely on.
	std::mt19937_64 random(11);
	for (int i = 0; i < 100000; i++) {
		const UnixMicros instant =
		    static_cast<UnixMicros>(random() % ((std::uint64_t{1} << 40) - 1) * kSecond + random() % kSecond) + 1;
		const Uint128 boundary = siq_boundary(instant);
		ASSERT_EQ(boundary & ((static_cast<Uint128>(1) << 56) - 1), 0);
		ASSERT_GE(siq_unix_micros(boundary), instant);
		ASSERT_LT(siq_unix_micros(boundary - 1), instant); // the largest siq of the tick before
	}
}

// siq_generate_at: the instant's tick rounded down, the shard, the domain hash, the caller's serial and the qualifier.
TEST(SiqAt, EmbedsTheInstantsTickAndTheFields) {
	// python3's vector: 2024-01-01T00:00:00.123456Z (8090.8 ticks: 8090), shard 5, example.com, user serial 3.
	EXPECT_EQ(siq_at(kFullTime, 3, user(), 5, siq_domain_hash("example.com")), kFull);
	const Uint128 id = siq_at(kUtcSeconds * kSecond + 500000, 2047, user(), 200, 0xDEADBEEF);
	EXPECT_EQ(id, (Uint128{(std::uint64_t{kUtcSeconds} << 16) | 0x8000} << 56) | (Uint128{200} << 48) |
	                  (Uint128{0xDEADBEEF} << 16) | (2047 << 5) | 0); // user is 100000: its 5 bits are 00000
	EXPECT_EQ(siq_unix_micros(id), kUtcSeconds * kSecond + 500000);
	EXPECT_EQ(siq_shard(id), 200);
	EXPECT_EQ(siq_domain_hash(id), 0xDEADBEEFU);
	const SiqTailParts parts = decode_siq_tail(siq_tail(id));
	EXPECT_EQ(parts.serial, 2047);
	EXPECT_EQ(parts.qualifier, &user());
	const SiqTailParts content_parts = decode_siq_tail(siq_tail(siq_at(kFullTime, 8191, content(), 0, 0)));
	EXPECT_EQ(content_parts.serial, 8191);
	EXPECT_EQ(content_parts.qualifier, &content());
	// Rounded down as the generator rounds: 15 us is tick 0 (0.98 of a tick), 16 us tick 1, 999999 us tick 65535.
	for (const auto &[micros, tick] : {std::pair{0, 0u}, {15, 0u}, {16, 1u}, {500000, 32768u}, {999999, 65535u}})
		EXPECT_EQ(siq_ts56(siq_at(kUtcSeconds * kSecond + micros, 0, user(), 0, 0)),
		          (std::uint64_t{kUtcSeconds} << 16) | tick)
		    << micros;
	SiqState state;
	EXPECT_EQ(step_siq(state, kFullTime, user(), 5, 7).id, siq_at(kFullTime, 0, user(), 5, 7));
}

TEST(SiqAt, RangeIsFrom1970Through40BitsOfSeconds) {
	EXPECT_EQ(siq_at(0, 0, user(), 0, 0), compose_siq(0, 0, 0, 0));
	const UnixMicros last = (std::int64_t{1} << 40) * kSecond - 1; // 36812-02-20 00:36:15.999999+00
	EXPECT_EQ(siq_ts56(siq_at(last, 0, user(), 0, 0)), kSiqMaxTs56);
	std::string message, detail;
	for (const UnixMicros instant : {UnixMicros{-1}, last + 1, std::numeric_limits<std::int64_t>::min(),
	                                 std::numeric_limits<std::int64_t>::max()}) {
		EXPECT_EQ(error_code_of([&] { siq_at(instant, 0, user(), 0, 0); }, &message, &detail),
		          ErrorCode::DatetimeValueOutOfRange)
		    << instant;
		EXPECT_EQ(message, "timestamp out of range for type siq");
		EXPECT_NE(detail.find("36812-02-20"), std::string::npos);
	}
}

TEST(SiqAt, SerialArgumentIsUpToTheQualifiersMaximum) {
	for (const SiqQualifier &qualifier : kSiqQualifiers) {
		const std::uint16_t max = siq_max_serial(qualifier); // 2047, 4095 or 8191 by its width
		EXPECT_EQ(max, (1U << (16 - qualifier.width)) - 1) << qualifier.name;
		EXPECT_EQ(checked_siq_serial(0, qualifier), 0) << qualifier.name;
		EXPECT_EQ(checked_siq_serial(max, qualifier), max) << qualifier.name;
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { checked_siq_serial(max + 1, qualifier); }, &message, &detail),
		          ErrorCode::NumericValueOutOfRange)
		    << qualifier.name;
		EXPECT_EQ(message, "serial " + std::to_string(max + 1) + " is out of range for siq qualifier \"" +
		                       qualifier.name + "\"");
		EXPECT_EQ(detail, "The serial of a siq of qualifier " + std::string(qualifier.name) + " must be from 0 to " +
		                      std::to_string(max) + ".");
		for (const std::int64_t bad :
		     {std::int64_t{-1}, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()})
			EXPECT_EQ(error_code_of([&] { checked_siq_serial(bad, qualifier); }), ErrorCode::NumericValueOutOfRange)
			    << qualifier.name << " " << bad;
	}
	EXPECT_EQ(siq_max_serial(user()), 2047);
	EXPECT_EQ(siq_max_serial(siq_qualifier("message")), 4095);
	EXPECT_EQ(siq_max_serial(content()), 8191);
}

// A.5: every assigned qualifier, with its value, width and serial space.
TEST(SiqQualifiers, TableOfTheFifteenNames) {
	struct Expected {
		const char *name;
		std::uint8_t value;
		int width;
		std::uint16_t max_serial;
	};
	const Expected expected[] = {
	    {"user", 32, 5, 2047},       {"application", 48, 5, 2047}, {"event", 40, 5, 2047},   {"product", 56, 5, 2047},
	    {"group", 36, 5, 2047},      {"collection", 52, 5, 2047},  {"invite", 44, 5, 2047},  {"tag", 34, 5, 2047},
	    {"channel", 42, 5, 2047},    {"thread", 22, 4, 4095},      {"message", 30, 4, 4095}, {"ternary", 9, 3, 8191},
	    {"manytomany", 13, 3, 8191}, {"multi", 11, 3, 8191},       {"content", 15, 3, 8191},
	};
	ASSERT_EQ(std::size(expected), kSiqQualifierCount);
	for (std::size_t i = 0; i < kSiqQualifierCount; i++) {
		const SiqQualifier &qualifier = siq_qualifier(expected[i].name);
		EXPECT_EQ(&qualifier, &kSiqQualifiers[i]) << expected[i].name;
		EXPECT_STREQ(qualifier.name, expected[i].name);
		EXPECT_EQ(qualifier.value, expected[i].value) << expected[i].name;
		EXPECT_EQ(qualifier.width, expected[i].width) << expected[i].name;
		EXPECT_EQ(qualifier.index, static_cast<int>(i)) << expected[i].name;
		EXPECT_EQ(siq_max_serial(qualifier), expected[i].max_serial) << expected[i].name;
		EXPECT_EQ(1 << qualifier.width, qualifier.value & ~((1 << qualifier.width) - 1))
		    << "width = floor(log2(value))";
		EXPECT_EQ(siq_qualifier_by_value(qualifier.value), &qualifier);
	}
	for (const std::uint8_t reserved : {50, 58, 60, 0, 1, 8, 16, 64, 255})
		EXPECT_EQ(siq_qualifier_by_value(reserved), nullptr) << int{reserved};
}

TEST(SiqQualifiers, UnknownNamesAreInvalidParameters) {
	for (const char *name : {"User", "USER", "premium", "PREMIUM", "", "users", " user", "user ", "15", "32"}) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { siq_qualifier(name); }, &message, &detail), ErrorCode::InvalidParameterValue)
		    << name;
		EXPECT_EQ(message, std::string("unknown siq qualifier \"") + name + "\"");
		EXPECT_EQ(detail, "Valid qualifiers are user, application, event, product, group, collection, invite, tag, "
		                  "channel, thread, message, ternary, manytomany, multi, content.");
	}
	EXPECT_EQ(error_code_of([] { siq_qualifier(std::string_view("user\0", 5)); }), ErrorCode::InvalidParameterValue);
}

TEST(SiqQualifiers, TailsPrependTheSerial) {
	EXPECT_EQ(siq_tail(0, content()), 7);                 // 111
	EXPECT_EQ(siq_tail(1, content()), 15);                // 1 111
	EXPECT_EQ(siq_tail(16, content()), 0x87);             // A.10's i17
	EXPECT_EQ(siq_tail(3, user()), 0x60);                 // 11 00000
	EXPECT_EQ(siq_tail(0, siq_qualifier("thread")), 6);   // 0110
	EXPECT_EQ(siq_tail(1, siq_qualifier("message")), 30); // 1 1110
	EXPECT_EQ(siq_tail(2047, siq_qualifier("product")), 0xFFF8);
	EXPECT_EQ(siq_tail(8191, siq_qualifier("ternary")), 0xFFF9);
	EXPECT_EQ(siq_tail(4095, siq_qualifier("thread")), 0xFFF6);
	EXPECT_EQ(siq_tail(2048, user()), 0); // past the serial space: cut to the width, as the generator never asks
}

TEST(SiqQualifiers, EveryTailDecodes) {
	for (const SiqQualifier &qualifier : kSiqQualifiers) {
		for (const std::uint16_t serial : {0, 1, 2, 1000, 2047, 4095, 8191}) {
			if (serial > siq_max_serial(qualifier))
				continue;
			const SiqTailParts parts = decode_siq_tail(siq_tail(serial, qualifier));
			EXPECT_EQ(parts.serial, serial) << qualifier.name;
			EXPECT_EQ(parts.qualifier_value, qualifier.value) << qualifier.name;
			EXPECT_EQ(parts.qualifier, &qualifier) << qualifier.name;
		}
	}
	// All 65536 tails: a suffix-free code, so each one decodes and re-encodes to itself.
	std::map<int, int> reserved_count;
	for (std::uint32_t tail = 0; tail <= 0xFFFF; tail++) {
		const SiqTailParts parts = decode_siq_tail(static_cast<std::uint16_t>(tail));
		if (parts.qualifier == nullptr) {
			ASSERT_TRUE(parts.qualifier_value == 50 || parts.qualifier_value == 58 || parts.qualifier_value == 60)
			    << tail;
			ASSERT_EQ((parts.serial << 5) | (parts.qualifier_value & 31), static_cast<int>(tail));
			reserved_count[parts.qualifier_value]++;
			continue;
		}
		ASSERT_EQ(parts.qualifier->value, parts.qualifier_value);
		ASSERT_EQ(siq_tail(parts.serial, *parts.qualifier), tail) << tail;
		ASSERT_LE(parts.serial, siq_max_serial(*parts.qualifier));
	}
	EXPECT_EQ(reserved_count, (std::map<int, int>{{50, 2048}, {58, 2048}, {60, 2048}}));
	const SiqTailParts reserved = decode_siq_tail((5 << 5) | 0b10010);
	EXPECT_EQ(reserved.serial, 5);
	EXPECT_EQ(reserved.qualifier_value, 50);
	EXPECT_EQ(reserved.qualifier, nullptr);
}

// A.4: SHA-256, last four bytes, big-endian: test/vectors/siq.tsv, then the domains a tab-separated file cannot hold.
TEST(SiqDomainHash, LastFourBytesOfSha256) {
	for (const testing::VectorRow &row : testing::read_vectors("siq", "domain_hash")) {
		SCOPED_TRACE(testing::where("siq", row));
		EXPECT_EQ(std::to_string(siq_domain_hash(std::string_view(row["domain"]))), row["domain_hash"]);
	}
	EXPECT_EQ(siq_domain_hash(std::string_view("")), 0U);
	EXPECT_EQ(siq_domain_hash(std::string_view(" ")), 3054784616U);
}

TEST(SiqDomainHash, NonAsciiIsRefused) {
	for (const char *domain : {"caf\xc3\xa9.com", "\xff", "example.com\x80"}) {
		std::string message, detail, hint;
		EXPECT_EQ(error_code_of([&] { siq_domain_hash(std::string_view(domain)); }, &message, &detail, &hint),
		          ErrorCode::InvalidParameterValue)
		    << domain;
		EXPECT_EQ(message, std::string("siq domain \"") + domain + "\" is not ASCII");
		EXPECT_EQ(hint, "Write an internationalized domain name in its punycode form (xn--...).");
	}
}

TEST(SiqShard, IsAByte) {
	EXPECT_EQ(checked_siq_shard(0), 0);
	EXPECT_EQ(checked_siq_shard(255), 255);
	std::string message, detail;
	EXPECT_EQ(error_code_of([] { checked_siq_shard(256); }, &message, &detail), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "shard 256 is out of range for siq");
	EXPECT_EQ(detail, "The shard of a siq must be from 0 to 255.");
	EXPECT_EQ(error_code_of([] { checked_siq_shard(-1); }, &message), ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(message, "shard -1 is out of range for siq");
	EXPECT_EQ(error_code_of([] { checked_siq_shard(std::numeric_limits<std::int64_t>::min()); }),
	          ErrorCode::NumericValueOutOfRange);
	EXPECT_EQ(error_code_of([] { checked_siq_shard(std::numeric_limits<std::int64_t>::max()); }),
	          ErrorCode::NumericValueOutOfRange);
}

// test/vectors/siq.tsv: every string form of each id, and back.
TEST(SiqText, StringFormsOfTheVectors) {
	for (const testing::VectorRow &row : testing::read_vectors("siq", "forms")) {
		SCOPED_TRACE(testing::where("siq", row));
		const Uint128 id = parse_siq(row["siq"]);
		EXPECT_EQ(hex_of(id), row["siq"]);
		EXPECT_EQ(testing::decimal_of(id), row["numeric"]);
		EXPECT_EQ(siq_to_did(id), row["did"]);
		EXPECT_EQ(siq_to_base64(id), row["base64"]);
		EXPECT_EQ(siq_to_cb32(id), row["cb32"]);
		EXPECT_EQ(uuid_text(siq_to_uuid(id)), row["uuid"]);
		EXPECT_EQ(parse_siq(row["did"]), id);
		EXPECT_EQ(siq_from_did(row["did"]), id);
		EXPECT_EQ(siq_from_did(row["did"].substr(8)), id); // SUOU's removeprefix
		EXPECT_EQ(siq_from_cb32(row["cb32"]), id);
		EXPECT_EQ(siq_from_cb32("0" + row["cb32"]), id); // SUOU's '0c' format
		EXPECT_EQ(uuid_to_siq(uuid_value(row["uuid"])), id);
		EXPECT_EQ(row["did"].size(), std::strlen(kSiqDidPrefix) + kSiqDidBodyLength);
		EXPECT_EQ(row["base64"].size(), kSiqBase64Length);
	}
	// SUOU's other i1 form: to_b32l (15 bytes, lowercase base32).
	std::uint8_t wide[15] = {};
	store_siq(kI1, wide + 1);
	EXPECT_EQ(to_base32_lower(wide, sizeof wide), "aaaf4c6s6aaaaaaaaaaaaaah");
}

// test/vectors/siq.tsv: what siq's input takes (hex of 1 to 28 digits in either case, did:siq: strings) and refuses.
TEST(SiqText, InputVectors) {
	for (const testing::VectorRow &row : testing::read_vectors("siq", "text")) {
		SCOPED_TRACE(testing::where("siq", row));
		EXPECT_EQ(hex_of(parse_siq(row["text"])), row["siq"]);
	}
	for (const testing::VectorRow &row : testing::read_vectors("siq", "invalid_text")) {
		SCOPED_TRACE(testing::where("siq", row));
		std::string message;
		EXPECT_EQ(sqlstate(error_code_of([&] { parse_siq(row["text"]); }, &message)), row["sqlstate"]);
		EXPECT_EQ(message, (row["sqlstate"] == "22P02" ? "invalid input syntax for type siq: \"" : "value \"") +
		                       row["text"] + (row["sqlstate"] == "22P02" ? "\"" : "\" is out of range for type siq"));
	}
}

TEST(SiqText, HexInput) {
	EXPECT_EQ(parse_siq("  5e0bd2f0000000000000000007\n\t"), kI1); // whitespace as PostgreSQL's own types
	// 1 to 28 digits: leading zeros beyond them are not a siq's text (22P02)
	EXPECT_EQ(error_code_of([] { parse_siq(std::string(40, '0') + "1"); }), ErrorCode::InvalidTextRepresentation);
	for (const std::string &too_large :
	     {std::string(29, 'f'), "1" + std::string(28, '0'), "00" + std::string(29, '1')}) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_siq(too_large); }, &message, &detail), ErrorCode::NumericValueOutOfRange)
		    << too_large;
		EXPECT_EQ(detail, "A siq has at most 28 significant hex digits (112 bits).");
	}
}

// What a tab-separated file cannot hold: empty text, only spaces, a NUL.
TEST(SiqText, MalformedInput) {
	for (const char *text : {"", "   "}) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_siq(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation)
		    << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type siq: \"") + text + "\"");
		EXPECT_EQ(detail, "") << text;
	}
	EXPECT_EQ(error_code_of([] { parse_siq(std::string_view("7\0", 2)); }), ErrorCode::InvalidTextRepresentation);
}

TEST(SiqText, DidChecksumIsVerified) {
	EXPECT_EQ(parse_siq("did:siq:IUXVOJAAF4C6S6AAAAAAAAAAAAAAH"), kI1); // SUOU's from_did upper-cases the body
	EXPECT_EQ(parse_siq(" did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah "), kI1);
	for (const char *text : {
	         "did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai", // one value bit changed
	         "did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaag",
	         "did:siq:juxvojaaf4c6s6aaaaaaaaaaaaaah", // one checksum bit changed
	         "did:siq:quxvojaaf4c6s6aaaaaaaaaaaaaah", // a bit in the 2 leading checksum bytes, which must be 0
	         "did:siq:iuxvojaaf4c6s7aaaaaaaaaaaaaah",
	     }) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_siq(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation)
		    << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type siq: \"") + text + "\"");
		EXPECT_EQ(detail, "The CRC-32 checksum of the did:siq: string does not match its value.");
		EXPECT_EQ(error_code_of([&] { siq_from_did(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation);
		EXPECT_EQ(detail, "The CRC-32 checksum of the did:siq: string does not match its value.");
	}
	for (const char *text :
	     {"", "did:siq:", "did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa", " did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah",
	      "did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah ", "did:siq:did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah"}) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { siq_from_did(text); }, &message, &detail), ErrorCode::InvalidTextRepresentation)
		    << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type siq: \"") + text + "\"");
		EXPECT_EQ(detail, "");
	}
}

// test/vectors/siq.tsv: Crockford base32 in either case with its aliases, up to SUOU's zfill(24) width.
TEST(SiqText, CrockfordInput) {
	for (const testing::VectorRow &row : testing::read_vectors("siq", "cb32_text")) {
		SCOPED_TRACE(testing::where("siq", row));
		EXPECT_EQ(hex_of(siq_from_cb32(row["text"])), row["siq"]);
	}
	for (const testing::VectorRow &row : testing::read_vectors("siq", "invalid_cb32_text")) {
		SCOPED_TRACE(testing::where("siq", row));
		std::string message, detail;
		EXPECT_EQ(sqlstate(error_code_of([&] { siq_from_cb32(row["text"]); }, &message, &detail)),
		          row["sqlstate"]);
		if (row["sqlstate"] == "22003") {
			EXPECT_EQ(message, "value \"" + row["text"] + "\" is out of range for type siq");
			EXPECT_EQ(detail, "A siq is an integer from 0 to 2^112-1.");
		} else {
			EXPECT_EQ(message, "invalid input syntax for type siq: \"" + row["text"] + "\"");
		}
	}
	for (const char *text : {"", " 5W2YJY000000000000007", "5W2YJY000000000000007 "}) {
		std::string message;
		EXPECT_EQ(error_code_of([&] { siq_from_cb32(text); }, &message), ErrorCode::InvalidTextRepresentation) << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type siq: \"") + text + "\"");
	}
}

// A.9: SUOU defines no uuid form; this is the proposed order-preserving, lossless UUIDv8 mapping.
TEST(SiqUuid, MappingIsLosslessAndOrderPreserving) {
	EXPECT_EQ(uuid_text(siq_to_uuid(kI1)), "005e0bd2-f000-8000-8000-000000001c00");
	EXPECT_EQ(uuid_text(siq_to_uuid(0)), "00000000-0000-8000-8000-000000000000");
	std::mt19937_64 random(3);
	std::vector<Uint128> ids;
	for (int i = 0; i < 10000; i++)
		ids.push_back(((static_cast<Uint128>(random()) << 64) | random()) & kSiqMax);
	ids.push_back(0);
	ids.push_back(kSiqMax);
	for (std::size_t i = 0; i < ids.size(); i++) {
		const Uint128 uuid = siq_to_uuid(ids[i]);
		ASSERT_EQ((uuid >> 76) & 0xF, 8);     // version
		ASSERT_EQ((uuid >> 62) & 0x3, 0b10);  // variant
		ASSERT_EQ(uuid & 0x3FF, 0);           // pad bits
		ASSERT_EQ(uuid_to_siq(uuid), ids[i]); // lossless
		if (i > 0) {                          // uuid (memcmp) order is siq order
			ASSERT_EQ(uuid < siq_to_uuid(ids[i - 1]), ids[i] < ids[i - 1]);
		}
	}
}

TEST(SiqUuid, RefusesUuidsItCannotMake) {
	for (const char *text : {
	         "005e0bd2-f000-7000-8000-000000001c00", // version 7
	         "005e0bd2-f000-0000-8000-000000001c00", // version 0
	         "005e0bd2-f000-8000-0000-000000001c00", // variant 0
	         "005e0bd2-f000-8000-c000-000000001c00", // variant 110
	         "005e0bd2-f000-8000-8000-000000001c01", // a pad bit
	         "005e0bd2-f000-8000-8000-000000001e00", // the highest pad bit
	         "2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", // RFC 9562 B.1: a UUIDv8, but not one of ours
	         "00000000-0000-0000-0000-000000000000",
	         "ffffffff-ffff-ffff-ffff-ffffffffffff",
	     }) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { uuid_to_siq(uuid_value(text)); }, &message, &detail),
		          ErrorCode::InvalidTextRepresentation)
		    << text;
		EXPECT_EQ(message, std::string("invalid input syntax for type siq: \"") + text + "\"");
		EXPECT_EQ(detail, "A siq in a uuid is a UUID of version 8 and variant 10 whose last 10 bits are zero, as "
		                  "siq_to_uuid makes it.");
	}
}

TEST(SiqBinary, FourteenBytesOrSixteenWithTwoLeadingZeros) {
	std::uint8_t bytes[16] = {};
	store_siq(kFull, bytes + 2);
	EXPECT_EQ(hex_lower(bytes + 2, kSiqSize), "00659200801f9a0586ce19470060");
	EXPECT_EQ(load_siq(bytes + 2), kFull);
	EXPECT_EQ(siq_from_bytes(bytes + 2, 14), kFull);
	EXPECT_EQ(siq_from_bytes(bytes, 16), kFull);
	std::uint8_t max[14];
	std::memset(max, 0xFF, sizeof max);
	EXPECT_EQ(siq_from_bytes(max, 14), kSiqMax);
	bytes[1] = 1;
	std::string message, detail;
	EXPECT_EQ(error_code_of([&] { siq_from_bytes(bytes, 16); }, &message, &detail),
	          ErrorCode::InvalidTextRepresentation);
	EXPECT_EQ(message, "invalid binary form for type siq: \"\\x000100659200801f9a0586ce19470060\"");
	EXPECT_EQ(detail, "Expected 14 bytes, or 16 whose first two are zero; got 16.");
	for (const std::size_t length : {0, 1, 13, 15, 17}) {
		std::vector<std::uint8_t> other(length, 0);
		EXPECT_EQ(error_code_of([&] { siq_from_bytes(other.data(), other.size()); }, &message, &detail),
		          ErrorCode::InvalidTextRepresentation)
		    << length;
		EXPECT_EQ(detail, "Expected 14 bytes, or 16 whose first two are zero; got " + std::to_string(length) + ".");
	}
}

TEST(SiqNumeric, IntegersUpTo112Bits) {
	EXPECT_EQ(parse_siq_numeric("7451106619238957490390643507207"), kI1);
	EXPECT_EQ(parse_siq_numeric("5192296858534827628530496329220095"), kSiqMax);
	EXPECT_EQ(parse_siq_numeric("0"), 0);
	EXPECT_EQ(parse_siq_numeric("12.000"), 12);
	for (const char *text : {"5192296858534827628530496329220096", "-1", "1.5", "NaN", ""}) {
		std::string message, detail;
		EXPECT_EQ(error_code_of([&] { parse_siq_numeric(text); }, &message, &detail), ErrorCode::NumericValueOutOfRange)
		    << text;
		EXPECT_EQ(message, std::string("numeric value ") + text + " is out of range for type siq");
		EXPECT_EQ(detail, "A siq is an integer from 0 to 2^112-1.");
	}
}

TEST(SiqText, RoundTripsEveryForm) {
	std::mt19937_64 random(5);
	for (int i = 0; i < 10000; i++) {
		const Uint128 id = ((static_cast<Uint128>(random()) << 64) | random()) >> (random() % 112 + 16);
		ASSERT_EQ(parse_siq(hex_of(id)), id);
		ASSERT_EQ(parse_siq(siq_to_did(id)), id);
		ASSERT_EQ(siq_from_did(siq_to_did(id)), id);
		ASSERT_EQ(siq_from_cb32(siq_to_cb32(id)), id);
		ASSERT_LE(siq_to_cb32(id).size(), kSiqCrockfordMaxLength - 1);
		ASSERT_EQ(siq_to_base64(id).size(), kSiqBase64Length);
		ASSERT_EQ(uuid_to_siq(siq_to_uuid(id)), id);
		std::uint8_t bytes[kSiqSize];
		store_siq(id, bytes);
		ASSERT_EQ(siq_from_bytes(bytes, kSiqSize), id);
	}
}

// The generator, as the glue drives it: a fake clock and a counting sleep.
struct FakeGenerator : testing::FakeClockGenerator<SiqState> {
	Step<Uint128> try_create(const SiqQualifier &qualifier, std::uint8_t shard = 0, std::uint32_t domain = 0) {
		return run([&](SiqState &state, UnixMicros now) { return step_siq(state, now, qualifier, shard, domain); });
	}

	Uint128 create(const SiqQualifier &qualifier, std::uint8_t shard = 0, std::uint32_t domain = 0) {
		const auto result = try_create(qualifier, shard, domain);
		EXPECT_EQ(result.status, StepStatus::Ready);
		return result.id;
	}
};

// A.10 replayed with the intended semantics: SiqGen('0', shard_id=256) at datetime(2020, 1, 1) in Rome.
TEST(SiqGenerator, ReplaysTheRepositoryVectors) {
	StandingClock clock{kUtcSeconds * kSecond};
	clock.now = kRepoSeconds * kSecond;
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	const std::uint32_t no_domain = siq_domain_hash(std::string_view("0"));
	const std::uint8_t shard = checked_siq_shard(256 % 256);
	for (int i = 0; i < 16; i++)
		EXPECT_EQ(generator.create(content(), shard, no_domain), kI1 + 8 * i) << i; // i1, i1+8, ..., i1+120
	clock.now = kRepoNextSeconds * kSecond;
	// A new tick restarts the serial (SUOU's test helper made it continue at 16, giving i17).
	EXPECT_EQ(generator.create(content(), shard, no_domain), kI17 - (16 << 3));
	clock.now = kUtcSeconds * kSecond + 366LL * 86400 * kSecond; // later again, to be sure it only goes forward
	EXPECT_EQ(siq_tail(generator.create(content(), shard, no_domain)), 7);

	FakeGenerator utc = generator_on<FakeGenerator>(clock);
	clock.now = kUtcSeconds * kSecond;
	EXPECT_EQ(utc.create(content(), shard, no_domain), kUtcI1); // the same test under TZ=UTC
	EXPECT_EQ(generator.sleeps + utc.sleeps, 0);
}

TEST(SiqGenerator, CarriesShardDomainAndQualifier) {
	FakeGenerator generator;
	generator.clock = testing::clock_sequence({kFullTime, kFullTime});
	generator.state.counters[user().index] = {0x659200801F9AULL, 3}; // three users already in this tick
	EXPECT_EQ(generator.create(user(), 5, siq_domain_hash(std::string_view("example.com"))), kFull);
	const Uint128 id = generator.create(siq_qualifier("product"), 255, 0xFFFFFFFF);
	EXPECT_EQ(siq_ts56(id), 0x659200801F9AULL);
	EXPECT_EQ(siq_shard(id), 255);
	EXPECT_EQ(siq_domain_hash(id), 0xFFFFFFFFU);
	const SiqTailParts parts = decode_siq_tail(siq_tail(id));
	EXPECT_EQ(parts.serial, 0);
	EXPECT_STREQ(parts.qualifier->name, "product");
}

TEST(SiqGenerator, SerialGrowsWithinATickAndRestartsOnTheNext) {
	const UnixMicros second = kUtcSeconds * kSecond;
	FakeGenerator generator;
	// 15 us is still tick 0 (0.98 ticks); 16 us to 30 us are tick 1.
	generator.clock = testing::clock_sequence({second, second + 5, second + 15, second + 16, second + 16, second + 30});
	for (int serial = 0; serial < 3; serial++) {
		const Uint128 id = generator.create(user());
		EXPECT_EQ(siq_ts56(id), std::uint64_t{kUtcSeconds} << 16);
		EXPECT_EQ(decode_siq_tail(siq_tail(id)).serial, serial);
	}
	for (int serial = 0; serial < 3; serial++) {
		const Uint128 id = generator.create(user());
		EXPECT_EQ(siq_ts56(id), (std::uint64_t{kUtcSeconds} << 16) | 1);
		EXPECT_EQ(decode_siq_tail(siq_tail(id)).serial, serial);
	}
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(SiqGenerator, ExhaustedTickSleepsUntilTheNextTick) {
	for (const SiqQualifier &qualifier : kSiqQualifiers) {
		StandingClock clock{kUtcSeconds * kSecond};
		FakeGenerator generator = generator_on<FakeGenerator>(clock);
		Uint128 previous = 0;
		for (std::uint32_t serial = 0; serial <= siq_max_serial(qualifier); serial++) {
			const Uint128 id = generator.create(qualifier);
			ASSERT_GT(id, previous);
			ASSERT_EQ(siq_ts56(id), std::uint64_t{kUtcSeconds} << 16);
			ASSERT_EQ(decode_siq_tail(siq_tail(id)).serial, serial);
			previous = id;
		}
		EXPECT_EQ(generator.sleeps, 0) << qualifier.name;
		const Uint128 next = generator.create(qualifier); // 2^(16 - width) ids used: wait for the next tick
		EXPECT_EQ(generator.sleeps, 1) << qualifier.name;
		EXPECT_EQ(siq_ts56(next), (std::uint64_t{kUtcSeconds} << 16) + 1);
		EXPECT_EQ(decode_siq_tail(siq_tail(next)).serial, 0);
		EXPECT_GT(next, previous);
	}
}

TEST(SiqGenerator, ExhaustionStepAsksToSleepWithoutChangingTheState) {
	SiqState state;
	const UnixMicros now = kUtcSeconds * kSecond;
	for (int i = 0; i < 2048; i++)
		ASSERT_EQ(step_siq(state, now, user(), 0, 0).status, StepStatus::Ready);
	const SiqCounter before = state.counters[user().index];
	const auto full = step_siq(state, now + 15, user(), 0, 0); // same tick
	EXPECT_EQ(full.status, StepStatus::Sleep);
	EXPECT_EQ(full.sleep_micros, 1); // until the next tick (15.26 µs long), not a whole millisecond
	EXPECT_EQ(state.counters[user().index].ts56, before.ts56);
	EXPECT_EQ(state.counters[user().index].next_serial, before.next_serial);
	const auto next = step_siq(state, now + 16, user(), 0, 0);
	EXPECT_EQ(next.status, StepStatus::Ready);
	EXPECT_EQ(siq_ts56(next.id), before.ts56 + 1);
}

TEST(SiqGenerator, QualifiersCountIndependently) {
	StandingClock clock{kUtcSeconds * kSecond};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	for (int serial = 0; serial < 3; serial++) {
		EXPECT_EQ(decode_siq_tail(siq_tail(generator.create(user()))).serial, serial);
		EXPECT_EQ(decode_siq_tail(siq_tail(generator.create(content()))).serial, serial);
		EXPECT_EQ(decode_siq_tail(siq_tail(generator.create(siq_qualifier("thread")))).serial, serial);
	}
	for (int i = 3; i < 2048; i++)
		generator.create(user());
	EXPECT_EQ(generator.sleeps, 0);
	// user is exhausted in this tick; content still has serials left, without waiting.
	const Uint128 more_content = generator.create(content());
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_EQ(decode_siq_tail(siq_tail(more_content)).serial, 3);
	generator.create(user());
	EXPECT_EQ(generator.sleeps, 1);
}

TEST(SiqGenerator, DomainsAndShardsShareTheQualifierSerial) {
	StandingClock clock{kUtcSeconds * kSecond};
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	const Uint128 a = generator.create(user(), 1, siq_domain_hash(std::string_view("example.com")));
	const Uint128 b = generator.create(user(), 2, siq_domain_hash(std::string_view("example.org")));
	const Uint128 c = generator.create(user(), 1, siq_domain_hash(std::string_view("example.com")));
	EXPECT_EQ(decode_siq_tail(siq_tail(a)).serial, 0);
	EXPECT_EQ(decode_siq_tail(siq_tail(b)).serial, 1);
	EXPECT_EQ(decode_siq_tail(siq_tail(c)).serial, 2);
	EXPECT_GT(c, a);
}

TEST(SiqGenerator, ClockGoingBackKeepsTheLastTick) {
	const UnixMicros now = kUtcSeconds * kSecond;
	FakeGenerator generator;
	generator.clock =
	    testing::clock_sequence({now, now - kSecond, now - 3600 * kSecond, now + 10, now + 16, now - kSecond});
	const std::uint64_t tick = siq_ts56_from_unix_micros(now);
	Uint128 previous = 0;
	for (int serial = 0; serial < 4; serial++) { // now, then behind, then within the same tick
		const Uint128 id = generator.create(user());
		EXPECT_GT(id, previous);
		EXPECT_EQ(siq_ts56(id), tick);
		EXPECT_EQ(decode_siq_tail(siq_tail(id)).serial, serial);
		previous = id;
	}
	const Uint128 next_tick = generator.create(user());
	EXPECT_EQ(siq_ts56(next_tick), tick + 1);
	EXPECT_EQ(decode_siq_tail(siq_tail(next_tick)).serial, 0);
	const Uint128 behind_again = generator.create(user());
	EXPECT_EQ(siq_ts56(behind_again), tick + 1);
	EXPECT_EQ(decode_siq_tail(siq_tail(behind_again)).serial, 1);
	EXPECT_EQ(generator.sleeps, 0);
}

TEST(SiqGenerator, ExhaustedWhileTheClockIsBehindMovesToTheNextTickWithoutSleeping) {
	const UnixMicros now = kUtcSeconds * kSecond;
	StandingClock clock{kUtcSeconds * kSecond};
	clock.now = now;
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	const std::uint64_t tick = siq_ts56_from_unix_micros(now);
	generator.create(user());
	clock.now = now - 3600 * kSecond; // set back an hour: sleeping until it catches up would stall for an hour
	Uint128 previous = 0;
	for (int i = 1; i < 3 * 2048; i++) {
		const Uint128 id = generator.create(user());
		ASSERT_GT(id, previous);
		previous = id;
	}
	EXPECT_EQ(generator.sleeps, 0);
	EXPECT_EQ(siq_ts56(previous), tick + 2);
	EXPECT_EQ(decode_siq_tail(siq_tail(previous)).serial, 2047);
	clock.now = now + kSecond; // the clock catches up: back to real time
	EXPECT_EQ(siq_ts56(generator.create(user())), tick + 65536);
}

TEST(SiqGenerator, JitteryClockNeverRepeatsOrDecreases) {
	std::mt19937_64 random(99);
	UnixMicros clock_now = kUtcSeconds * kSecond;
	FakeGenerator generator;
	generator.clock = [&] {
		clock_now += static_cast<std::int64_t>(random() % 40) - 15; // mostly forward, often back, by up to 15 us
		if (random() % 1000 == 0)
			clock_now -= static_cast<std::int64_t>(random() % kSecond); // now and then a big step back
		return clock_now;
	};
	generator.sleep = [&](std::int64_t) { clock_now += kMicrosPerMilli; };
	std::map<int, Uint128> last;
	std::set<Uint128> seen;
	for (int i = 0; i < 200000; i++) {
		const SiqQualifier &qualifier = kSiqQualifiers[random() % 3 == 0 ? 14 : random() % kSiqQualifierCount];
		const std::uint8_t shard = static_cast<std::uint8_t>(random() % 2);
		const Uint128 id = generator.create(qualifier, shard, 42);
		const Uint128 stream = (static_cast<Uint128>(siq_ts56(id)) << 16) | decode_siq_tail(siq_tail(id)).serial;
		auto found = last.find(qualifier.index);
		if (found != last.end()) {
			ASSERT_GT(stream, found->second) << i; // (tick, serial) strictly increases per qualifier
		}
		last[qualifier.index] = stream;
		ASSERT_TRUE(seen.insert(id).second) << i;
	}
}

TEST(SiqGenerator, ClockOutsideTheRangeIsOutOfRange) {
	SiqState state;
	EXPECT_EQ(step_siq(state, -1, user(), 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_siq(state, std::numeric_limits<std::int64_t>::min(), user(), 0, 0).status,
	          StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_siq(state, (std::int64_t{1} << 40) * kSecond, user(), 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(step_siq(state, std::numeric_limits<std::int64_t>::max(), user(), 0, 0).status,
	          StepStatus::ClockOutOfRange);
	const auto epoch = step_siq(state, 0, user(), 0, 0);
	EXPECT_EQ(epoch.status, StepStatus::Ready);
	EXPECT_EQ(epoch.id, compose_siq(0, 0, 0, siq_tail(0, user())));
	const auto last = step_siq(state, (std::int64_t{1} << 40) * kSecond - 1, user(), 0, 0);
	EXPECT_EQ(last.status, StepStatus::Ready);
	EXPECT_EQ(siq_ts56(last.id), kSiqMaxTs56);
	// The very last tick used up while the clock is behind: nothing left to move on to.
	state.counters[user().index] = {kSiqMaxTs56, 2048};
	EXPECT_EQ(step_siq(state, kSecond, user(), 0, 0).status, StepStatus::ClockOutOfRange);
	EXPECT_EQ(state.counters[user().index].ts56, kSiqMaxTs56);
	EXPECT_EQ(state.counters[user().index].next_serial, 2048U);
}

TEST(SiqGenerator, GeneratedIdsFallBetweenTheirBoundaries) {
	StandingClock clock{kUtcSeconds * kSecond};
	clock.now = kFullTime;
	FakeGenerator generator = generator_on<FakeGenerator>(clock);
	for (int i = 0; i < 1000; i++) {
		const Uint128 id = generator.create(kSiqQualifiers[i % kSiqQualifierCount], static_cast<std::uint8_t>(i),
		                                    static_cast<std::uint32_t>(i * 2654435761U));
		ASSERT_GE(id, siq_boundary(siq_unix_micros(id)));
		ASSERT_LE(siq_unix_micros(id), kFullTime);
		ASSERT_GE(id, siq_boundary(kFullTime - 15));
		ASSERT_LT(id, siq_boundary(kFullTime + 1));
	}
}

// A tick is 1/65536 s: a full tick sleeps until the next one starts, never a whole millisecond (65 ticks).
TEST(SiqGenerator, AFullTickSleepsUntilTheNextTick) {
	SiqState state;
	const UnixMicros now = kUtcSeconds * kSecond + 123456; // inside tick 8090 of the second (8090.69...)
	for (int i = 0; i < 2048; i++)
		ASSERT_EQ(step_siq(state, now, user(), 0, 0).status, StepStatus::Ready);
	const auto full = step_siq(state, now, user(), 0, 0);
	ASSERT_EQ(full.status, StepStatus::Sleep);
	EXPECT_GT(full.sleep_micros, 0);
	EXPECT_LE(full.sleep_micros, 16);
	EXPECT_EQ(step_siq(state, now + full.sleep_micros - 1, user(), 0, 0).status, StepStatus::Sleep);
	EXPECT_EQ(step_siq(state, now + full.sleep_micros, user(), 0, 0).status, StepStatus::Ready);
}

// The text form is 1 to 28 hex digits: a 29th digit is refused even when it is a leading zero.
TEST(Siq, TextOfMoreThan28DigitsIsRefused) {
	EXPECT_EQ(parse_siq("0000000000000000000000000007"), Uint128{7});
	EXPECT_EQ(error_code_of([] { parse_siq("00000000000000000000000000007"); }), ErrorCode::InvalidTextRepresentation);
	EXPECT_EQ(error_code_of([] { parse_siq("10000000000000000000000000007"); }), ErrorCode::NumericValueOutOfRange);
}

// parse_decimal with a maximum below a digit must not wrap round and accept it.
TEST(Siq, ParseDecimalHonoursAMaximumBelowADigit) {
	Uint128 value = 0;
	EXPECT_EQ(parse_decimal("9", 8, value), ParseStatus::OutOfRange);
	EXPECT_EQ(parse_decimal("8", 8, value), ParseStatus::Ok);
	EXPECT_EQ(value, Uint128{8});
	EXPECT_EQ(parse_decimal("1", 0, value), ParseStatus::OutOfRange);
	EXPECT_EQ(parse_decimal("0", 0, value), ParseStatus::Ok);
}

// zlib's CRC-32, SUOU's did:siq: checksum.
TEST(Crc32, ZlibVectors) {
	const std::string check = "123456789";
	EXPECT_EQ(crc32(reinterpret_cast<const std::uint8_t *>(check.data()), check.size()), 0xCBF43926U);
	EXPECT_EQ(crc32(nullptr, 0), 0U);
	const std::string fox = "The quick brown fox jumps over the lazy dog";
	EXPECT_EQ(crc32(reinterpret_cast<const std::uint8_t *>(fox.data()), fox.size()), 0x414FA339U);
	const std::uint8_t zeros[14] = {};
	EXPECT_EQ(crc32(zeros, sizeof zeros), 0xD1BB79C7U); // the did:siq: checksum of the zero siq
}

} // namespace
} // namespace identities
