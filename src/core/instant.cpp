#include "core/instant.hpp"

namespace identities {
namespace {

// A cursor over the text that reads fixed-width digit runs and single characters.
struct Reader {
	std::string_view text;
	std::size_t at = 0;

	bool done() const noexcept { return at == text.size(); }
	char peek() const noexcept { return done() ? '\0' : text[at]; }
	bool take(char wanted) noexcept {
		if (peek() != wanted)
			return false;
		at++;
		return true;
	}
	bool digits(int count, int &out) noexcept {
		int value = 0;
		for (int i = 0; i < count; i++) {
			const char c = peek();
			if (c < '0' || c > '9')
				return false;
			value = value * 10 + (c - '0');
			at++;
		}
		out = value;
		return true;
	}
	void skip_spaces() noexcept {
		while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')
			at++;
	}
	bool take_word(std::string_view word) noexcept {
		if (text.substr(at, word.size()).size() != word.size())
			return false;
		for (std::size_t i = 0; i < word.size(); i++)
			if ((text[at + i] | 0x20) != (word[i] | 0x20))
				return false;
		at += word.size();
		return true;
	}
};

bool is_leap(int year) noexcept { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) noexcept {
	static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

// The zone: Z, UTC, or a sign, two hour digits and optionally two minute digits (with or without a colon).
bool read_offset(Reader &reader, int &offset_minutes) noexcept {
	reader.skip_spaces();
	if (reader.take('Z') || reader.take('z') || reader.take_word("UTC")) {
		offset_minutes = 0;
		return true;
	}
	const bool negative = reader.peek() == '-';
	if (!reader.take('+') && !reader.take('-'))
		return false;
	int hours = 0;
	int minutes = 0;
	if (!reader.digits(2, hours))
		return false;
	if (reader.take(':')) {
		if (!reader.digits(2, minutes))
			return false;
	} else if (reader.peek() >= '0' && reader.peek() <= '9' && !reader.digits(2, minutes)) {
		return false;
	}
	if (hours > 15 || minutes > 59)
		return false;
	offset_minutes = (negative ? -1 : 1) * (hours * 60 + minutes);
	return true;
}

} // namespace

std::optional<UnixMicros> parse_absolute_instant(std::string_view text) noexcept {
	Reader reader{text};
	reader.skip_spaces();
	int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
	if (!reader.digits(4, year) || !reader.take('-') || !reader.digits(2, month) || !reader.take('-') ||
	    !reader.digits(2, day))
		return std::nullopt;
	if (year < 1 || month < 1 || month > 12 || day < 1 || day > days_in_month(year, month))
		return std::nullopt;
	std::int64_t micros_of_second = 0;
	// A time follows a T or a space when its first character is a digit; otherwise the zone comes next.
	const std::size_t before_time = reader.at;
	if (reader.take('T') || reader.take('t') || reader.take(' ')) {
		reader.skip_spaces();
		if (reader.peek() >= '0' && reader.peek() <= '9') {
			if (!reader.digits(2, hour) || !reader.take(':') || !reader.digits(2, minute))
				return std::nullopt;
			if (reader.take(':')) {
				if (!reader.digits(2, second))
					return std::nullopt;
				if (reader.take('.')) {
					int fraction_digits = 0;
					while (reader.peek() >= '0' && reader.peek() <= '9') {
						if (fraction_digits < 6)
							micros_of_second = micros_of_second * 10 + (reader.peek() - '0');
						fraction_digits++;
						reader.at++;
					}
					if (fraction_digits == 0 || fraction_digits > 6)
						return std::nullopt;
					for (int i = fraction_digits; i < 6; i++)
						micros_of_second *= 10;
				}
			}
			if (hour > 23 || minute > 59 || second > 59)
				return std::nullopt;
		} else {
			reader.at = before_time;
		}
	}
	int offset_minutes = 0;
	if (!read_offset(reader, offset_minutes))
		return std::nullopt;
	reader.skip_spaces();
	if (!reader.done())
		return std::nullopt;
	const std::int64_t seconds = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400 +
	                             hour * 3600 + minute * 60 + second - offset_minutes * 60;
	return seconds * kMicrosPerSecond + micros_of_second;
}

} // namespace identities
