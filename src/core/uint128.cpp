#include "core/uint128.hpp"

namespace identities {

std::size_t format_decimal(Uint128 value, char *out) noexcept {
	char reversed[kDecimalBufferSize];
	std::size_t length = 0;
	do {
		reversed[length++] = static_cast<char>('0' + static_cast<int>(value % 10));
		value /= 10;
	} while (value != 0);
	for (std::size_t i = 0; i < length; i++)
		out[i] = reversed[length - 1 - i];
	out[length] = '\0';
	return length;
}

ParseStatus parse_decimal(std::string_view digits, Uint128 max, Uint128 &out) noexcept {
	if (digits.empty())
		return ParseStatus::Invalid;
	Uint128 value = 0;
	bool too_large = false;
	for (char c : digits) {
		if (c < '0' || c > '9')
			return ParseStatus::Invalid;
		const unsigned digit = static_cast<unsigned>(c - '0');
		if (too_large || digit > max || value > (max - digit) / 10)
			too_large = true;
		else
			value = value * 10 + digit;
	}
	if (too_large)
		return ParseStatus::OutOfRange;
	out = value;
	return ParseStatus::Ok;
}

ParseStatus parse_integral_numeric(std::string_view numeric_text, Uint128 max, Uint128 &out) noexcept {
	const std::size_t point = numeric_text.find('.');
	if (point != std::string_view::npos) {
		if (numeric_text.find_first_not_of('0', point + 1) != std::string_view::npos)
			return ParseStatus::Invalid;
		numeric_text = numeric_text.substr(0, point);
	}
	return parse_decimal(numeric_text, max, out);
}

NumericPlace place_numeric(std::string_view numeric_text, Uint128 max) noexcept {
	using Kind = NumericPlace::Kind;
	if (numeric_text == "NaN" || numeric_text == "Infinity")
		return {Kind::Above, 0};
	if (numeric_text == "-Infinity")
		return {Kind::Below, 0};
	const bool negative = !numeric_text.empty() && numeric_text.front() == '-';
	if (negative)
		numeric_text.remove_prefix(1);
	std::string_view fraction;
	const std::size_t point = numeric_text.find('.');
	if (point != std::string_view::npos) {
		fraction = numeric_text.substr(point + 1);
		numeric_text = numeric_text.substr(0, point);
	}
	const bool has_fraction = fraction.find_first_not_of('0') != std::string_view::npos;
	Uint128 floor = 0;
	const ParseStatus status = parse_decimal(numeric_text, max, floor);
	if (negative && (status != ParseStatus::Ok || floor != 0 || has_fraction))
		return {Kind::Below, 0};
	if (status != ParseStatus::Ok) // digits past max (numeric_out writes nothing else)
		return {Kind::Above, 0};
	return {has_fraction ? Kind::Fraction : Kind::Exact, floor};
}

std::string_view trim_space(std::string_view text) noexcept {
	auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
	while (!text.empty() && is_space(text.front()))
		text.remove_prefix(1);
	while (!text.empty() && is_space(text.back()))
		text.remove_suffix(1);
	return text;
}

} // namespace identities
