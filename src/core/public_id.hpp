// Public identities: Architect.Identities' AesPublicIdentityConverter, bit for bit.
//
// A public id is one AES-ECB block over a fixed plaintext layout of the value, returned as a uuid. Only the key
// holder can turn it back into the value, and a public id that was not made under the key almost never decodes
// (odds 2^-64 for a uint64, about 2^-35 for a decimal). A uuid's public id encrypts its bytes as they are under the
// same key, so the uuids whose bytes are a number's plaintext have none (is_number_plaintext). Uuid bytes are always
// in string (PostgreSQL) order; the .NET Guid byte swap of the ciphertext happens in here.
#pragma once

#include "core/uint128.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct evp_cipher_ctx_st; // OpenSSL's EVP_CIPHER_CTX, kept out of this header

namespace identities {

constexpr std::size_t kPublicIdSize = 16;
constexpr std::size_t kPublicIdKeyMaxSize = 32;

// The largest decimal with a public id: Architect's DistributedId.MaxValue, the largest DECIMAL(28,0).
constexpr Uint128 kPublicIdDecimalMax = kDecimal28Max;

// An AES key of 16, 24 or 32 bytes (AES-128/192/256), or empty. Its bytes are wiped when it is cleared, replaced
// or destroyed, and it cannot be copied, so the key lives in exactly one place.
class PublicIdKey {
public:
	PublicIdKey() noexcept = default;
	PublicIdKey(const PublicIdKey &) = delete;
	PublicIdKey &operator=(const PublicIdKey &) = delete;
	~PublicIdKey();

	// Wipes the old key, then takes a copy of bytes. Returns false (and leaves the key empty) unless length is
	// 16, 24 or 32.
	bool assign(const std::uint8_t *bytes, std::size_t length) noexcept;
	void clear() noexcept;

	bool empty() const noexcept { return length_ == 0; }
	std::size_t size() const noexcept { return length_; }
	const std::uint8_t *data() const noexcept { return bytes_; }

private:
	std::uint8_t bytes_[kPublicIdKeyMaxSize] = {};
	std::size_t length_ = 0;
};

// Decodes the base64 text of a key, as .NET's Convert.FromBase64String: standard alphabet, '=' padding required,
// surrounding whitespace ignored; unused low bits of the last character must be zero (as .NET 9 and later require).
// Returns false (and leaves key empty) unless the text is valid base64 of exactly 16, 24 or 32 bytes.
// The text is never copied anywhere but into the key.
bool decode_public_id_key(std::string_view base64, PublicIdKey &key) noexcept;

// Whether 16 bytes are the plaintext of a uint64's or a decimal's public id, by the rules uint64_of_public_id and
// decimal_of_public_id apply after decrypting: 8 zero bytes then the value (a uint64), or 4 zero bytes of flags
// then a value below 10^28 (a decimal). A uuid with these bytes has no public id of its own: uuids share the key
// and the block with the numbers, so its public id would be that number's.
bool is_number_plaintext(const std::uint8_t *block) noexcept;

// A short, non-reversible name of a key, to tell whether servers hold the same key without showing it: the first
// 8 bytes of SHA-256 over a fixed label and the key's bytes, as 16 lowercase hex digits. Stable across versions
// (servers of different versions compare them). Throws Error(Internal) if OpenSSL fails.
std::string public_id_key_fingerprint(const PublicIdKey &key);

// AES-ECB over single blocks under one key, on OpenSSL contexts prepared once and reused by every call.
// One object must not be used by two threads at once (the contexts are shared mutable state).
class PublicIdCipher {
public:
	// Throws Error(InvalidParameterValue) for an empty key, Error(Internal) if OpenSSL fails.
	explicit PublicIdCipher(const PublicIdKey &key);
	PublicIdCipher(const PublicIdCipher &) = delete;
	PublicIdCipher &operator=(const PublicIdCipher &) = delete;
	~PublicIdCipher();

	// The public id (kPublicIdSize uuid bytes) of a value.
	void public_id_of_uint64(std::uint64_t value, std::uint8_t *out) const;
	// value must be at most kPublicIdDecimalMax (throws Error(NumericValueOutOfRange) otherwise).
	void public_id_of_decimal(Uint128 value, std::uint8_t *out) const;
	// Throws Error(InvalidParameterValue) for a uuid whose bytes are a number's plaintext (is_number_plaintext):
	// its public id would forge that number's. A random uuid is one with odds of about 2^-35.
	void public_id_of_uuid(const std::uint8_t *uuid, std::uint8_t *out) const;

	// The value a public id stands for, or std::nullopt when it is not a public id of that kind under this key.
	// Signed callers (bigint) check the range themselves, as Architect's TryGetLong does.
	std::optional<std::uint64_t> uint64_of_public_id(const std::uint8_t *public_id) const;
	std::optional<Uint128> decimal_of_public_id(const std::uint8_t *public_id) const;
	// The uuid a public id stands for, in out; false (and out zeroed) when it decrypts to a number's plaintext,
	// which is the public id of a uint64 or a decimal, never of a uuid (public_id_of_uuid refuses those uuids).
	[[nodiscard]] bool uuid_of_public_id(const std::uint8_t *public_id, std::uint8_t *out) const;
	// Whether the public id validates under this key as one of a uint64 or a decimal (the kinds with redundancy).
	bool validates(const std::uint8_t *public_id) const;

private:
	struct ContextFree {
		void operator()(evp_cipher_ctx_st *context) const noexcept;
	};
	using Context = std::unique_ptr<evp_cipher_ctx_st, ContextFree>;

	void encrypt_block(const std::uint8_t *plaintext, std::uint8_t *public_id) const;
	void decrypt_block(const std::uint8_t *public_id, std::uint8_t *plaintext) const;

	Context encrypt_;
	Context decrypt_;
};

} // namespace identities
