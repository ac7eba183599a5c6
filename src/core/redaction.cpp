#include "core/redaction.hpp"

#include <cctype>

namespace identities {
namespace {

constexpr std::string_view kSetting = "identities.public_key";

bool equal_ignoring_case(std::string_view text, std::size_t at, std::string_view word) noexcept {
	if (at + word.size() > text.size())
		return false;
	for (std::size_t i = 0; i < word.size(); i++)
		if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i])
			return false;
	return true;
}

bool is_name_char(char c) noexcept { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

// The next mention of the setting at or after `from` (not identities.public_key_file), or npos.
std::size_t next_mention(std::string_view text, std::size_t from) noexcept {
	for (std::size_t at = from; at + kSetting.size() <= text.size(); at++) {
		if (!equal_ignoring_case(text, at, kSetting))
			continue;
		const std::size_t end = at + kSetting.size();
		if ((at > 0 && is_name_char(text[at - 1])) || (end < text.size() && is_name_char(text[end])))
			continue;
		return at;
	}
	return std::string_view::npos;
}

std::size_t skip_spaces(std::string_view text, std::size_t at) noexcept {
	while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
		at++;
	return at;
}

// After the setting's name: the span of the value it is given, if the text gives it one
// (name = value, name TO value, name changed to value, 'name', 'value').
bool value_span(std::string_view text, std::size_t after_name, std::size_t &begin, std::size_t &end) noexcept {
	std::size_t at = after_name;
	if (at < text.size() && (text[at] == '"' || text[at] == '\''))
		at++; // the name's closing quote
	at = skip_spaces(text, at);
	if (at < text.size() && (text[at] == '=' || text[at] == ',')) {
		at++;
	} else if (equal_ignoring_case(text, at, "to") && at + 2 < text.size() && !is_name_char(text[at + 2])) {
		at += 2;
	} else if (equal_ignoring_case(text, at, "changed to")) {
		at += 10;
	} else {
		return false;
	}
	at = skip_spaces(text, at);
	if (at >= text.size())
		return false;
	const char quote = text[at];
	if (quote == '\'' || quote == '"') {
		begin = at + 1;
		std::size_t close = begin;
		// A doubled quote stands for one inside the literal.
		while (close < text.size() && !(text[close] == quote && (close + 1 >= text.size() || text[close + 1] != quote)))
			close += text[close] == quote ? 2 : 1;
		end = close < text.size() ? close : text.size();
	} else {
		begin = at;
		end = at;
		while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ';' &&
		       text[end] != ',' && text[end] != ')')
			end++;
	}
	return end > begin;
}

} // namespace

bool mentions_public_key(std::string_view text) noexcept { return next_mention(text, 0) != std::string_view::npos; }

std::size_t redact_public_key_values(std::string_view text, char *out, std::size_t out_size) noexcept {
	constexpr std::string_view kRedacted = "(redacted)";
	std::size_t length = 0;
	const auto emit = [&](std::string_view piece) {
		for (const char c : piece) {
			if (out != nullptr && length + 1 < out_size)
				out[length] = c;
			length++;
		}
	};
	bool changed = false;
	std::size_t copied = 0;
	for (std::size_t at = next_mention(text, 0); at != std::string_view::npos; at = next_mention(text, at + kSetting.size())) {
		std::size_t begin = 0;
		std::size_t end = 0;
		if (!value_span(text, at + kSetting.size(), begin, end))
			continue;
		emit(text.substr(copied, begin - copied));
		emit(kRedacted);
		copied = end;
		at = end > at + kSetting.size() ? end - kSetting.size() : at;
		changed = true;
	}
	if (!changed)
		return 0;
	emit(text.substr(copied));
	if (out != nullptr && out_size > 0)
		out[length < out_size ? length : out_size - 1] = '\0';
	return length;
}

} // namespace identities
