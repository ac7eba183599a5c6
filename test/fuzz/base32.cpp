// Base32: RFC 4648 (base32_to_bytes, the did:siq: body's alphabet) and Crockford's (crockford_base32_to_bytes,
// siq_from_cb32's), and the unpadded base64url writer beside them.
//
// The input is decoded at the one byte count whose base32 length it has (and at a neighbouring count, which must
// fail), into a heap buffer of exactly that size. A bit-at-a-time reference decides acceptance and the bytes;
// accepted text encodes back to its canonical spelling (RFC 4648: lowercase; Crockford: uppercase with I, L -> 1
// and O -> 0). The input's bytes themselves are encoded by both writers and decoded back.
#include "fuzz.hpp"

#include "core/encoders.hpp"

#include <cstring>
#include <memory>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::size_t kMaxBytes = 64;

// Whether the core decoder agrees with the reference at one byte count.
template <typename Decode, typename ValueOf>
std::optional<std::string> check_decode(std::string_view text, std::size_t length, Decode decode, ValueOf value_of) {
	const std::unique_ptr<std::uint8_t[]> out(new std::uint8_t[length == 0 ? 1 : length]);
	const bool ok = decode(text, out.get(), length);
	const auto reference = reference_base32_decode(text, length, value_of);
	FUZZ_CHECK(ok == reference.has_value());
	if (ok)
		FUZZ_CHECK(std::memcmp(out.get(), reference->data(), length) == 0);
	return reference;
}

void check_text(std::string_view text) {
	// The byte count whose base32 length is the text's, if any (base32_length is strictly increasing).
	std::optional<std::size_t> length;
	for (std::size_t n = 0; n <= kMaxBytes && base32_length(n) <= text.size(); n++)
		if (base32_length(n) == text.size())
			length = n;
	if (!length) {
		const std::size_t guess = text.size() * 5 / 8;
		if (guess <= kMaxBytes) {
			std::uint8_t out[kMaxBytes + 1];
			FUZZ_CHECK(!base32_to_bytes(text, out, guess));
			FUZZ_CHECK(!crockford_base32_to_bytes(text, out, guess));
		}
		return;
	}
	if (*length > 0) { // a wrong count never decodes
		std::uint8_t out[kMaxBytes + 1];
		FUZZ_CHECK(!base32_to_bytes(text, out, *length - 1));
		FUZZ_CHECK(!crockford_base32_to_bytes(text, out, *length + 1));
	}
	const auto rfc = check_decode(text, *length, base32_to_bytes, rfc4648_base32_value);
	if (rfc)
		FUZZ_CHECK(to_base32_lower(reinterpret_cast<const std::uint8_t *>(rfc->data()), *length) == lower(text));
	const auto crockford = check_decode(text, *length, crockford_base32_to_bytes, crockford_base32_value);
	if (crockford) {
		std::string canonical;
		for (const char c : text)
			canonical.push_back(crockford_canonical(c));
		FUZZ_CHECK(to_crockford_base32(reinterpret_cast<const std::uint8_t *>(crockford->data()), *length) ==
		           canonical);
	}
}

void check_bytes(const std::uint8_t *bytes, std::size_t length) {
	const std::string rfc = to_base32_lower(bytes, length);
	FUZZ_CHECK(rfc.size() == base32_length(length));
	FUZZ_CHECK(rfc.find_first_not_of("abcdefghijklmnopqrstuvwxyz234567") == std::string::npos);
	const std::string crockford = to_crockford_base32(bytes, length);
	FUZZ_CHECK(crockford.size() == base32_length(length));
	FUZZ_CHECK(crockford.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ") == std::string::npos);
	const std::unique_ptr<std::uint8_t[]> out(new std::uint8_t[length == 0 ? 1 : length]);
	FUZZ_CHECK(base32_to_bytes(rfc, out.get(), length) && std::memcmp(out.get(), bytes, length) == 0);
	FUZZ_CHECK(base32_to_bytes(upper(rfc), out.get(), length) && std::memcmp(out.get(), bytes, length) == 0);
	FUZZ_CHECK(crockford_base32_to_bytes(crockford, out.get(), length) && std::memcmp(out.get(), bytes, length) == 0);
	FUZZ_CHECK(crockford_base32_to_bytes(lower(crockford), out.get(), length) &&
	           std::memcmp(out.get(), bytes, length) == 0);
	const std::string base64 = to_base64url(bytes, length);
	FUZZ_CHECK(base64.size() == (length * 8 + 5) / 6);
	FUZZ_CHECK(base64.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
	           std::string::npos);
}

} // namespace

void fuzz_one(std::string_view input) {
	check_text(input);
	if (input.size() <= kMaxBytes)
		check_bytes(reinterpret_cast<const std::uint8_t *>(input.data()), input.size());
}
