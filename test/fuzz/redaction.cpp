// Redaction of the public-id key in log messages (redact_public_key_values, mentions_public_key).
//
// On any text: the measuring call (no buffer) and the writing call agree on the length; the result is written
// NUL-terminated into a heap buffer of exactly length + 1 bytes, and cut (still terminated, a prefix of the whole)
// into every smaller buffer, with no byte written past out_size; a text with nothing to redact leaves the buffer
// untouched; a redacted text mentions the setting and contains "(redacted)" or is withheld.
// On statements built from the input (every form of the README's SET, ALTER SYSTEM, set_config and the server's
// "parameter ... changed to" line, and the forms whose value is withheld, with a value of digits, '+', '/' and
// doubled quotes, and harmless text around): no character of the value is left in the output.
#include "fuzz.hpp"

#include "core/redaction.hpp"

#include <cstring>
#include <memory>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::string_view kRedacted = "(redacted)";
constexpr std::string_view kWithheld = "(withheld: the text may give identities.public_key a value)";

// The whole redacted text, or nothing when there is nothing to redact; checks the buffer contract on the way.
std::optional<std::string> redacted(std::string_view text, std::size_t cut) {
	const std::size_t length = redact_public_key_values(text, nullptr, 0);
	const bool every_check = cut % 4 == 0; // the cheap contract checks on a quarter of the inputs (each call scans)
	if (every_check)
		FUZZ_CHECK(redact_public_key_values(text, nullptr, 5) == length); // null out: measure only
	if (length == 0) {
		char untouched[4] = {'a', 'b', 'c', 'd'};
		if (every_check)
			FUZZ_CHECK(redact_public_key_values(text, untouched, sizeof untouched) == 0 &&
			           std::memcmp(untouched, "abcd", 4) == 0);
		return std::nullopt;
	}
	const std::unique_ptr<char[]> whole(new char[length + 1]);
	FUZZ_CHECK(redact_public_key_values(text, whole.get(), length + 1) == length);
	FUZZ_CHECK(whole[length] == '\0');
	if (text.find('\0') == std::string_view::npos) // log messages are C strings: no NUL but the last
		FUZZ_CHECK(std::strlen(whole.get()) == length);
	const std::string result(whole.get(), length);
	// A smaller buffer: a terminated prefix, nothing written past it (ASan watches the heap block's end).
	const std::size_t size = 1 + cut % (length + 1);
	const std::unique_ptr<char[]> small(new char[size]);
	FUZZ_CHECK(redact_public_key_values(text, small.get(), size) == length);
	FUZZ_CHECK(small[size - 1] == '\0' && std::memcmp(small.get(), result.data(), size - 1) == 0);
	// Zero bytes of buffer: nothing written at all.
	char none = 'x';
	if (every_check)
		FUZZ_CHECK(redact_public_key_values(text, &none, 0) == length && none == 'x');
	return result;
}

void check_any_text(std::string_view text, std::size_t cut) {
	const auto result = redacted(text, cut);
	if (!result)
		return;
	FUZZ_CHECK(mentions_public_key(text));
	if (result->find(kRedacted) != std::string::npos)
		return; // redacted in place
	// Withheld: only its first words are kept, and they are the text's.
	FUZZ_CHECK(result->size() >= kWithheld.size() &&
	           result->compare(result->size() - kWithheld.size(), kWithheld.size(), kWithheld) == 0);
	const std::size_t kept = result->size() - kWithheld.size();
	FUZZ_CHECK(text.compare(0, kept, *result, 0, kept) == 0);
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
    // withheld: the value is not where a mention's value is
    "SELECT set_config('identities.' || 'public_key', '@', false)",
    "SELECT set_config(setting_name => 'identities.public_key', new_value => '@', is_local => false)",
    "SELECT set_config(new_value => '@', setting_name => 'identities.public_key')",
    "SET identities.public_key = E'@'",
    "SET identities.public_key = $$@$$",
};

constexpr std::string_view kKeyChars = "0123456789+/";

// The input as a statement: byte 0 picks the form, byte 1 the key's length, then the key's characters (a byte
// below 0x10 stands for the form's quote, doubled as SQL escapes it; the others map onto digits, '+' and '/'),
// then the text around it (mapped onto lowercase letters and punctuation without quotes, so it holds none of the
// key's characters and leaves the statement's quoting alone).
void check_statement(std::string_view input) {
	if (input.size() < 2)
		return;
	const std::string_view form = kForms[static_cast<unsigned char>(input[0]) % (sizeof kForms / sizeof kForms[0])];
	const std::size_t at = form.find('@');
	const char quote = at > 0 && (form[at - 1] == '\'' || form[at - 1] == '"') ? form[at - 1] : '\0';
	const std::size_t key_length = 1 + static_cast<unsigned char>(input[1]) % 44; // 1..44 characters
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
