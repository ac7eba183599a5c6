// SIQ text: the siq type's input (parse_siq: hex digits or a did:siq: string), siq_from_did and siq_from_cb32
// (Crockford base32), and the forms the core writes (format_siq_hex, siq_to_did, siq_to_cb32, siq_to_base64).
//
// References written here decide what must be accepted and with which error code: hex of 1 to 28 digits (more
// significant digits: 22003; more digits: 22P02); a did:siq: body of 29 RFC 4648 base32 chars whose CRC-32 (a
// bit-at-a-time CRC, not the core's table) matches; 1 to 24 Crockford chars (value above 2^112-1: 22003).
// Accepted text formats back to its canonical form (lowercase hex padded to 28 digits; "did:siq:" + the body in
// lowercase; Crockford in uppercase, aliases replaced, leading zeros dropped), which parses back to the same
// value. The input's first 14 bytes, read as a siq, go through every writer and back. The text is also taken as a
// qualifier name (siq_qualifier: exactly one of the 15 names, else 22023) and a domain (siq_domain_hash: ASCII
// only, else 22023; the last 4 bytes of its SHA-256, "" and "0" giving 0).
#include "fuzz.hpp"

#include "core/encoders.hpp"
#include "core/siq.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <cstring>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::string_view kPrefix = "did:siq:";

std::string hex28(Uint128 value) {
	char text[kSiqHexLength + 1];
	format_siq_hex(value, text);
	FUZZ_CHECK(text[kSiqHexLength] == '\0' && std::strlen(text) == kSiqHexLength);
	return text;
}

// The did:siq: body's value, or nothing when malformed or the checksum does not match (the reference).
std::optional<Uint128> reference_did_body(std::string_view body) {
	if (body.size() != kSiqDidBodyLength)
		return std::nullopt;
	const auto bytes = reference_base32_decode("aaa" + std::string(body), 20, rfc4648_base32_value);
	if (!bytes)
		return std::nullopt;
	const auto *raw = reinterpret_cast<const std::uint8_t *>(bytes->data());
	if (bytes_value(raw, 6) != reference_crc32(raw + 6, kSiqSize))
		return std::nullopt;
	return bytes_value(raw + 6, kSiqSize);
}

void check_did(std::string_view body, const Outcome<Uint128> &parsed) {
	const auto reference = reference_did_body(body);
	if (!reference) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	FUZZ_CHECK(parsed.ok() && *parsed.value == *reference);
	const std::string did = siq_to_did(*reference);
	FUZZ_CHECK(did == std::string(kPrefix) + lower(body));
	FUZZ_CHECK(siq_from_did(did) == *reference);
}

void check_parse_siq(std::string_view text) {
	const auto parsed = attempt([&] { return parse_siq(text); });
	const std::string_view trimmed = reference_trim(text);
	if (trimmed.substr(0, kPrefix.size()) == kPrefix) {
		check_did(trimmed.substr(kPrefix.size()), parsed);
		return;
	}
	const bool hex =
	    !trimmed.empty() && std::all_of(trimmed.begin(), trimmed.end(), [](char c) { return hex_digit_value(c) >= 0; });
	if (!hex) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	const std::size_t first = trimmed.find_first_not_of('0');
	const std::size_t significant = first == std::string_view::npos ? 0 : trimmed.size() - first;
	if (significant > kSiqHexLength) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::NumericValueOutOfRange);
		return;
	}
	if (trimmed.size() > kSiqHexLength) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	FUZZ_CHECK(parsed.ok() && *parsed.value <= kSiqMax);
	const std::string formatted = hex28(*parsed.value); // siq_out
	FUZZ_CHECK(formatted == std::string(kSiqHexLength - trimmed.size(), '0') + lower(trimmed));
	FUZZ_CHECK(parse_siq(formatted) == *parsed.value);
}

void check_siq_from_did(std::string_view text) {
	const auto parsed = attempt([&] { return siq_from_did(text); });
	// With the prefix or, as SUOU's removeprefix, without.
	check_did(text.substr(0, kPrefix.size()) == kPrefix ? text.substr(kPrefix.size()) : text, parsed);
}

void check_siq_from_cb32(std::string_view text) {
	const auto parsed = attempt([&] { return siq_from_cb32(text); });
	std::optional<std::string> bytes;
	if (!text.empty() && text.size() <= kSiqCrockfordMaxLength)
		bytes = reference_base32_decode(std::string(kSiqCrockfordMaxLength - text.size(), '0') + std::string(text), 15,
		                                crockford_base32_value);
	if (!bytes) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::InvalidTextRepresentation);
		return;
	}
	if ((*bytes)[0] != 0) {
		FUZZ_CHECK(!parsed.ok() && parsed.code == ErrorCode::NumericValueOutOfRange);
		return;
	}
	FUZZ_CHECK(parsed.ok());
	FUZZ_CHECK(*parsed.value == bytes_value(reinterpret_cast<const std::uint8_t *>(bytes->data()) + 1, kSiqSize));
	std::string canonical;
	for (const char c : text)
		canonical.push_back(crockford_canonical(c));
	FUZZ_CHECK(siq_to_cb32(*parsed.value) == without_leading_zeros(canonical));
}

// The qualifier's SQL name (siq_qualifier): exactly one of the 15 names, else 22023.
void check_qualifier_name(std::string_view text) {
	const auto found = attempt([&] { return &siq_qualifier(text); });
	const SiqQualifier *expected = nullptr;
	for (const SiqQualifier &qualifier : kSiqQualifiers)
		if (text == qualifier.name)
			expected = &qualifier;
	if (expected == nullptr) {
		FUZZ_CHECK(!found.ok() && found.code == ErrorCode::InvalidParameterValue);
		return;
	}
	FUZZ_CHECK(found.ok() && *found.value == expected);
	FUZZ_CHECK(siq_qualifier_by_value(expected->value) == expected);
	FUZZ_CHECK(decode_siq_tail(siq_tail(siq_max_serial(*expected), *expected)).qualifier == expected);
}

// The domain argument (siq_domain_hash): ASCII only (else 22023); "" and "0" hash to 0, anything else to the
// last 4 bytes of its SHA-256, computed here with OpenSSL's one-shot SHA256().
void check_domain(std::string_view text) {
	const auto hash = attempt([&] { return siq_domain_hash(text); });
	const bool ascii =
	    std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
	if (!ascii) {
		FUZZ_CHECK(!hash.ok() && hash.code == ErrorCode::InvalidParameterValue);
		return;
	}
	FUZZ_CHECK(hash.ok());
	if (text.empty() || text == "0") {
		FUZZ_CHECK(*hash.value == 0);
		return;
	}
	unsigned char digest[SHA256_DIGEST_LENGTH];
	SHA256(reinterpret_cast<const unsigned char *>(text.data()), text.size(), digest);
	FUZZ_CHECK(*hash.value == bytes_value(digest + 28, 4));
}

// Every writer, then its reader, on one value.
void check_writers(Uint128 value) {
	const std::string hex = hex28(value);
	FUZZ_CHECK(parse_siq(hex) == value);
	FUZZ_CHECK(parse_siq(upper(hex)) == value);
	const std::string did = siq_to_did(value);
	FUZZ_CHECK(did.size() == kPrefix.size() + kSiqDidBodyLength && did.substr(0, kPrefix.size()) == kPrefix);
	FUZZ_CHECK(reference_did_body(did.substr(kPrefix.size())) == value);
	FUZZ_CHECK(siq_from_did(did) == value && siq_from_did(did.substr(kPrefix.size())) == value);
	FUZZ_CHECK(parse_siq(did) == value && parse_siq(upper(did.substr(kPrefix.size())).insert(0, kPrefix)) == value);
	const std::string cb32 = siq_to_cb32(value);
	FUZZ_CHECK(!cb32.empty() && cb32.size() <= kSiqCrockfordMaxLength - 1);
	FUZZ_CHECK(siq_from_cb32(cb32) == value && siq_from_cb32(lower(cb32)) == value);
	const std::string base64 = siq_to_base64(value);
	FUZZ_CHECK(base64.size() == kSiqBase64Length);
	FUZZ_CHECK(base64.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
	           std::string::npos);
	std::uint8_t bytes[kSiqSize];
	store_siq(value, bytes);
	FUZZ_CHECK(crc32(bytes, kSiqSize) == reference_crc32(bytes, kSiqSize));
}

} // namespace

void fuzz_one(std::string_view input) {
	check_parse_siq(input);
	check_siq_from_did(input);
	check_siq_from_cb32(input);
	check_qualifier_name(input);
	check_domain(input);
	check_writers(bytes_value(reinterpret_cast<const std::uint8_t *>(input.data()), std::min(input.size(), kSiqSize)));
}
