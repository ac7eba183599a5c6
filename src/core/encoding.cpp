#include "core/encoding.hpp"

namespace identities {
namespace {

constexpr char kLowerHexDigits[] = "0123456789abcdef";

} // namespace

std::string hex_lower(const std::uint8_t *bytes, std::size_t length) {
	std::string text;
	text.reserve(length * 2);
	for (std::size_t i = 0; i < length; i++) {
		text.push_back(kLowerHexDigits[bytes[i] >> 4]);
		text.push_back(kLowerHexDigits[bytes[i] & 0x0F]);
	}
	return text;
}

std::string format_bytea_excerpt(const std::uint8_t *bytes, std::size_t length) {
	constexpr std::size_t kShownBytes = 32;
	if (length <= kShownBytes)
		return "\\x" + hex_lower(bytes, length);
	return "\\x" + hex_lower(bytes, kShownBytes) + "...";
}

std::string format_uuid(const std::uint8_t *bytes) {
	std::string text = hex_lower(bytes, 16);
	for (std::size_t position : {8, 13, 18, 23})
		text.insert(position, 1, '-');
	return text;
}

} // namespace identities
