// Keeps the public-id keys out of the server log: the values given to identities.public_key (and to
// identities.public_key_previous, the decode-only key of a rotation: "the setting" below is either) in a message's
// text (a SET or ALTER SYSTEM statement, set_config(), PostgreSQL's "parameter ... changed to" line; the name
// in either case, its parts quoted or spaced, comments around) are replaced by "(redacted)". A text that names
// the setting in a way whose value cannot be found (a name built by an expression, named arguments, an E'' or
// dollar-quoted value) is withheld whole but for its first words ("statement: ").
#pragma once

#include <cstddef>
#include <string_view>

namespace identities {

// Copies the text with every value given to identities.public_key replaced by "(redacted)", or withheld, into out (at most
// out_size bytes, always terminated when out_size > 0; out may be null to measure) and returns the length of
// the whole redacted text, or 0 when the text gives the setting no value (nothing to redact). Like snprintf,
// so a caller allocates the result with its own allocator: no exception, no allocation here.
std::size_t redact_public_key_values(std::string_view text, char *out, std::size_t out_size) noexcept;

// Whether the text names identities.public_key or identities.public_key_previous at all, in any spelling above
// (the _file settings do not count).
bool mentions_public_key(std::string_view text) noexcept;

} // namespace identities
