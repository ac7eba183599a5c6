#include "core/high_water_mark_record.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace identities {

HighWaterMarkRecord parse_high_water_mark_record(const void *data, std::size_t length, std::uint8_t info) noexcept {
	if (info != kHighWaterMarkRecordInfo)
		return {HighWaterMarkRecordStatus::UnknownInfo, 0, length, info};
	if (length != kHighWaterMarkRecordLength)
		return {HighWaterMarkRecordStatus::InvalidLength, 0, length, info};
	std::uint64_t mark = 0;
	std::memcpy(&mark, data, sizeof mark);
	return {HighWaterMarkRecordStatus::Valid, mark, length, info};
}

int describe_high_water_mark_record(char *out, std::size_t size, const HighWaterMarkRecord &record) noexcept {
	switch (record.status) {
	case HighWaterMarkRecordStatus::Valid:
		return std::snprintf(out, size, "ids below %" PRIu64 " us after 1970", record.mark);
	case HighWaterMarkRecordStatus::UnknownInfo:
		return std::snprintf(out, size, "invalid record: info 0x%02X, expected 0x%02X", unsigned{record.info},
		                     unsigned{kHighWaterMarkRecordInfo});
	case HighWaterMarkRecordStatus::InvalidLength:
		break;
	}
	return std::snprintf(out, size, "invalid record: length %zu, expected %zu", record.length,
	                     kHighWaterMarkRecordLength);
}

} // namespace identities
