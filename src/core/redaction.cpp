#include "core/redaction.hpp"

#include <cctype>

namespace identities {
namespace {

constexpr std::string_view kSchemaPart = "identities";
constexpr std::string_view kNamePart = "public_key";
constexpr std::string_view kPreviousSuffix = "_previous"; // identities.public_key_previous, the decode-only key
constexpr std::string_view kRedacted = "(redacted)";
constexpr std::string_view kWithheld = "(withheld: the text may give identities.public_key a value)";

bool equal_ignoring_case(std::string_view text, std::size_t at, std::string_view word) noexcept {
	if (at + word.size() > text.size())
		return false;
	for (std::size_t i = 0; i < word.size(); i++)
		if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i])
			return false;
	return true;
}

std::size_t find_ignoring_case(std::string_view text, std::string_view word, std::size_t from = 0) noexcept {
	for (std::size_t at = from; at + word.size() <= text.size(); at++)
		if (equal_ignoring_case(text, at, word))
			return at;
	return std::string_view::npos;
}

bool is_name_char(char c) noexcept { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }
bool is_word_char(char c) noexcept { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The length of a key setting's name part at `at`: "public_key" or "public_key_previous" as a whole word (not
// public_key_file or public_key_previous_file, which hold paths), or 0.
std::size_t key_name_length(std::string_view text, std::size_t at) noexcept {
	if (!equal_ignoring_case(text, at, kNamePart))
		return 0;
	std::size_t length = kNamePart.size();
	if (equal_ignoring_case(text, at + length, kPreviousSuffix))
		length += kPreviousSuffix.size();
	return at + length < text.size() && is_word_char(text[at + length]) ? 0 : length;
}

// White space and SQL comments (-- to the end of the line, /* */ nested as PostgreSQL nests them).
std::size_t skip_spaces(std::string_view text, std::size_t at) noexcept {
	while (at < text.size()) {
		if (std::isspace(static_cast<unsigned char>(text[at]))) {
			at++;
		} else if (text.compare(at, 2, "--") == 0) {
			while (at < text.size() && text[at] != '\n')
				at++;
		} else if (text.compare(at, 2, "/*") == 0) {
			int depth = 0;
			do {
				if (text.compare(at, 2, "/*") == 0) {
					depth++;
					at += 2;
				} else if (text.compare(at, 2, "*/") == 0) {
					depth--;
					at += 2;
				} else {
					at++;
				}
			} while (depth > 0 && at < text.size());
		} else {
			break;
		}
	}
	return at;
}

// A mention of the setting: identities.public_key in either case, each part possibly double-quoted, with white
// space or comments around the dot, as a whole name (identities.public_key_file is another setting). Returns the
// position just after it (after a closing double quote of the name part), or npos.
std::size_t mention_end(std::string_view text, std::size_t at) noexcept {
	if (at > 0 && is_name_char(text[at - 1]))
		return std::string_view::npos;
	if (!equal_ignoring_case(text, at, kSchemaPart))
		return std::string_view::npos;
	std::size_t next = at + kSchemaPart.size();
	if (next < text.size() && text[next] == '"')
		next++;
	next = skip_spaces(text, next);
	if (next >= text.size() || text[next] != '.')
		return std::string_view::npos;
	next = skip_spaces(text, next + 1);
	if (next < text.size() && text[next] == '"')
		next++;
	const std::size_t name_length = key_name_length(text, next);
	if (name_length == 0)
		return std::string_view::npos;
	next += name_length;
	if (next < text.size() && is_name_char(text[next]))
		return std::string_view::npos;
	if (next < text.size() && text[next] == '"')
		next++;
	return next;
}

// The next mention at or after `from`: its start and end, or false.
bool next_mention(std::string_view text, std::size_t from, std::size_t &begin, std::size_t &end) noexcept {
	for (std::size_t at = find_ignoring_case(text, kSchemaPart, from); at != std::string_view::npos;
	     at = find_ignoring_case(text, kSchemaPart, at + 1)) {
		const std::size_t after = mention_end(text, at);
		if (after != std::string_view::npos) {
			begin = at;
			end = after;
			return true;
		}
	}
	return false;
}

bool is_base64_char(char c) noexcept {
	return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/' || c == '=';
}

enum class Value { None, Found, Unsure };

// After a mention: the span of the value it is given (name = value, name TO value, name changed to value,
// 'name', 'value'). Unsure: a value is given in a form not understood here (an unquoted value that is not base64,
// such as a named argument, an E'' or dollar-quoted string).
Value value_span(std::string_view text, std::size_t after_name, std::size_t &begin, std::size_t &end) noexcept {
	std::size_t at = after_name;
	if (at < text.size() && text[at] == '\'')
		at++; // the closing quote of the name as a string literal
	at = skip_spaces(text, at);
	if (text.compare(at, 2, "||") == 0)
		return Value::Unsure; // the name goes on in an expression ('identities.public_key' || '_previous')
	if (at < text.size() && (text[at] == '=' || text[at] == ',')) {
		at++;
	} else if (equal_ignoring_case(text, at, "to") && (at + 2 >= text.size() || !is_name_char(text[at + 2]))) {
		at += 2;
	} else if (equal_ignoring_case(text, at, "changed to")) {
		at += 10;
	} else {
		return Value::None;
	}
	at = skip_spaces(text, at);
	if (at >= text.size())
		return Value::None;
	const char quote = text[at];
	if (quote == '\'' || quote == '"') {
		begin = at + 1;
		std::size_t close = begin;
		// A doubled quote stands for one inside the literal.
		while (close < text.size() && !(text[close] == quote && (close + 1 >= text.size() || text[close + 1] != quote)))
			close += text[close] == quote ? 2 : 1;
		end = close < text.size() ? close : text.size();
		if (end > begin)
			return Value::Found;
		// An empty literal followed by more of the value: the statement sits inside another literal, its quotes
		// doubled ('SET identities.public_key = ''...''' in a DO block or an EXECUTE).
		const std::size_t after = end + 1;
		return after < text.size() && !std::isspace(static_cast<unsigned char>(text[after])) && text[after] != ';' &&
		               text[after] != ',' && text[after] != ')'
		           ? Value::Unsure
		           : Value::None;
	}
	begin = at;
	end = at;
	while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ';' &&
	       text[end] != ',' && text[end] != ')')
		end++;
	for (std::size_t i = begin; i < end; i++)
		if (!is_base64_char(text[i]))
			return Value::Unsure;
	return end > begin ? Value::Found : Value::None;
}

// Every occurrence of "public_key" (not of public_key_file) lies within one of the mentions: none is spelt in
// a way not understood here (built by an expression, a comment inside the name, a longer name).
bool every_occurrence_in_a_mention(std::string_view text) noexcept {
	std::size_t mention_begin = 0;
	std::size_t mention_end = 0;
	std::size_t searched = 0;
	bool have_mention = next_mention(text, 0, mention_begin, mention_end);
	for (std::size_t at = find_ignoring_case(text, kNamePart); at != std::string_view::npos;
	     at = find_ignoring_case(text, kNamePart, at + 1)) {
		if (key_name_length(text, at) == 0)
			continue; // public_key_file, public_key_previous_file, or another name
		while (have_mention && mention_end <= at) {
			searched = mention_end;
			have_mention = next_mention(text, searched, mention_begin, mention_end);
		}
		if (!(have_mention && mention_begin <= at && at < mention_end))
			return false;
	}
	return true;
}

// "identities." as the start of a setting's name (white space, comments or a quote before the dot).
bool names_a_setting_of_identities(std::string_view text) noexcept {
	for (std::size_t at = find_ignoring_case(text, kSchemaPart); at != std::string_view::npos;
	     at = find_ignoring_case(text, kSchemaPart, at + 1)) {
		if (at > 0 && is_name_char(text[at - 1]))
			continue;
		std::size_t next = at + kSchemaPart.size();
		if (next < text.size() && text[next] == '"')
			next++;
		next = skip_spaces(text, next);
		if (next < text.size() && text[next] == '.')
			return true;
	}
	return false;
}

// The text may name the setting in a form whose value this file cannot find.
bool unsure(std::string_view text) noexcept {
	if (find_ignoring_case(text, kNamePart) == std::string_view::npos || !names_a_setting_of_identities(text))
		return false;
	std::size_t begin = 0;
	std::size_t end = 0;
	// Named arguments can put the value anywhere: set_config(new_value => '...', setting_name => '...').
	if (next_mention(text, 0, begin, end) && text.find("=>") != std::string_view::npos)
		return true;
	if (!every_occurrence_in_a_mention(text))
		return true;
	for (std::size_t from = 0; next_mention(text, from, begin, end); from = end) {
		std::size_t value_begin = 0;
		std::size_t value_end = 0;
		if (value_span(text, end, value_begin, value_end) == Value::Unsure)
			return true;
	}
	return false;
}

// What a withheld text keeps: its first words up to ": " ("statement: ", "execute S_1: "), when they come before
// any mention and hold no quote.
std::size_t withheld_prefix(std::string_view text) noexcept {
	const std::size_t colon = text.find(": ");
	if (colon == std::string_view::npos || colon > 80)
		return 0;
	const std::string_view prefix = text.substr(0, colon + 2);
	if (prefix.find_first_of("'\"$") != std::string_view::npos ||
	    find_ignoring_case(prefix, kSchemaPart) != std::string_view::npos ||
	    find_ignoring_case(prefix, kNamePart) != std::string_view::npos)
		return 0;
	return prefix.size();
}

} // namespace

bool mentions_public_key(std::string_view text) noexcept {
	std::size_t begin = 0;
	std::size_t end = 0;
	return next_mention(text, 0, begin, end) || unsure(text);
}

std::size_t redact_public_key_values(std::string_view text, char *out, std::size_t out_size) noexcept {
	std::size_t length = 0;
	const auto emit = [&](std::string_view piece) {
		for (const char c : piece) {
			if (out != nullptr && length + 1 < out_size)
				out[length] = c;
			length++;
		}
	};
	const auto terminate = [&] {
		if (out != nullptr && out_size > 0)
			out[length < out_size ? length : out_size - 1] = '\0';
		return length;
	};
	if (unsure(text)) {
		emit(text.substr(0, withheld_prefix(text)));
		emit(kWithheld);
		return terminate();
	}
	bool changed = false;
	std::size_t copied = 0;
	std::size_t begin = 0;
	std::size_t end = 0;
	for (std::size_t from = 0; next_mention(text, from, begin, end);) {
		std::size_t value_begin = 0;
		std::size_t value_end = 0;
		from = end;
		if (value_span(text, end, value_begin, value_end) != Value::Found)
			continue;
		emit(text.substr(copied, value_begin - copied));
		emit(kRedacted);
		copied = value_end;
		from = value_end;
		changed = true;
	}
	if (!changed)
		return 0;
	emit(text.substr(copied));
	return terminate();
}

} // namespace identities
