// The high-water mark's WAL record (src/pg/high_water_mark.cpp writes, replays and describes it): one record
// type, info 0x00, whose main data is the new mark, 8 bytes (Unix microseconds, in the byte order of the server
// that wrote it, as all WAL). The glue hands its length, info and data to parse_high_water_mark_record, which
// reads the data only when the length is the mark's: a record under our resource manager id that is not ours
// (another extension's WAL under the same id, or damage that kept the CRC) is refused, never read past its end.
#pragma once

#include <cstddef>
#include <cstdint>

namespace identities {

constexpr std::uint8_t kHighWaterMarkRecordInfo = 0x00;            // the record's info, PostgreSQL's low 4 bits aside
constexpr std::size_t kHighWaterMarkRecordLength = sizeof(std::uint64_t); // its main data: the mark

enum class HighWaterMarkRecordStatus : std::uint8_t {
	Valid,
	UnknownInfo,   // another record type than ours (checked first: its length then means nothing)
	InvalidLength, // our type, but main data of another length than the mark's
};

// What a record holds. Trivially destructible: it may live in a frame that ereports.
struct HighWaterMarkRecord {
	HighWaterMarkRecordStatus status;
	std::uint64_t mark;  // the mark when Valid, else 0
	std::size_t length;  // the main data's length, as given
	std::uint8_t info;   // the info, as given
};

// `data` holds `length` bytes (the record's main data); `info` is the record's info with PostgreSQL's own bits
// (XLR_INFO_MASK, the low four) cleared. `data` is read only when the record is Valid, then exactly
// kHighWaterMarkRecordLength bytes of it.
HighWaterMarkRecord parse_high_water_mark_record(const void *data, std::size_t length, std::uint8_t info) noexcept;

// The description pg_walinspect and the server's redo error context show: "ids below 1795451654000000 us after
// 1970", "invalid record: info 0x10, expected 0x00" or "invalid record: length 7, expected 8". Writes at most
// `size` bytes, always terminated when size > 0, and returns the length of the whole description (as snprintf).
int describe_high_water_mark_record(char *out, std::size_t size, const HighWaterMarkRecord &record) noexcept;

} // namespace identities
