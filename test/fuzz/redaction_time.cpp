// The time the log's redaction takes (redact_public_key_values, mentions_public_key): linear in the text.
//
// The input, repeated to 256 KB, is redacted twice, as the log hook does (measure, then write): once behind a
// call of set_config (a text that names the key: its literals, comments, dollar quotes and base64 runs are all
// read) and once as it is, with a known key (the other path). libFuzzer's -timeout (test/fuzz/run: 30 s) fails an
// input that takes longer; the quadratic scan this replaced took 17.7 s on 120 KB of "identities/*" and would take
// over a minute here. The seeds (test/fuzz/corpus/redaction_time) are the worst patterns found: comments, quotes
// and dollar quotes left open, long dollar tags, the setting's name repeated. test/fuzz/run runs it fewer times
// (each execution reads a megabyte).
#include "fuzz.hpp"

#include "core/redaction.hpp"

#include <memory>

namespace {

using namespace identities;

constexpr std::size_t kTextSize = std::size_t{256} << 10;
constexpr std::string_view kKnownKey = "q83vEjRWeJCrze8SNFZ4kA==";

void redact_twice(std::string_view text, const std::string_view *known, std::size_t known_count) {
	const std::size_t length = redact_public_key_values(text, nullptr, 0, known, known_count);
	if (length == 0)
		return;
	const std::unique_ptr<char[]> out(new char[length + 1]);
	FUZZ_CHECK(redact_public_key_values(text, out.get(), length + 1, known, known_count) == length);
}

} // namespace

void fuzz_one(std::string_view input) {
	if (input.empty())
		return;
	std::string text = "SELECT set_config(";
	text.reserve(kTextSize + input.size());
	while (text.size() < kTextSize)
		text.append(input);
	redact_twice(text, nullptr, 0);
	const std::string_view known[] = {kKnownKey};
	redact_twice(std::string_view(text).substr(18), known, 1);
}
