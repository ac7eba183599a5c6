// The cost of the log's key redaction (src/core/redaction.cpp) on the worst texts found, against a plain copy of
// the same bytes (memcpy, the least any rewrite costs) measured in the same run, interleaved. Prints one line per
// pattern and size: the pattern, the size, milliseconds for redaction (measuring and writing, as the log hook
// does), milliseconds per megabyte, and the ratio to the copy.
//
//   redaction [ROUNDS]   (bench/redaction builds and runs it)
#include "core/redaction.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using identities::redact_public_key_values;

double milliseconds_since(Clock::time_point started) {
	return std::chrono::duration<double, std::milli>(Clock::now() - started).count();
}

double median(std::vector<double> samples) {
	std::sort(samples.begin(), samples.end());
	return samples[samples.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
	const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
	// Statements (behind set_config, so the text names the key and is read whole) and log messages without a
	// mention (only the known key is looked for).
	const char *patterns[] = {"identities/*", "public_key/*", "/*", "'", "\"", "$a$", "$", "E'\\",
	                          "$abcdefghijklmnopqrstuvwxyz", "--\n", "identities.", "q83vEjRWeJCrze8SNFZ4kA",
	                          "'identities.public_key', '", "AAAAAAAAAAAAAAA ", "x"};
	const std::string_view known[] = {"q83vEjRWeJCrze8SNFZ4kA=="};
	std::printf("%-30s %6s %10s %8s %8s %8s\n", "pattern", "MB", "path", "ms", "ms/MB", "x copy");
	for (const std::size_t megabytes : {1, 10}) {
		for (const char *pattern : patterns) {
			for (const bool names_key : {true, false}) {
				std::string text = names_key ? "SELECT set_config(" : "ERROR: ";
				while (text.size() < (megabytes << 20))
					text += pattern;
				std::vector<double> redaction, copy;
				for (int round = 0; round < rounds; round++) {
					auto started = Clock::now();
					const std::size_t length = redact_public_key_values(text, nullptr, 0, known, 1);
					const std::unique_ptr<char[]> out(new char[length + 1]);
					if (length > 0)
						redact_public_key_values(text, out.get(), length + 1, known, 1);
					redaction.push_back(milliseconds_since(started));
					started = Clock::now();
					const std::unique_ptr<char[]> plain(new char[text.size() + 1]);
					std::memcpy(plain.get(), text.data(), text.size() + 1);
					copy.push_back(milliseconds_since(started));
					if (plain[text.size() / 2] == 0x7f) // keeps the copy
						std::puts("");
				}
				const double ms = median(redaction);
				std::string shown = pattern;
				std::replace(shown.begin(), shown.end(), '\n', ' ');
				std::printf("%-30s %6zu %10s %8.2f %8.2f %8.1f\n", shown.c_str(), megabytes,
				            names_key ? "statement" : "message", ms, ms / static_cast<double>(megabytes),
				            ms / std::max(median(copy), 1e-3));
			}
		}
	}
	return 0;
}
