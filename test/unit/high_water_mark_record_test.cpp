// The high-water mark's WAL record as redo and desc see it: only our one record type with exactly the mark's
// 8 bytes is read; any other info or length is refused without a byte read (each data buffer is a heap block of
// exactly the given length, so the sanitized build, test/sanitized_unit_tests, would report a read past it),
// and described as such.
#include "core/high_water_mark_record.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

namespace identities {
namespace {

constexpr std::uint64_t kMark = 1795451654000000; // 2026-11-23 16:34:14Z

// A heap block of exactly `length` bytes, each 0xA5, with the mark in its first bytes (as many as fit).
std::unique_ptr<unsigned char[]> block(std::size_t length, std::uint64_t mark = kMark) {
	std::unique_ptr<unsigned char[]> data(new unsigned char[length == 0 ? 1 : length]);
	std::memset(data.get(), 0xA5, length == 0 ? 1 : length);
	std::memcpy(data.get(), &mark, length < sizeof mark ? length : sizeof mark);
	return data;
}

std::string describe(const HighWaterMarkRecord &record) {
	char text[128];
	const int length = describe_high_water_mark_record(text, sizeof text, record);
	EXPECT_EQ(static_cast<std::size_t>(length), std::strlen(text));
	return text;
}

TEST(HighWaterMarkRecord, OursIsInfo0WithTheMarksEightBytes) {
	EXPECT_EQ(kHighWaterMarkRecordInfo, 0x00);
	EXPECT_EQ(kHighWaterMarkRecordLength, 8u);
	const auto data = block(8);
	const HighWaterMarkRecord record = parse_high_water_mark_record(data.get(), 8, 0x00);
	EXPECT_EQ(record.status, HighWaterMarkRecordStatus::Valid);
	EXPECT_EQ(record.mark, kMark);
	EXPECT_EQ(describe(record), "ids below 1795451654000000 us after 1970");
	for (std::uint64_t mark : {std::uint64_t{0}, std::uint64_t{1}, ~std::uint64_t{0}}) {
		const auto other = block(8, mark);
		EXPECT_EQ(parse_high_water_mark_record(other.get(), 8, 0x00).mark, mark);
	}
	EXPECT_EQ(describe(parse_high_water_mark_record(block(8, ~std::uint64_t{0}).get(), 8, 0x00)),
	          "ids below 18446744073709551615 us after 1970");
}

TEST(HighWaterMarkRecord, AnotherLengthIsRefusedWithoutReadingIt) {
	for (std::size_t length : {0, 1, 4, 7, 9, 12, 16, 64}) {
		SCOPED_TRACE(length);
		const auto data = block(length);
		const HighWaterMarkRecord record = parse_high_water_mark_record(data.get(), length, 0x00);
		EXPECT_EQ(record.status, HighWaterMarkRecordStatus::InvalidLength);
		EXPECT_EQ(record.mark, 0u);
		EXPECT_EQ(record.length, length);
		EXPECT_EQ(describe(record), "invalid record: length " + std::to_string(length) + ", expected 8");
	}
	// No data at all (a record without main data has none), and a length no record has.
	EXPECT_EQ(parse_high_water_mark_record(nullptr, 0, 0x00).status, HighWaterMarkRecordStatus::InvalidLength);
	EXPECT_EQ(describe(parse_high_water_mark_record(nullptr, 0, 0x00)), "invalid record: length 0, expected 8");
	EXPECT_EQ(parse_high_water_mark_record(nullptr, SIZE_MAX, 0x00).status, HighWaterMarkRecordStatus::InvalidLength);
}

TEST(HighWaterMarkRecord, AnotherRecordTypeIsRefusedWhateverItsLength) {
	for (unsigned info = 0x10; info <= 0xF0; info += 0x10) {
		SCOPED_TRACE(info);
		for (std::size_t length : {0, 7, 8, 9}) {
			const auto data = block(length);
			const HighWaterMarkRecord record =
			    parse_high_water_mark_record(data.get(), length, static_cast<std::uint8_t>(info));
			EXPECT_EQ(record.status, HighWaterMarkRecordStatus::UnknownInfo);
			EXPECT_EQ(record.mark, 0u);
			EXPECT_EQ(record.info, info);
		}
	}
	EXPECT_EQ(describe(parse_high_water_mark_record(block(8).get(), 8, 0x10)),
	          "invalid record: info 0x10, expected 0x00");
	EXPECT_EQ(describe(parse_high_water_mark_record(block(0).get(), 0, 0xF0)),
	          "invalid record: info 0xF0, expected 0x00");
	// The caller clears PostgreSQL's bits (XLR_INFO_MASK); any left over are not ours either.
	EXPECT_EQ(parse_high_water_mark_record(block(8).get(), 8, 0x01).status, HighWaterMarkRecordStatus::UnknownInfo);
}

TEST(HighWaterMarkRecord, TheDescriptionIsCutToTheBufferAndAlwaysTerminated) {
	const HighWaterMarkRecord record = parse_high_water_mark_record(block(8).get(), 8, 0x00);
	char text[11];
	std::memset(text, 'x', sizeof text);
	EXPECT_EQ(describe_high_water_mark_record(text, 10, record), 40);
	EXPECT_STREQ(text, "ids below");
	EXPECT_EQ(text[10], 'x'); // nothing written past the size given
	EXPECT_EQ(describe_high_water_mark_record(nullptr, 0, record), 40);
}

} // namespace
} // namespace identities
