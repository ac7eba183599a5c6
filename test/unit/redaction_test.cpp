// The server log never carries the public-id key: every way a message can give identities.public_key a value.
#include "core/redaction.hpp"

#include <gtest/gtest.h>

#include <string>

namespace identities {
namespace {

// Keys as the settings take them: the base64 of 16, 24 and 32 bytes.
const std::string k16 = "q83vEjRWeJCrze8SNFZ4kA==";
const std::string k24 = "ASNFZ4mrze8BI0VniavN7wEjRWeJq83v";
const std::string k32 = "ASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4mrze8=";

std::string redacted(std::string_view text, std::initializer_list<std::string_view> known = {}) {
	const std::size_t length = redact_public_key_values(text, nullptr, 0, known.begin(), known.size());
	if (length == 0)
		return std::string(text);
	std::string out(length + 1, '?');
	EXPECT_EQ(redact_public_key_values(text, out.data(), out.size(), known.begin(), known.size()), length);
	EXPECT_EQ(out[length], '\0');
	out.resize(length);
	return out;
}

// The text with @ replaced by the key.
std::string with(std::string text, const std::string &key) {
	for (std::size_t at = text.find('@'); at != std::string::npos; at = text.find('@', at + key.size()))
		text.replace(at, 1, key);
	return text;
}

TEST(Redaction, HidesEveryFormOfTheValue) {
	const std::pair<const char *, const char *> cases[] = {
	    {"parameter \"identities.public_key\" changed to \"@\"",
	     "parameter \"identities.public_key\" changed to \"(redacted)\""},
	    {"statement: ALTER SYSTEM SET identities.public_key = '@'",
	     "statement: ALTER SYSTEM SET identities.public_key = '(redacted)'"},
	    {"statement: set IDENTITIES.PUBLIC_KEY to '@'; select 1",
	     "statement: set IDENTITIES.PUBLIC_KEY to '(redacted)'; select 1"},
	    {"statement: SET identities.public_key=@;", "statement: SET identities.public_key=(redacted);"},
	    {"statement: SELECT set_config('identities.public_key', '@', false)",
	     "statement: SELECT set_config('identities.public_key', '(redacted)', false)"},
	    // Comments where white space may be, the name quoted or spaced.
	    {"SET identities.public_key = /* c */ '@'", "SET identities.public_key = /* c */ '(redacted)'"},
	    {"SET identities.public_key =\n-- it's a comment\n'@'",
	     "SET identities.public_key =\n-- it's a comment\n'(redacted)'"},
	    {"SET identities.public_key /* a /* nested ' */ one */ TO @",
	     "SET identities.public_key /* a /* nested ' */ one */ TO (redacted)"},
	    {"SET \"identities\".\"public_key\" = '@'", "SET \"identities\".\"public_key\" = '(redacted)'"},
	    {"SET \"identities.public_key\" = '@'", "SET \"identities.public_key\" = '(redacted)'"},
	    {"SET identities . public_key = '@'", "SET identities . public_key = '(redacted)'"},
	    {"SET identities./* c */public_key = \"@\"", "SET identities./* c */public_key = \"(redacted)\""},
	    // The previous key of a rotation, as the current one.
	    {"parameter \"identities.public_key_previous\" changed to \"@\"",
	     "parameter \"identities.public_key_previous\" changed to \"(redacted)\""},
	    {"SET IDENTITIES.\"PUBLIC_KEY_PREVIOUS\" TO '@'", "SET IDENTITIES.\"PUBLIC_KEY_PREVIOUS\" TO '(redacted)'"},
	    // set_config with casts, named arguments in either notation and order, the name built by an expression.
	    {"SELECT set_config('identities.public_key'::text, '@'::text, false)",
	     "SELECT set_config('identities.public_key'::text, '(redacted)'::text, false)"},
	    {"SELECT set_config(setting_name => 'identities.public_key', new_value => '@', is_local => false)",
	     "SELECT set_config(setting_name => 'identities.public_key', new_value => '(redacted)', is_local => false)"},
	    {"SELECT set_config(new_value := '@', setting_name := 'identities.public_key', is_local := false)",
	     "SELECT set_config(new_value := '(redacted)', setting_name := 'identities.public_key', is_local := false)"},
	    {"SELECT set_config('identities.' || 'pub' || 'lic_key', '@', false)",
	     "SELECT set_config('identities.' || '(redacted)' || 'lic_key', '(redacted)', false)"},
	    {"select pg_catalog.set_config(format('%s.%s', 'identities', 'public_key'), @, true)",
	     "select pg_catalog.set_config(format('(redacted)', 'identities', 'public_key'), (redacted), true)"},
	    // Other quotings of the value.
	    {"SET identities.public_key = E'@'", "SET identities.public_key = E'(redacted)'"},
	    {"SET identities.public_key = $$@$$", "SET identities.public_key = $$(redacted)$$"},
	    {"SET identities.public_key = $k$@$k$", "SET identities.public_key = $k$(redacted)$k$"},
	    // A statement inside another literal, its quotes doubled: a DO block, an EXECUTE, PL/pgSQL's QUERY line.
	    {"statement: DO $$BEGIN EXECUTE 'SET identities.public_key = ''@'''; END$$",
	     "statement: DO $$(redacted)$$"},
	    {"SELECT run('SET identities.public_key TO ''@''')", "SELECT run('(redacted)')"},
	    {"SET identities.public_key = '@'", "SET identities.public_key = '(redacted)'"},
	    // Unterminated quotes and comments run to the end.
	    {"SET identities.public_key = '@", "SET identities.public_key = '(redacted)"},
	    {"SET identities.public_key = /* '@'", "SET identities.public_key = /* '(redacted)'"},
	};
	for (const std::string &key : {k16, k24, k32})
		for (const auto &[text, expected] : cases)
			EXPECT_EQ(redacted(with(text, key)), expected) << text << " with " << key;
}

// A key cut into pieces, escaped, or made of pieces of base64 shorter than a key: no piece is left.
TEST(Redaction, HidesPiecesAndEscapes) {
	EXPECT_EQ(redacted("SET identities.public_key = 'q83vEjRWeJCr' 'ze8SNFZ4kA=='"),
	          "SET identities.public_key = '(redacted)' '(redacted)'");
	EXPECT_EQ(redacted("SELECT set_config('identities.public_key', E'\\x71\\x383vEjRWeJCrze8SNFZ4kA==', false)"),
	          "SELECT set_config('identities.public_key', E'(redacted)', false)");
	EXPECT_EQ(redacted("SELECT set_config('identities.public_key', U&'\\0071\\00383vEjRWeJCrze8SNFZ4kA==', false)"),
	          "SELECT set_config('identities.public_key', U&'(redacted)', false)");
	// E'' escapes a quote with a backslash: the literal goes on past it.
	EXPECT_EQ(redacted("SET identities.public_key = E'it\\'s q83vEjRWeJCr'"),
	          "SET identities.public_key = E'(redacted)'");
	// Unicode escapes can spell the name itself.
	EXPECT_TRUE(mentions_public_key("SET identities.U&\"public\\005fkey\" = 'x'"));
	EXPECT_EQ(redacted("SET identities.U&\"public\\005fkey\" = 'q83vEjRWeJCr'"),
	          "SET identities.U&\"(redacted)\" = '(redacted)'");
}

// Parameters bound in either order: the text names nothing but set_config, whose arguments the glue withholds.
TEST(Redaction, MentionsSetConfigWhateverItsArguments) {
	EXPECT_TRUE(mentions_public_key("SELECT set_config($1, $2, false)"));
	EXPECT_TRUE(mentions_public_key("SELECT SET_CONFIG($2, $1, false)"));
	EXPECT_TRUE(mentions_public_key("SHOW identities.public_key"));
	EXPECT_TRUE(mentions_public_key("SELECT set_config('identities.' || 'pub' || 'lic_key', 'x', false)"));
	EXPECT_FALSE(mentions_public_key("SHOW identities.public_key_file"));
	EXPECT_FALSE(mentions_public_key("SET identities.public_key_previous_file = '/k'"));
	EXPECT_FALSE(mentions_public_key("SELECT public_id(5), public_id_key('x'), my_set_config(1)"));
	EXPECT_FALSE(mentions_public_key("SELECT U&'\\0041' FROM t"));
}

TEST(Redaction, KnownKeysInAnyText) {
	const std::string message = "could not do it with " + k16 + " in it";
	EXPECT_EQ(redacted(message, {k16}), "could not do it with (redacted) in it");
	EXPECT_EQ(redacted(message, {k24, k32}), message);
	EXPECT_EQ(redacted("SELECT '" + k24 + "x'", {k24}), "SELECT '(redacted)'");
	EXPECT_EQ(redacted("x", {""}), "x"); // an empty or short known key matches nothing
	EXPECT_EQ(redacted("abcd", {"abc"}), "abcd");
}

TEST(Redaction, TruncatesIntoASmallBufferAndStillTerminates) {
	const std::string text = "SET identities.public_key = '" + k16 + "'";
	char small[12];
	EXPECT_EQ(redact_public_key_values(text, small, sizeof small),
	          std::string_view("SET identities.public_key = '(redacted)'").size());
	EXPECT_STREQ(small, "SET identit");
}

TEST(Redaction, LeavesOtherTextAlone) {
	for (const char *text :
	     {"SET identities.public_key_file = '/etc/key'", "SHOW identities.public_key", "RESET identities.public_key",
	      "parameter \"identities.siq_domain\" changed to \"a.b\"", "SET identities.public_key = ''",
	      "SELECT public_key FROM identities_users",
	      "SELECT 'q83vEjRWeJCrze8SNFZ4kA==' AS not_a_statement_about_keys", "SELECT $1, $$ x $$, a$b"})
		EXPECT_EQ(redact_public_key_values(text, nullptr, 0), 0u) << text;
	// What it costs: every value of a text that calls set_config or names the key is hidden, not only the key's.
	EXPECT_EQ(redacted("SELECT set_config('identities.snowflake_worker', '3', false)"),
	          "SELECT set_config('identities.snowflake_worker', '(redacted)', false)");
	EXPECT_EQ(redacted("SET identities.public_key_file = '/k' /* identities.public_key */"),
	          "SET identities.public_key_file = '(redacted)' /* identities.public_key */");
}

} // namespace
} // namespace identities
