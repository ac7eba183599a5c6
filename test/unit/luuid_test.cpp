// LUUID: the blog's layout against test/vectors/luuid.tsv, the range checks of the SQL arguments, and the short form.
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/luuid.hpp"

#include "vectors.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>

namespace identities {
namespace {

std::string text_of(Uint128 id) {
	std::uint8_t bytes[kLuuidSize];
	store_big_endian(id, bytes, kLuuidSize);
	return format_uuid(bytes);
}

std::string short_of(std::uint64_t key) {
	char buffer[kLuuidShortBufferSize];
	const std::size_t length = format_luuid_short(key, buffer);
	EXPECT_EQ(buffer[length], '\0');
	return std::string(buffer, length);
}

// test/vectors/luuid.tsv: key, group and random give the uuid; the accessors and the short form read them back.
TEST(Luuid, ComposesTheBlogLayout) {
	for (const testing::VectorRow &row : testing::read_vectors("luuid", "compose")) {
		SCOPED_TRACE(testing::where("luuid", row));
		const auto key = static_cast<std::uint64_t>(std::stoull(row["key"]));
		const auto group = static_cast<std::uint16_t>(std::stoi(row["grp"]));
		const auto random = static_cast<std::uint64_t>(std::stoull(row["random"]));
		const Uint128 id = compose_luuid(key, group, random);
		EXPECT_EQ(text_of(id), row["luuid"]);
		EXPECT_EQ(luuid_key(id), key);
		EXPECT_EQ(luuid_group(id), group);
		EXPECT_EQ(luuid_random(id), random);
		EXPECT_TRUE(has_luuid_shape(id));
		EXPECT_EQ(short_of(key), row["short"]);
		EXPECT_EQ(parse_luuid_short(row["short"]), std::optional<std::uint64_t>(key));
	}
	// Arguments wider than their fields are cut to them: the version and the nibble a always survive.
	EXPECT_EQ(compose_luuid(kLuuidKeyMax + 1, kLuuidGroupMax + 1, kLuuidRandomMax + 1), compose_luuid(0, 0, 0));
	EXPECT_EQ(compose_luuid(~0ULL, 0xFFFF, ~0ULL), compose_luuid(kLuuidKeyMax, kLuuidGroupMax, kLuuidRandomMax));
}

TEST(Luuid, AccessorsReadEveryField) {
	std::mt19937_64 random(7);
	for (int i = 0; i < 1000; i++) {
		const std::uint64_t key = random() & kLuuidKeyMax;
		const std::uint16_t group = static_cast<std::uint16_t>(random() & kLuuidGroupMax);
		const std::uint64_t random60 = random() >> 4; // the blog: randomLong >>> 4
		const Uint128 one = compose_luuid(key, group, random60);
		ASSERT_EQ(luuid_key(one), key);
		ASSERT_EQ(luuid_group(one), group);
		ASSERT_EQ(luuid_random(one), random60);
		ASSERT_TRUE(has_luuid_shape(one));
	}
}

TEST(Luuid, ShapeIsVersion6AndTheWholeNibbleA) {
	const Uint128 id = compose_luuid(1, 2, 3);
	EXPECT_TRUE(has_luuid_shape(id));
	EXPECT_FALSE(has_luuid_shape(id ^ (static_cast<Uint128>(1) << 76))); // version 7
	EXPECT_FALSE(has_luuid_shape(id ^ (static_cast<Uint128>(1) << 60))); // nibble b: still variant 10, not an LUUID
	EXPECT_FALSE(has_luuid_shape(id ^ (static_cast<Uint128>(1) << 62))); // nibble 8
	EXPECT_FALSE(has_luuid_shape(0));
	EXPECT_FALSE(has_luuid_shape(kUint128Max));
}

TEST(Luuid, KeyAndGroupArgumentsAreCheckedAgainstTheirWidths) {
	EXPECT_EQ(checked_luuid_key(0), 0u);
	EXPECT_EQ(checked_luuid_key(281474976710655LL), kLuuidKeyMax);
	EXPECT_EQ(checked_luuid_group(0), 0u);
	EXPECT_EQ(checked_luuid_group(4095), 4095u);
	for (const std::int64_t bad :
	     {std::int64_t{-1}, std::int64_t{281474976710656LL}, std::numeric_limits<std::int64_t>::min(),
	      std::numeric_limits<std::int64_t>::max()}) {
		try {
			checked_luuid_key(bad);
			ADD_FAILURE() << bad;
		} catch (const Error &error) {
			EXPECT_EQ(error.code(), ErrorCode::NumericValueOutOfRange);
			EXPECT_EQ(std::string(error.what()), "key " + std::to_string(bad) + " is out of range for luuid");
			EXPECT_EQ(error.detail(), "The key of a luuid must be from 0 to 281474976710655 (48 bits).");
		}
	}
	for (const std::int64_t bad : {std::int64_t{-1}, std::int64_t{4096}, std::numeric_limits<std::int64_t>::min(),
	                               std::numeric_limits<std::int64_t>::max()}) {
		try {
			checked_luuid_group(bad);
			ADD_FAILURE() << bad;
		} catch (const Error &error) {
			EXPECT_EQ(error.code(), ErrorCode::NumericValueOutOfRange);
			EXPECT_EQ(std::string(error.what()), "group " + std::to_string(bad) + " is out of range for luuid");
			EXPECT_EQ(error.detail(), "The group of a luuid must be from 0 to 4095 (12 bits).");
		}
	}
}

TEST(Luuid, ShortFormIsTheKeyInLowercaseHexWithoutLeadingZeros) {
	EXPECT_EQ(short_of(15), "f");
	EXPECT_EQ(short_of(16), "10");
	EXPECT_EQ(short_of(kLuuidKeyMax + 1), "0"); // only the 48 key bits, never past the buffer
}

TEST(Luuid, ShortFormParsesBack) {
	EXPECT_EQ(parse_luuid_short("23122e"), std::optional<std::uint64_t>(0x23122e));
	EXPECT_EQ(parse_luuid_short("23122E"), std::optional<std::uint64_t>(0x23122e));
	EXPECT_EQ(parse_luuid_short("0"), std::optional<std::uint64_t>(0));
	EXPECT_EQ(parse_luuid_short("000000000001"), std::optional<std::uint64_t>(1));
	EXPECT_EQ(parse_luuid_short("ffffffffffff"), std::optional<std::uint64_t>(kLuuidKeyMax));
	for (const char *bad : {"", "1000000000000", "0000000000000", "g", "-1", " 1", "1 ", "0x1", "23122e/"})
		EXPECT_EQ(parse_luuid_short(bad), std::nullopt) << bad;
	std::mt19937_64 random(11);
	for (int i = 0; i < 1000; i++) {
		const std::uint64_t key = random() >> (16 + i % 48);
		ASSERT_EQ(parse_luuid_short(short_of(key)), std::optional<std::uint64_t>(key));
	}
}

// The LUUID blog's CRC-12: test/vectors/luuid.tsv, then the bytes a text file cannot hold.
TEST(Crc12, BlogVectors) {
	for (const testing::VectorRow &row : testing::read_vectors("luuid", "group")) {
		SCOPED_TRACE(testing::where("luuid", row));
		EXPECT_EQ(crc12(row["name"]), std::stoi(row["grp"])); // UTF-8 bytes; high bytes count as unsigned
	}
	EXPECT_EQ(crc12(""), 0x000);
	EXPECT_EQ(crc12(std::string_view("\0", 1)), 0x9F6); // a NUL is a byte like any other
	EXPECT_EQ(crc12("\xff\x80"), 0x098);
}

TEST(Crc12, IsAlwaysTwelveBits) {
	std::mt19937 random(12);
	for (int i = 0; i < 10000; i++) {
		std::string name(random() % 64, '\0');
		for (char &c : name)
			c = static_cast<char>(random());
		ASSERT_LE(crc12(name), 0xFFF);
	}
}

} // namespace
} // namespace identities
