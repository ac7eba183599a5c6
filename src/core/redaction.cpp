#include "core/redaction.hpp"

#include <cstring>

namespace identities {
namespace {

constexpr std::string_view kRedacted = "(redacted)";
// PostgreSQL's identifiers are at most 63 bytes; a longer dollar-quote tag is read as one anyway, up to this.
constexpr std::size_t kLongestDollarTag = 64;

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// The base64 alphabet and its padding, as a table: the scan asks it of nearly every byte.
struct Base64Table {
	bool member[256] = {};
	constexpr Base64Table() {
		for (int c = 0; c < 256; c++)
			member[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
			            c == '/' || c == '=';
	}
};
constexpr Base64Table kBase64;
bool is_base64(char c) noexcept { return kBase64.member[static_cast<unsigned char>(c)]; }
// Characters of an SQL word (a keyword, an identifier, a parameter such as $1); bytes of multibyte characters too.
bool is_word(char c) noexcept {
	return is_letter(c) || is_digit(c) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

bool equal_ignoring_case(std::string_view text, std::string_view lowercase_word) noexcept {
	if (text.size() != lowercase_word.size())
		return false;
	for (std::size_t i = 0; i < text.size(); i++)
		if (lower(text[i]) != lowercase_word[i])
			return false;
	return true;
}

// The words that make a text's values secret: the key settings' names (not public_key_file or
// public_key_previous_file, which hold paths), and set_config, whose name argument may be built from pieces.
bool is_mention_word(std::string_view word) noexcept {
	return equal_ignoring_case(word, "public_key") || equal_ignoring_case(word, "public_key_previous") ||
	       equal_ignoring_case(word, "set_config");
}

// Whether a quoted text holds nothing of a key: a setting's name ('identities.public_key', "identities",
// "public_key"), made of letters, digits, '_' and '.' with a '_' or a '.' (never in base64) or the word
// identities, and without a run of base64 long enough to be a piece of a key.
bool holds_a_name(std::string_view content) noexcept {
	bool name_punctuation = false;
	std::size_t run = 0;
	for (const char c : content) {
		if (c == '_' || c == '.') {
			name_punctuation = true;
			run = 0;
		} else if (is_letter(c) || is_digit(c)) {
			if (++run >= kRedactedRunLength)
				return false;
		} else {
			return false;
		}
	}
	return name_punctuation || equal_ignoring_case(content, "identities");
}

// Writes like snprintf: counts every byte, stores those that fit, and remembers whether anything was redacted.
class Output {
public:
	Output(char *out, std::size_t size) noexcept : out_(out), size_(size) {}

	void put(std::string_view piece) noexcept {
		if (out_ != nullptr && length_ + 1 < size_) {
			const std::size_t room = size_ - 1 - length_;
			std::memcpy(out_ + length_, piece.data(), piece.size() < room ? piece.size() : room);
		}
		length_ += piece.size();
	}
	void redact() noexcept {
		put(kRedacted);
		redacted_ = true;
	}
	// The length of the whole text, or 0 when nothing was redacted (and then the text is not terminated).
	std::size_t finish() noexcept {
		if (!redacted_)
			return 0;
		if (out_ != nullptr && size_ > 0)
			out_[length_ < size_ ? length_ : size_ - 1] = '\0';
		return length_;
	}

private:
	char *out_;
	std::size_t size_;
	std::size_t length_ = 0;
	bool redacted_ = false;
};

class Redactor {
public:
	Redactor(std::string_view text, Output &output, const std::string_view *known_keys, std::size_t known_key_count,
	         bool names_a_key) noexcept
	    : text_(text), output_(output), known_keys_(known_keys), known_key_count_(known_key_count),
	      names_a_key_(names_a_key) {}

	void run() noexcept {
		std::size_t at = 0;
		while (at < text_.size()) {
			const char c = text_[at];
			if (!names_a_key_) {
				at = is_base64(c) ? base64_run(at) : plain(at); // only the known keys are looked for
			} else if (c == '-' && starts(at, "--")) {
				at = line_comment(at);
			} else if (c == '/' && starts(at, "/*")) {
				at = block_comment(at);
			} else if (c == '\'' || c == '"') {
				at = quoted(at);
			} else if (c == '$' && (at == 0 || !is_word(text_[at - 1]))) {
				at = dollar_quoted(at);
			} else if (is_base64(c)) {
				at = base64_run(at);
			} else {
				at = plain(at);
			}
		}
	}

private:
	bool starts(std::size_t at, std::string_view with) const noexcept {
		return at + with.size() <= text_.size() && std::memcmp(text_.data() + at, with.data(), with.size()) == 0;
	}
	bool comment_starts(std::size_t at) const noexcept {
		return text_[at] == '/' && at + 1 < text_.size() && text_[at + 1] == '*';
	}

	// Characters that start nothing, copied in one piece: up to the next base64 character or one that may start
	// a quote, a dollar quote or a comment.
	std::size_t plain(std::size_t at) noexcept {
		std::size_t end = at + 1;
		while (end < text_.size() && !is_base64(text_[end]) &&
		       !(names_a_key_ && (text_[end] == '\'' || text_[end] == '"' || text_[end] == '$' || text_[end] == '-')))
			end++;
		output_.put(text_.substr(at, end - at));
		return end;
	}

	// A run of base64 characters before limit (and a comment's "/*"): redacted when it may be a key, else copied.
	std::size_t base64_run(std::size_t at, std::size_t limit = std::string_view::npos) noexcept {
		// '=' is only padding at the end of a key: it ends a run (so "key=" + a key is two runs).
		std::size_t end = at;
		while (end < limit && end < text_.size() && is_base64(text_[end]) && text_[end] != '=' &&
		       !(names_a_key_ && comment_starts(end)))
			end++;
		while (end < limit && end < text_.size() && text_[end] == '=')
			end++;
		const std::string_view run = text_.substr(at, end - at);
		if ((names_a_key_ && run.size() >= kRedactedRunLength) || holds_a_known_key(run))
			output_.redact();
		else
			output_.put(run);
		return end;
	}

	bool holds_a_known_key(std::string_view run) const noexcept {
		for (std::size_t i = 0; i < known_key_count_; i++)
			if (known_keys_[i].size() >= kRedactedRunLength && run.find(known_keys_[i]) != std::string_view::npos)
				return true;
		return false;
	}

	// A comment is copied, its base64 runs redacted like the rest of the text (quotes in it quote nothing).
	std::size_t comment_body(std::size_t at, std::size_t end) noexcept {
		while (at < end)
			at = is_base64(text_[at]) && !comment_starts(at) ? base64_run(at, end) : plain_before(at, end);
		return end;
	}

	std::size_t plain_before(std::size_t at, std::size_t limit) noexcept {
		std::size_t end = at + 1;
		while (end < limit && !is_base64(text_[end]))
			end++;
		output_.put(text_.substr(at, end - at));
		return end;
	}

	std::size_t line_comment(std::size_t at) noexcept {
		std::size_t end = text_.find('\n', at);
		return comment_body(at, end == std::string_view::npos ? text_.size() : end);
	}

	// /* */ nested as PostgreSQL nests them; unterminated, it runs to the end of the text.
	std::size_t block_comment(std::size_t at) noexcept {
		std::size_t end = at + 2;
		for (int depth = 1; end < text_.size() && depth > 0;) {
			if (starts(end, "/*")) {
				depth++;
				end += 2;
			} else if (starts(end, "*/")) {
				depth--;
				end += 2;
			} else {
				end++;
			}
		}
		return comment_body(at, end < text_.size() ? end : text_.size());
	}

	// A string literal or a quoted identifier: a doubled quote stands for one inside it, and an E'' string takes
	// backslash escapes. Unterminated, it runs to the end of the text.
	std::size_t quoted(std::size_t at) noexcept {
		const char quote = text_[at];
		const bool escapes = quote == '\'' && at > 0 && lower(text_[at - 1]) == 'e' &&
		                     (at == 1 || !is_word(text_[at - 2]));
		std::size_t end = at + 1;
		while (end < text_.size()) {
			if (escapes && text_[end] == '\\' && end + 1 < text_.size()) {
				end += 2;
			} else if (text_[end] == quote) {
				if (end + 1 < text_.size() && text_[end + 1] == quote)
					end += 2;
				else
					break;
			} else {
				end++;
			}
		}
		const std::size_t content_end = end < text_.size() ? end : text_.size();
		output_.put(text_.substr(at, 1));
		content(text_.substr(at + 1, content_end - at - 1));
		if (end < text_.size())
			output_.put(text_.substr(end, 1));
		return end < text_.size() ? end + 1 : end;
	}

	// $tag$ ... $tag$ (the tag may be empty); a '$' that opens no tag ($1, a lone '$') is copied as it is.
	std::size_t dollar_quoted(std::size_t at) noexcept {
		std::size_t tag_end = at + 1;
		while (tag_end < text_.size() && tag_end - at <= kLongestDollarTag &&
		       (is_letter(text_[tag_end]) || text_[tag_end] == '_' ||
		        static_cast<unsigned char>(text_[tag_end]) >= 0x80 || (tag_end > at + 1 && is_digit(text_[tag_end]))))
			tag_end++;
		if (tag_end >= text_.size() || text_[tag_end] != '$')
			return plain(at);
		const std::string_view tag = text_.substr(at, tag_end + 1 - at);
		const std::size_t body = tag_end + 1;
		// find() compares at most the tag's length (at most 66 bytes) at each position: linear in the text.
		const std::size_t close = text_.find(tag, body);
		const std::size_t body_end = close == std::string_view::npos ? text_.size() : close;
		output_.put(tag);
		content(text_.substr(body, body_end - body));
		if (close == std::string_view::npos)
			return text_.size();
		output_.put(tag);
		return close + tag.size();
	}

	void content(std::string_view inside) noexcept {
		if (inside.empty() || holds_a_name(inside))
			output_.put(inside);
		else
			output_.redact();
	}

	std::string_view text_;
	Output &output_;
	const std::string_view *known_keys_;
	std::size_t known_key_count_;
	bool names_a_key_;
};

} // namespace

bool mentions_public_key(std::string_view text) noexcept {
	bool unicode_escapes = false; // U&'...' or U&"..." can spell any name
	bool identities_word = false;
	for (std::size_t at = 0; at < text.size();) {
		if (!is_word(text[at])) {
			at++;
			continue;
		}
		std::size_t end = at;
		while (end < text.size() && is_word(text[end]))
			end++;
		const std::string_view word = text.substr(at, end - at);
		if (is_mention_word(word))
			return true;
		identities_word = identities_word || equal_ignoring_case(word, "identities");
		unicode_escapes = unicode_escapes || (equal_ignoring_case(word, "u") && end + 1 < text.size() &&
		                                      text[end] == '&' && (text[end + 1] == '\'' || text[end + 1] == '"'));
		at = end;
	}
	return unicode_escapes && identities_word;
}

std::size_t redact_public_key_values(std::string_view text, char *out, std::size_t out_size,
                                     const std::string_view *known_keys, std::size_t known_key_count) noexcept {
	Output output(out, out_size);
	const bool names_a_key = mentions_public_key(text);
	if (!names_a_key) {
		// Only a known key can be redacted here: most messages hold none, and are passed at the speed of find().
		bool holds_a_known_key = false;
		for (std::size_t i = 0; i < known_key_count && !holds_a_known_key; i++)
			holds_a_known_key = known_keys[i].size() >= kRedactedRunLength &&
			                    text.find(known_keys[i]) != std::string_view::npos;
		if (!holds_a_known_key)
			return 0;
	}
	Redactor(text, output, known_keys, known_key_count, names_a_key).run();
	return output.finish();
}

} // namespace identities
