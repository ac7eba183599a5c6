// The public-id key's text (decode_public_id_key: identities.public_key and the key file).
//
// A strict base64 reference written here (standard alphabet, '=' padding to a multiple of 4, zero spare bits,
// white space around ignored) decides acceptance: exactly the canonical base64 of 16, 24 or 32 bytes decodes, to
// those bytes; anything else leaves the key empty. The reference's encoder writes the key back to the trimmed
// text. The input's first 16, 24 or 32 bytes, encoded (with white space around), decode back to themselves, and
// an accepted key makes a cipher whose public ids round-trip.
#include "fuzz.hpp"

#include "core/public_id.hpp"

#include <cstring>

namespace {

using namespace identities;
using namespace identities::fuzz;

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string reference_encode(const std::uint8_t *bytes, std::size_t length) {
	std::string text;
	for (std::size_t i = 0; i < length; i += 3) {
		const std::size_t take = length - i < 3 ? length - i : 3;
		std::uint32_t group = 0;
		for (std::size_t j = 0; j < 3; j++)
			group = (group << 8) | (j < take ? bytes[i + j] : 0);
		for (std::size_t j = 0; j < 4; j++)
			text.push_back(j <= take ? kAlphabet[(group >> (18 - 6 * j)) & 0x3F] : '=');
	}
	return text;
}

std::optional<std::string> reference_decode(std::string_view text) {
	if (text.size() % 4 != 0)
		return std::nullopt;
	std::size_t padding = 0;
	while (padding < 2 && padding < text.size() && text[text.size() - 1 - padding] == '=')
		padding++;
	std::string bits;
	for (std::size_t i = 0; i < text.size() - padding; i++) {
		const std::size_t value = kAlphabet.find(text[i]);
		if (value == std::string_view::npos)
			return std::nullopt;
		for (int bit = 5; bit >= 0; bit--)
			bits.push_back(((value >> bit) & 1) ? '1' : '0');
	}
	const std::size_t length = text.size() / 4 * 3 - padding;
	return bytes_from_bits(bits, length); // spare bits must be zero
}

void check_cipher(const PublicIdKey &key, std::uint64_t value) {
	const PublicIdCipher cipher(key);
	std::uint8_t public_id[kPublicIdSize];
	cipher.public_id_of_uint64(value, public_id);
	FUZZ_CHECK(cipher.uint64_of_public_id(public_id) == value);
}

} // namespace

void fuzz_one(std::string_view input) {
	PublicIdKey key;
	const bool ok = decode_public_id_key(input, key);
	const std::string_view trimmed = reference_trim(input);
	auto reference = reference_decode(trimmed);
	if (reference && reference->size() != 16 && reference->size() != 24 && reference->size() != 32)
		reference.reset();
	FUZZ_CHECK(ok == reference.has_value());
	FUZZ_CHECK(ok != key.empty());
	if (ok) {
		FUZZ_CHECK(key.size() == reference->size() && std::memcmp(key.data(), reference->data(), key.size()) == 0);
		FUZZ_CHECK(reference_encode(key.data(), key.size()) == trimmed);
		check_cipher(key, input.size());
	}

	// Keys made of the input's bytes.
	for (const std::size_t length : {std::size_t{16}, std::size_t{24}, std::size_t{32}}) {
		if (input.size() < length)
			break;
		const auto *bytes = reinterpret_cast<const std::uint8_t *>(input.data());
		const std::string text = reference_encode(bytes, length);
		PublicIdKey decoded;
		FUZZ_CHECK(decode_public_id_key(" " + text + "\n", decoded));
		FUZZ_CHECK(decoded.size() == length && std::memcmp(decoded.data(), bytes, length) == 0);
		PublicIdKey assigned;
		FUZZ_CHECK(assigned.assign(bytes, length) && assigned.size() == length);
		// One flipped spare bit, or a stray character, and the text is refused.
		if (text.back() == '=') {
			std::string spare = text;
			const std::size_t last_digit = spare.find('=') - 1;
			spare[last_digit] = kAlphabet[kAlphabet.find(spare[last_digit]) ^ 1];
			FUZZ_CHECK(!decode_public_id_key(spare, decoded) && decoded.empty());
		}
		FUZZ_CHECK(!decode_public_id_key(text.substr(1), decoded) && decoded.empty());
	}
}
