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
	                         "myidentities.public_key = 'x'", "SET identities.public_key = ''"})
		EXPECT_EQ(redact_public_key_values(text, nullptr, 0), 0u) << text;
	EXPECT_TRUE(mentions_public_key("SHOW identities.public_key"));
	EXPECT_FALSE(mentions_public_key("SHOW identities.public_key_file"));
}

} // namespace
} // namespace identities
