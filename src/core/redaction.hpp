// Keeps the public-id keys out of the server log. A key is the base64 of 16, 24 or 32 bytes: one unbroken run of 24,
// 32 or 44 characters of the base64 alphabet. A text that names a key setting (identities.public_key,
// identities.public_key_previous: the word public_key or public_key_previous in any case or quoting, not the _file
// settings) or calls set_config (which may build the name from pieces) is rewritten with every piece of a value
// replaced by "(redacted)": each string literal ('', E'', U&'', dollar-quoted) and quoted identifier but those that
// hold a setting's name, and each run of 16 or more base64 characters anywhere. In every text, a run holding one of
// the keys the caller knows is redacted too. One pass, linear in the text: no rescans, no allocation.
#pragma once

#include <cstddef>
#include <string_view>

namespace identities {

// The shortest run of base64 characters redacted in a text that names a key setting: shorter than any key (24).
constexpr std::size_t kRedactedRunLength = 16;

// Copies the text with every value given to a key setting replaced by "(redacted)" into out (at most out_size bytes,
// always terminated when out_size > 0; out may be null to measure) and returns the length of the whole redacted
// text, or 0 when nothing was redacted (out then holds some of the text, unterminated: callers measure first).
// known_keys (known_key_count of them, each 16 characters or more; shorter ones are ignored) are the key texts the
// caller holds: a run of base64 characters containing one is redacted in any text. Like snprintf, so a caller allocates the result with its own allocator: no exception, no allocation.
std::size_t redact_public_key_values(std::string_view text, char *out, std::size_t out_size,
                                     const std::string_view *known_keys = nullptr,
                                     std::size_t known_key_count = 0) noexcept;

// Whether the text names a key setting or calls set_config (see above): its values and parameters are not logged.
bool mentions_public_key(std::string_view text) noexcept;

} // namespace identities
