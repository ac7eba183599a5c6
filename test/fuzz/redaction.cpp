// Redaction of the public-id key in log messages (redact_public_key_values, mentions_public_key).
//
// On any text: the measuring call (no buffer) and the writing call agree on the length; the result is written
// NUL-terminated into a heap buffer of exactly length + 1 bytes, and cut (still terminated, a prefix of the whole)
// into every smaller buffer, with no byte written past out_size; a redacted text contains "(redacted)", and mentions the setting unless a known key was in it.
// On statements built from the input (every form of doc/reference.md's SET, ALTER SYSTEM, set_config with casts and
// named arguments, the server's "parameter ... changed to" line, E'' and dollar quotes, statements inside other
// literals, with a value of digits, '+', '/' and doubled quotes, and harmless text around): no character of the value
// is left in the output. Time: test/fuzz/redaction_time.cpp.
#include "fuzz.hpp"

#include "core/redaction.hpp"

#include <cstring>
#include <memory>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::string_view kRedacted = "(redacted)";
constexpr std::string_view kKnownKey = "q83vEjRWeJCrze8SNFZ4kA==";

// The whole redacted text, or nothing when there is nothing to redact; checks the buffer contract on the way.
std::optional<std::string> redacted(std::string_view text, std::size_t cut) {
	const std::string_view known[] = {kKnownKey};
	const std::size_t length = redact_public_key_values(text, nullptr, 0, known, 1);
	const bool every_check = cut % 4 == 0; // the cheap contract checks on a quarter of the inputs (each call scans)
	if (every_check)
		FUZZ_CHECK(redact_public_key_values(text, nullptr, 5, known, 1) == length); // null out: measure only
	if (length == 0)
		return std::nullopt;
	const std::unique_ptr<char[]> whole(new char[length + 1]);
	FUZZ_CHECK(redact_public_key_values(text, whole.get(), length + 1, known, 1) == length);
	FUZZ_CHECK(whole[length] == '\0');
	if (text.find('\0') == std::string_view::npos) // log messages are C strings: no NUL but the last
		FUZZ_CHECK(std::strlen(whole.get()) == length);
	const std::string result(whole.get(), length);
	// A smaller buffer: a terminated prefix, nothing written past it (ASan watches the heap block's end).
	const std::size_t size = 1 + cut % (length + 1);
	const std::unique_ptr<char[]> small(new char[size]);
	FUZZ_CHECK(redact_public_key_values(text, small.get(), size, known, 1) == length);
	FUZZ_CHECK(small[size - 1] == '\0' && std::memcmp(small.get(), result.data(), size - 1) == 0);
	// Zero bytes of buffer: nothing written at all.
	char none = 'x';
	if (every_check)
		FUZZ_CHECK(redact_public_key_values(text, &none, 0, known, 1) == length && none == 'x');
	return result;
}

void check_any_text(std::string_view text, std::size_t cut) {
	const auto result = redacted(text, cut);
	if (!result)
		return;
	FUZZ_CHECK(result->find(kRedacted) != std::string::npos);
	FUZZ_CHECK(mentions_public_key(text) || text.find(kKnownKey) != std::string_view::npos);
	FUZZ_CHECK(result->find(kKnownKey) == std::string::npos);
}

// The statement forms, with @ for the key. Each starts with a keyword, so the text before it cannot run into it.
// A character of the key (digits, '+', '/') in the output that the form itself does not hold comes from the key.
constexpr const char *kForms[] = {
    "SET identities.public_key = '@'",
    "SET identities.public_key TO '@'",
    "set identities.public_key to @",
    "SET identities.public_key=@;",
    "SET SESSION identities.public_key = \"@\"",
    "ALTER SYSTEM SET identities.public_key = '@'",
    "alter database db SET identities.public_key TO '@'",
    "ALTER ROLE r SET Identities.Public_Key = '@'",
    "SELECT set_config('identities.public_key', '@', false)",
    "select set_config( 'identities.public_key' , '@' , true)",
    "parameter \"identities.public_key\" changed to \"@\"",
    "LOG:  parameter \"identities.public_key\" changed to \"@\"",
    "statement: SET identities.public_key = '@'; SELECT one",
    "SET identities.public_key = /* c /* d */ e */ '@'",
    "SET identities.public_key =\n-- c\n'@'",
    "SET \"identities\".\"public_key\" = '@'",
    "SET identities . public_key TO '@'",
    "SET \"identities.public_key\" = '@'",
    "SELECT set_config('identities.' || 'public_key', '@', false)",
    "SELECT set_config(setting_name => 'identities.public_key', new_value => '@', is_local => false)",
    "SELECT set_config(new_value := '@', setting_name := 'identities.public_key')",
    "SELECT set_config('identities.public_key'::text, '@'::text, false)",
    "SELECT set_config($2, '@', false)",
    "SET identities.public_key = E'@'",
    "SET identities.public_key = $$@$$",
    "SET identities.public_key = $tag$@$tag$",
    "DO $$BEGIN EXECUTE 'SET identities.public_key = ''@'''; END$$",
    "SET identities.public_key = '@' -- it's here",
    "SET identities.public_key = /* it's */ '@'",
};

constexpr std::string_view kKeyChars = "0123456789+/";

// The input as a statement: byte 0 picks the form, byte 1 the key's length (24, 32 or 44), then the key's
// characters (a byte below 0x10 stands for the form's quote, doubled as SQL escapes it; the others map onto digits,
// '+' and '/'),
// then the text around it (mapped onto lowercase letters and punctuation without quotes, so it holds none of the
// key's characters and leaves the statement's quoting alone).
void check_statement(std::string_view input) {
	if (input.size() < 2)
		return;
	const std::string_view form = kForms[static_cast<unsigned char>(input[0]) % (sizeof kForms / sizeof kForms[0])];
	const std::size_t at = form.find('@');
	const char quote = at > 0 && (form[at - 1] == '\'' || form[at - 1] == '"') ? form[at - 1] : '\0';
	// As long as a key's text (16, 24 or 32 bytes): shorter values are no keys, and unquoted ones are left alone.
	const std::size_t key_length = std::size_t{24} + 8 * (static_cast<unsigned char>(input[1]) % 3) +
	                               4 * (static_cast<unsigned char>(input[1]) % 3 == 2);
	input.remove_prefix(2);
	std::string key;
	for (std::size_t i = 0; i < key_length; i++) {
		const unsigned char c = i < input.size() ? static_cast<unsigned char>(input[i]) : static_cast<unsigned char>(i);
		if (c < 0x10 && quote != '\0' && i > 0)
			key.append(2, quote);
		else
			key.push_back(kKeyChars[c % kKeyChars.size()]);
	}
	input.remove_prefix(std::min(key_length, input.size()));
	static constexpr std::string_view kAroundChars = "abcdefghijklmnopqrstuvwxyz ;.,_()\n\t";
	std::string around;
	for (const char c : input)
		around.push_back(kAroundChars[static_cast<unsigned char>(c) % kAroundChars.size()]);
	const std::size_t split = around.size() / 2;
	std::string statement(form);
	statement.replace(at, 1, key);
	const std::string text = around.substr(0, split) + " " + statement + " " + around.substr(split);
	const auto result = redacted(text, input.size());
	FUZZ_CHECK(result.has_value());
	for (const char c : kKeyChars) // no piece of the key is left
		FUZZ_CHECK(form.find(c) != std::string_view::npos || result->find(c) == std::string::npos);
}

} // namespace

void fuzz_one(std::string_view input) {
	check_any_text(input, input.size() * 7919);
	check_statement(input);
}
