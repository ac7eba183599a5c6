// Text encodings of raw bytes shared by the formats.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace identities {

// Lowercase hex, two digits a byte.
std::string hex_lower(const std::uint8_t *bytes, std::size_t length);

// bytea's escape-free text form for error messages: \x and lowercase hex, cut after 32 bytes ("...").
std::string format_bytea_excerpt(const std::uint8_t *bytes, std::size_t length);

// The canonical 8-4-4-4-12 lowercase form of 16 uuid bytes.
std::string format_uuid(const std::uint8_t *bytes);

} // namespace identities
