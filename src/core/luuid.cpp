#include "core/luuid.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"

#include <string>

namespace identities {

std::uint64_t checked_luuid_key(std::int64_t key) {
	if (key < 0 || static_cast<std::uint64_t>(key) > kLuuidKeyMax)
		throw message_error(Message::luuid_key_out_of_range, {std::to_string(key)});
	return static_cast<std::uint64_t>(key);
}

std::uint16_t checked_luuid_group(std::int64_t group) {
	if (group < 0 || group > kLuuidGroupMax)
		throw message_error(Message::luuid_group_out_of_range, {std::to_string(group)});
	return static_cast<std::uint16_t>(group);
}

std::size_t format_luuid_short(std::uint64_t key, char *out) noexcept {
	constexpr char kDigits[] = "0123456789abcdef";
	key &= kLuuidKeyMax; // at most 12 digits, whatever the caller passes
	std::size_t length = 1;
	while ((key >> (4 * length)) != 0)
		length++;
	for (std::size_t i = 0; i < length; i++)
		out[i] = kDigits[(key >> (4 * (length - 1 - i))) & 0xF];
	out[length] = '\0';
	return length;
}

std::optional<std::uint64_t> parse_luuid_short(std::string_view text) noexcept {
	if (text.empty() || text.size() > kLuuidShortBufferSize - 1)
		return std::nullopt;
	std::uint64_t key = 0;
	for (const char c : text) {
		const int digit = hex_digit_value(c);
		if (digit < 0)
			return std::nullopt;
		key = (key << 4) | static_cast<unsigned>(digit);
	}
	return key;
}

std::uint16_t crc12(std::string_view bytes) noexcept {
	std::uint32_t crc = 0xFFF;
	for (const char byte : bytes) {
		std::uint32_t term = (crc ^ static_cast<unsigned char>(byte)) & 0xFF; // signed bytes change nothing
		for (int bit = 0; bit < 8; bit++)
			term = (term & 1) ? (term >> 1) ^ 0xF01 : term >> 1;
		crc = (crc >> 8) ^ term;
	}
	return static_cast<std::uint16_t>(crc ^ 0xFFF);
}

} // namespace identities
