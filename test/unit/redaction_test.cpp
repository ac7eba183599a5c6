// The server log never carries the public-id key: every way a message can give identities.public_key a value.
#include "core/redaction.hpp"

#include <gtest/gtest.h>

namespace identities {
namespace {

std::string redacted(std::string_view text) {
	const std::size_t length = redact_public_key_values(text, nullptr, 0);
	if (length == 0)
		return std::string(text);
	std::string out(length + 1, '?');
	EXPECT_EQ(redact_public_key_values(text, out.data(), out.size()), length);
	EXPECT_EQ(out[length], '\0');
	out.resize(length);
	return out;
}

TEST(Redaction, HidesEveryFormOfTheValue) {
	EXPECT_EQ(redacted("parameter \"identities.public_key\" changed to \"AAAAAAAAAAAAAAAAAAAAAA==\""),
	          "parameter \"identities.public_key\" changed to \"(redacted)\"");
	EXPECT_EQ(redacted("statement: ALTER SYSTEM SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAA=='"),
	          "statement: ALTER SYSTEM SET identities.public_key = '(redacted)'");
	EXPECT_EQ(redacted("statement: set IDENTITIES.PUBLIC_KEY to 'k1'; select 1"),
	          "statement: set IDENTITIES.PUBLIC_KEY to '(redacted)'; select 1");
	EXPECT_EQ(redacted("statement: SET identities.public_key=k2;"), "statement: SET identities.public_key=(redacted);");
	EXPECT_EQ(redacted("statement: SELECT set_config('identities.public_key', 'k3', false)"),
	          "statement: SELECT set_config('identities.public_key', '(redacted)', false)");
	EXPECT_EQ(redacted("SET identities.public_key = 'it''s' ; SET identities.public_key = 'k5'"),
	          "SET identities.public_key = '(redacted)' ; SET identities.public_key = '(redacted)'");
	// Comments where white space may be, the name quoted or spaced.
	EXPECT_EQ(redacted("SET identities.public_key = /* c */ 'k6'"), "SET identities.public_key = /* c */ '(redacted)'");
	EXPECT_EQ(redacted("SET identities.public_key =\n-- c 'x'\n'k7'"),
	          "SET identities.public_key =\n-- c 'x'\n'(redacted)'");
	EXPECT_EQ(redacted("SET identities.public_key /* a /* nested */ one */ TO k8"),
	          "SET identities.public_key /* a /* nested */ one */ TO (redacted)");
	EXPECT_EQ(redacted("SET \"identities\".\"public_key\" = 'k9'"), "SET \"identities\".\"public_key\" = '(redacted)'");
	EXPECT_EQ(redacted("SET \"identities.public_key\" = 'k10'"), "SET \"identities.public_key\" = '(redacted)'");
	EXPECT_EQ(redacted("SET identities . public_key = 'k11'"), "SET identities . public_key = '(redacted)'");
	EXPECT_EQ(redacted("SET identities./* c */public_key = 'k12'"), "SET identities./* c */public_key = '(redacted)'");
	// The previous key of a rotation, as the current one.
	EXPECT_EQ(redacted("parameter \"identities.public_key_previous\" changed to \"AAAAAAAAAAAAAAAAAAAAAA==\""),
	          "parameter \"identities.public_key_previous\" changed to \"(redacted)\"");
	EXPECT_EQ(redacted("SET IDENTITIES.\"PUBLIC_KEY_PREVIOUS\" TO 'k13'"),
	          "SET IDENTITIES.\"PUBLIC_KEY_PREVIOUS\" TO '(redacted)'");
	EXPECT_EQ(redacted("SELECT set_config('identities.public_key_previous', 'k14', false)"),
	          "SELECT set_config('identities.public_key_previous', '(redacted)', false)");
}

// Forms whose value cannot be found: the whole text is withheld, but for its first words.
TEST(Redaction, WithholdsTextsThatNameTheSettingOtherwise) {
	const std::string withheld = "(withheld: the text may give identities.public_key a value)";
	EXPECT_EQ(redacted("statement: SELECT set_config('identities.' || 'public_key', 'k1', false)"),
	          "statement: " + withheld);
	EXPECT_EQ(redacted("statement: SELECT set_config(setting_name => 'identities.public_key', new_value => 'k2', "
	                   "is_local => false)"),
	          "statement: " + withheld);
	EXPECT_EQ(redacted("SELECT set_config(new_value => 'k3', setting_name => 'identities.public_key')"), withheld);
	EXPECT_EQ(redacted("statement: SET identities.public_key = E'k4'"), "statement: " + withheld);
	EXPECT_EQ(redacted("statement: SET identities.public_key = $$k5$$"), "statement: " + withheld);
	// The statement inside another literal, its quotes doubled: a DO block, an EXECUTE.
	EXPECT_EQ(redacted("statement: DO $$BEGIN EXECUTE 'SET identities.public_key = ''k8'''; END$$"),
	          "statement: " + withheld);
	EXPECT_EQ(redacted("SELECT run('SET identities.public_key TO ''k9''')"), withheld);
	EXPECT_EQ(redacted("SET identities.public_key = ''"), "SET identities.public_key = ''"); // empty: nothing to hide
	EXPECT_EQ(redacted("execute S_1: SELECT set_config('identities.pub' || 'lic_key', $1, false)"),
	          "execute S_1: SELECT set_config('identities.pub' || 'lic_key', $1, false)"); // no name: the parameters are the glue's
	EXPECT_EQ(redacted("myidentities.public_key = 'x'"), "myidentities.public_key = 'x'"); // not the setting
	EXPECT_EQ(redacted("SET my.identities.public_key = 'x'"), "SET my.identities.public_key = 'x'");
	EXPECT_EQ(redacted("SET identities.public_key_previous_file = '/k'"), "SET identities.public_key_previous_file = '/k'");
	EXPECT_EQ(redacted("SET identities.public_key_previously = 'x'"), "SET identities.public_key_previously = 'x'");
	EXPECT_EQ(redacted("statement: SELECT set_config('identities.public_key' || '_previous', 'k15', false)"),
	          "statement: " + withheld);
	// A prefix is kept only before any mention and without quotes.
	EXPECT_EQ(redacted("SELECT 'a: b', set_config('identities.' || 'public_key', 'k7', false)"), withheld);
	EXPECT_TRUE(mentions_public_key("SELECT set_config('identities.' || 'public_key', 'k1', false)"));
}

TEST(Redaction, TruncatesIntoASmallBufferAndStillTerminates) {
	const char *text = "SET identities.public_key = 'secret'";
	char small[12];
	EXPECT_EQ(redact_public_key_values(text, small, sizeof small), std::string_view("SET identities.public_key = '(redacted)'").size());
	EXPECT_STREQ(small, "SET identit");
}

TEST(Redaction, LeavesOtherTextAlone) {
	for (const char *text : {"SET identities.public_key_file = '/etc/key'", "SHOW identities.public_key",
	                         "RESET identities.public_key", "parameter \"identities.siq_domain\" changed to \"a.b\"",
	                         "SET identities.public_key = ''", "SELECT public_key FROM identities_users",
	                         "SELECT public_key, identities FROM t WHERE public_key = 'x'",
	                         "SET identities.public_key_file = '/k' /* identities.public_key */"})
		EXPECT_EQ(redact_public_key_values(text, nullptr, 0), 0u) << text;
	EXPECT_TRUE(mentions_public_key("SHOW identities.public_key"));
	EXPECT_FALSE(mentions_public_key("SHOW identities.public_key_file"));
}

} // namespace
} // namespace identities
