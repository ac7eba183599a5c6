#include "core/encoding.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace identities {
namespace {

TEST(Encoding, FormatsUuidBytesCanonically) {
	const std::uint8_t bytes[16] = {0x00, 0x00, 0x00, 0x00, 0x03, 0x71, 0xb0, 0x65,
	                                0x0c, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0xff};
	EXPECT_EQ(format_uuid(bytes), "00000000-0371-b065-0c00-0100000000ff");
}

TEST(Encoding, ByteaExcerptsStopAfter32Bytes) {
	const std::uint8_t two[2] = {0x01, 0xab};
	EXPECT_EQ(format_bytea_excerpt(two, 2), "\\x01ab");
	EXPECT_EQ(format_bytea_excerpt(two, 0), "\\x");
	const std::vector<std::uint8_t> many(100000, 0xab);
	std::string expected = "\\x";
	for (int i = 0; i < 32; i++)
		expected += "ab";
	EXPECT_EQ(format_bytea_excerpt(many.data(), many.size()), expected + "...");
}

} // namespace
} // namespace identities
