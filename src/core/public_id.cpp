#include "core/public_id.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"

#include <cstring>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

namespace identities {
namespace {

// Architect builds the public Guid with new Guid(ciphertext), whose memory form is the ciphertext; the string
// (uuid) order reverses the first three fields. The swap undoes itself, so it serves both directions.
inline void guid_swap(const std::uint8_t *in, std::uint8_t *out) noexcept {
	out[0] = in[3];
	out[1] = in[2];
	out[2] = in[1];
	out[3] = in[0];
	out[4] = in[5];
	out[5] = in[4];
	out[6] = in[7];
	out[7] = in[6];
	std::memcpy(out + 8, in + 8, 8);
}

// The plaintexts are .NET memory forms, hence little-endian; byte loops compile to single loads and stores.
inline std::uint64_t load_little_endian_64(const std::uint8_t *bytes) noexcept {
	std::uint64_t value = 0;
	for (int i = 7; i >= 0; i--)
		value = (value << 8) | bytes[i];
	return value;
}

inline std::uint32_t load_little_endian_32(const std::uint8_t *bytes) noexcept {
	std::uint32_t value = 0;
	for (int i = 3; i >= 0; i--)
		value = (value << 8) | bytes[i];
	return value;
}

inline void store_little_endian_64(std::uint64_t value, std::uint8_t *bytes) noexcept {
	for (int i = 0; i < 8; i++)
		bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

inline void store_little_endian_32(std::uint32_t value, std::uint8_t *bytes) noexcept {
	for (int i = 0; i < 4; i++)
		bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

inline bool all_zero(const std::uint8_t *bytes, std::size_t length) noexcept {
	std::uint8_t any = 0;
	for (std::size_t i = 0; i < length; i++)
		any |= bytes[i];
	return any == 0;
}

// Architect's plaintext layouts of the numbers, read back: what the decoders accept, and what no uuid may be.
std::optional<std::uint64_t> uint64_of_plaintext(const std::uint8_t *plaintext) noexcept {
	if (!all_zero(plaintext, 8))
		return std::nullopt;
	return load_little_endian_64(plaintext + 8);
}

std::optional<Uint128> decimal_of_plaintext(const std::uint8_t *plaintext) noexcept {
	if (!all_zero(plaintext, 4)) // a sign, a scale or stray flag bits: not a decimal integer Architect encodes
		return std::nullopt;
	const Uint128 value =
	    (static_cast<Uint128>(load_little_endian_32(plaintext + 4)) << 64) | load_little_endian_64(plaintext + 8);
	if (value > kPublicIdDecimalMax)
		return std::nullopt;
	return value;
}

const char *aes_ecb_name(std::size_t key_length) noexcept {
	switch (key_length) {
	case 16:
		return "AES-128-ECB";
	case 24:
		return "AES-192-ECB";
	case 32:
		return "AES-256-ECB";
	default:
		return nullptr;
	}
}

// Messages name the step only: nothing from OpenSSL's error queue, which could in principle quote its input.
[[noreturn]] void openssl_failure(const char *message) {
	ERR_clear_error();
	throw Error(ErrorCode::Internal, message);
}

struct CipherFree {
	void operator()(EVP_CIPHER *cipher) const noexcept { EVP_CIPHER_free(cipher); }
};

} // namespace

bool is_number_plaintext(const std::uint8_t *block) noexcept {
	// A uint64's layout is also a decimal's (below 2^64): both rules are asked, so neither can drift from its decoder.
	return uint64_of_plaintext(block).has_value() || decimal_of_plaintext(block).has_value();
}

PublicIdKey::~PublicIdKey() { clear(); }

bool PublicIdKey::assign(const std::uint8_t *bytes, std::size_t length) noexcept {
	clear();
	if (aes_ecb_name(length) == nullptr)
		return false;
	std::memcpy(bytes_, bytes, length);
	length_ = length;
	return true;
}

void PublicIdKey::clear() noexcept {
	OPENSSL_cleanse(bytes_, sizeof bytes_);
	length_ = 0;
}

bool decode_public_id_key(std::string_view base64, PublicIdKey &key) noexcept {
	key.clear();
	const std::string_view text = trim_space(base64);

	// Each key length has exactly one padded text length: 16 bytes "…==", 24 bytes unpadded, 32 bytes "…=".
	std::size_t key_length = 0, padding = 0;
	switch (text.size()) {
	case 24:
		key_length = 16, padding = 2;
		break;
	case 32:
		key_length = 24, padding = 0;
		break;
	case 44:
		key_length = 32, padding = 1;
		break;
	default:
		return false;
	}
	const std::size_t digits = text.size() - padding;
	for (std::size_t i = 0; i < digits; i++)
		if (base64_digit_value(text[i]) < 0)
			return false;
	for (std::size_t i = digits; i < text.size(); i++)
		if (text[i] != '=')
			return false;
	// Canonical form only: the bits of the last digit beyond the last byte must be zero (4 of them before "==",
	// 2 before "="), so that one key has exactly one text.
	if (padding > 0 && (base64_digit_value(text[digits - 1]) & (padding == 2 ? 0x0F : 0x03)) != 0)
		return false;

	// EVP_DecodeBlock decodes whole quads and turns each '=' into a zero byte: 44 characters give 33 bytes.
	unsigned char decoded[kPublicIdKeyMaxSize + 1];
	const int decoded_length =
	    EVP_DecodeBlock(decoded, reinterpret_cast<const unsigned char *>(text.data()), static_cast<int>(text.size()));
	const bool ok = decoded_length == static_cast<int>(text.size() / 4 * 3) && key.assign(decoded, key_length);
	OPENSSL_cleanse(decoded, sizeof decoded);
	return ok;
}

std::string public_id_key_fingerprint(const PublicIdKey &key) {
	// The label keeps the digest apart from any other use of SHA-256 over the same bytes.
	static constexpr std::string_view kLabel = "identities public id key fingerprint 1";
	const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_length = 0;
	if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
	    EVP_DigestUpdate(context.get(), kLabel.data(), kLabel.size()) != 1 ||
	    EVP_DigestUpdate(context.get(), key.data(), key.size()) != 1 ||
	    EVP_DigestFinal_ex(context.get(), digest, &digest_length) != 1 || digest_length != 32)
		openssl_failure("could not compute the fingerprint of a public id key");
	static constexpr char kHex[] = "0123456789abcdef";
	std::string fingerprint;
	for (int i = 0; i < 8; i++) {
		fingerprint += kHex[digest[i] >> 4];
		fingerprint += kHex[digest[i] & 0x0F];
	}
	return fingerprint;
}

void PublicIdCipher::ContextFree::operator()(evp_cipher_ctx_st *context) const noexcept {
	EVP_CIPHER_CTX_free(context); // also wipes the key schedule
}

PublicIdCipher::PublicIdCipher(const PublicIdKey &key) {
	const char *name = aes_ecb_name(key.size());
	if (name == nullptr)
		throw Error(ErrorCode::InvalidParameterValue, "a public id key must be 16, 24 or 32 bytes");
	// The contexts keep their own reference to the cipher, so ours can go when the constructor ends.
	const std::unique_ptr<EVP_CIPHER, CipherFree> cipher(EVP_CIPHER_fetch(nullptr, name, nullptr));
	if (!cipher)
		openssl_failure("could not fetch the AES cipher for public ids");
	encrypt_.reset(EVP_CIPHER_CTX_new());
	decrypt_.reset(EVP_CIPHER_CTX_new());
	if (!encrypt_ || !decrypt_)
		openssl_failure("could not allocate the AES contexts for public ids");
	// ECB without padding holds nothing back between updates of whole blocks, so one context serves every call.
	if (EVP_EncryptInit_ex2(encrypt_.get(), cipher.get(), key.data(), nullptr, nullptr) != 1 ||
	    EVP_CIPHER_CTX_set_padding(encrypt_.get(), 0) != 1 ||
	    EVP_DecryptInit_ex2(decrypt_.get(), cipher.get(), key.data(), nullptr, nullptr) != 1 ||
	    EVP_CIPHER_CTX_set_padding(decrypt_.get(), 0) != 1)
		openssl_failure("could not initialise the AES contexts for public ids");
}

PublicIdCipher::~PublicIdCipher() = default;

void PublicIdCipher::encrypt_block(const std::uint8_t *plaintext, std::uint8_t *public_id) const {
	std::uint8_t ciphertext[kPublicIdSize];
	int written = 0;
	if (EVP_EncryptUpdate(encrypt_.get(), ciphertext, &written, plaintext, static_cast<int>(kPublicIdSize)) != 1 ||
	    written != static_cast<int>(kPublicIdSize))
		openssl_failure("could not encrypt a public id");
	guid_swap(ciphertext, public_id);
}

void PublicIdCipher::decrypt_block(const std::uint8_t *public_id, std::uint8_t *plaintext) const {
	std::uint8_t ciphertext[kPublicIdSize];
	guid_swap(public_id, ciphertext);
	int written = 0;
	if (EVP_DecryptUpdate(decrypt_.get(), plaintext, &written, ciphertext, static_cast<int>(kPublicIdSize)) != 1 ||
	    written != static_cast<int>(kPublicIdSize))
		openssl_failure("could not decrypt a public id");
}

void PublicIdCipher::public_id_of_uint64(std::uint64_t value, std::uint8_t *out) const {
	std::uint8_t plaintext[kPublicIdSize] = {};
	store_little_endian_64(value, plaintext + 8);
	encrypt_block(plaintext, out);
}

void PublicIdCipher::public_id_of_decimal(Uint128 value, std::uint8_t *out) const {
	// Beyond 96 bits the layout would silently drop the high bits; Architect throws for anything over MaxValue.
	if (value > kPublicIdDecimalMax)
		throw Error(ErrorCode::NumericValueOutOfRange, "value is out of range for a public id",
		            "A decimal public id stands for an integer from 0 to 9999999999999999999999999999.");
	std::uint8_t plaintext[kPublicIdSize] = {}; // bytes 0..3: the .NET decimal's flags, 0 for sign + and scale 0
	store_little_endian_32(static_cast<std::uint32_t>(value >> 64), plaintext + 4);
	store_little_endian_64(static_cast<std::uint64_t>(value), plaintext + 8);
	encrypt_block(plaintext, out);
}

void PublicIdCipher::public_id_of_uuid(const std::uint8_t *uuid, std::uint8_t *out) const {
	// The uuid is quoted (it is the caller's own input); nothing of the key or of a ciphertext is.
	if (is_number_plaintext(uuid))
		throw message_error(Message::uuid_has_no_public_id, {format_uuid(uuid)});
	encrypt_block(uuid, out);
}

std::optional<std::uint64_t> PublicIdCipher::uint64_of_public_id(const std::uint8_t *public_id) const {
	std::uint8_t plaintext[kPublicIdSize];
	decrypt_block(public_id, plaintext);
	return uint64_of_plaintext(plaintext);
}

std::optional<Uint128> PublicIdCipher::decimal_of_public_id(const std::uint8_t *public_id) const {
	std::uint8_t plaintext[kPublicIdSize];
	decrypt_block(public_id, plaintext);
	return decimal_of_plaintext(plaintext);
}

bool PublicIdCipher::uuid_of_public_id(const std::uint8_t *public_id, std::uint8_t *out) const {
	decrypt_block(public_id, out);
	if (!is_number_plaintext(out))
		return true;
	std::memset(out, 0, kPublicIdSize); // a number's plaintext, which its own decoder alone may give out
	return false;
}

bool PublicIdCipher::validates(const std::uint8_t *public_id) const {
	std::uint8_t plaintext[kPublicIdSize];
	decrypt_block(public_id, plaintext);
	return is_number_plaintext(plaintext);
}

} // namespace identities
