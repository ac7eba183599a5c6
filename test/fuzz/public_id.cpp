// Public ids (PublicIdCipher): decryption of any 16 bytes, and encryption round trips.
//
// The first input byte picks the key: one of three fixed keys (AES-128, -192, -256, ciphers made once), or a key
// made of the next 16, 24 or 32 input bytes (a cipher made for this input). The next 16 bytes are a public id:
// whatever uint64_of_public_id / decimal_of_public_id / uuid_of_public_id read from it must encrypt back to the
// same 16 bytes (a decimal at most 10^28-1), and uuid_of_public_id reads a uuid exactly when neither number reader
// does. The following bytes are values: a uint64, a decimal (above 10^28-1: 22003) and a uuid must come back from
// their public ids. They are also a plaintext (a uuid's public id encrypts its bytes as they are): the uint64 and
// decimal readers must accept it exactly as Architect's layouts, read byte by byte here, say, and the uuid encoder
// refuse it (22023) exactly then, so the readers' checks are exercised on chosen plaintexts, which decrypting fuzzed
// public ids would almost never reach.
#include "fuzz.hpp"

#include "core/public_id.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

namespace {

using namespace identities;
using namespace identities::fuzz;

std::unique_ptr<PublicIdCipher> fixed_cipher(std::size_t length) {
	std::uint8_t bytes[kPublicIdKeyMaxSize];
	for (std::size_t i = 0; i < length; i++)
		bytes[i] = static_cast<std::uint8_t>(0x5A ^ (i * 37));
	PublicIdKey key;
	FUZZ_CHECK(key.assign(bytes, length));
	return std::make_unique<PublicIdCipher>(key);
}

const PublicIdCipher &fixed(int which) {
	static const std::unique_ptr<PublicIdCipher> ciphers[3] = {fixed_cipher(16), fixed_cipher(24), fixed_cipher(32)};
	return *ciphers[which];
}

// Reads the input front to back; missing bytes read as zero.
struct Input {
	std::string_view rest;

	void take(std::uint8_t *out, std::size_t length) {
		const std::size_t available = std::min(length, rest.size());
		std::memcpy(out, rest.data(), available);
		std::memset(out + available, 0, length - available);
		rest.remove_prefix(available);
	}
};

void check_public_id(const PublicIdCipher &cipher, const std::uint8_t *public_id) {
	std::uint8_t again[kPublicIdSize];
	if (const auto value = cipher.uint64_of_public_id(public_id)) {
		cipher.public_id_of_uint64(*value, again);
		FUZZ_CHECK(std::memcmp(again, public_id, kPublicIdSize) == 0);
	}
	if (const auto value = cipher.decimal_of_public_id(public_id)) {
		FUZZ_CHECK(*value <= kPublicIdDecimalMax);
		cipher.public_id_of_decimal(*value, again);
		FUZZ_CHECK(std::memcmp(again, public_id, kPublicIdSize) == 0);
	}
	// A number's public id is no uuid's: exactly the public ids neither number reader accepts read as uuids.
	const bool number =
	    cipher.uint64_of_public_id(public_id).has_value() || cipher.decimal_of_public_id(public_id).has_value();
	std::uint8_t uuid[kPublicIdSize];
	FUZZ_CHECK(cipher.uuid_of_public_id(public_id, uuid) == !number);
	if (number)
		return;
	FUZZ_CHECK(!is_number_plaintext(uuid));
	cipher.public_id_of_uuid(uuid, again);
	FUZZ_CHECK(std::memcmp(again, public_id, kPublicIdSize) == 0);
}

// A public id whose plaintext the input chooses: a uuid's public id is the encryption of its 16 bytes as they are.
// What the uint64 and decimal readers make of that plaintext is decided by Architect's layouts, read here byte by
// byte: a uint64 is 8 zero bytes and the value little-endian; a decimal is 4 zero bytes (sign, scale and flags),
// then its high 32 bits and low 64 bits little-endian, at most 10^28-1. A plaintext laid out so is a number's, which
// the uuid encoder refuses: its public id is then made as the number's (the readers must find the same number).
void check_plaintext(const PublicIdCipher &cipher, const std::uint8_t *plaintext) {
	const auto little_endian = [&](std::size_t from, std::size_t count) {
		Uint128 value = 0;
		for (std::size_t i = count; i-- > 0;)
			value = value << 8 | plaintext[from + i];
		return value;
	};
	const auto zeros = [&](std::size_t count) {
		return std::all_of(plaintext, plaintext + count, [](std::uint8_t b) { return b == 0; });
	};
	const Uint128 decimal_value = little_endian(4, 4) << 64 | little_endian(8, 8);
	const bool uint64_layout = zeros(8);
	const bool decimal_layout = zeros(4) && decimal_value <= kPublicIdDecimalMax;
	FUZZ_CHECK(is_number_plaintext(plaintext) == (uint64_layout || decimal_layout));
	std::uint8_t public_id[kPublicIdSize];
	const auto encrypted = attempt([&] {
		cipher.public_id_of_uuid(plaintext, public_id);
		return true;
	});
	if (uint64_layout || decimal_layout) {
		FUZZ_CHECK(!encrypted.ok() && encrypted.code == ErrorCode::InvalidParameterValue);
		cipher.public_id_of_decimal(decimal_value, public_id); // a uint64's layout is the decimal's of its value
	} else {
		FUZZ_CHECK(encrypted.ok());
	}
	const auto uint64 = cipher.uint64_of_public_id(public_id);
	FUZZ_CHECK(uint64.has_value() == uint64_layout);
	if (uint64)
		FUZZ_CHECK(*uint64 == little_endian(8, 8));
	const auto decimal = cipher.decimal_of_public_id(public_id);
	FUZZ_CHECK(decimal.has_value() == decimal_layout);
	if (decimal)
		FUZZ_CHECK(*decimal == decimal_value);
}

void check_values(const PublicIdCipher &cipher, const std::uint8_t *value_bytes) {
	std::uint8_t public_id[kPublicIdSize];
	const std::uint64_t uint64 = static_cast<std::uint64_t>(bytes_value(value_bytes, 8));
	cipher.public_id_of_uint64(uint64, public_id);
	FUZZ_CHECK(cipher.uint64_of_public_id(public_id) == uint64);

	const Uint128 wide = bytes_value(value_bytes, 16);
	const auto encrypted = attempt([&] {
		cipher.public_id_of_decimal(wide, public_id);
		return true;
	});
	if (wide > kPublicIdDecimalMax) {
		FUZZ_CHECK(!encrypted.ok() && encrypted.code == ErrorCode::NumericValueOutOfRange);
	} else {
		FUZZ_CHECK(encrypted.ok() && cipher.decimal_of_public_id(public_id) == wide);
	}
	const Uint128 decimal_value = wide % (kPublicIdDecimalMax + 1);
	cipher.public_id_of_decimal(decimal_value, public_id);
	FUZZ_CHECK(cipher.decimal_of_public_id(public_id) == decimal_value);

	if (is_number_plaintext(value_bytes)) // refused: check_plaintext checks how
		return;
	std::uint8_t uuid[kPublicIdSize];
	cipher.public_id_of_uuid(value_bytes, public_id);
	FUZZ_CHECK(cipher.uuid_of_public_id(public_id, uuid));
	FUZZ_CHECK(std::memcmp(uuid, value_bytes, kPublicIdSize) == 0);
}

} // namespace

void fuzz_one(std::string_view text) {
	Input input{text};
	std::uint8_t selector = 0;
	input.take(&selector, 1);
	std::unique_ptr<PublicIdCipher> own;
	const PublicIdCipher *cipher = nullptr;
	if (selector % 4 < 3) {
		cipher = &fixed(selector % 4);
	} else {
		const std::size_t length = 16 + 8 * ((selector / 4) % 3);
		std::uint8_t key_bytes[kPublicIdKeyMaxSize];
		input.take(key_bytes, length);
		PublicIdKey key;
		FUZZ_CHECK(key.assign(key_bytes, length));
		own = std::make_unique<PublicIdCipher>(key);
		cipher = own.get();
	}
	const std::unique_ptr<std::uint8_t[]> public_id(new std::uint8_t[kPublicIdSize]);
	input.take(public_id.get(), kPublicIdSize);
	check_public_id(*cipher, public_id.get());
	const std::unique_ptr<std::uint8_t[]> values(new std::uint8_t[kPublicIdSize]);
	input.take(values.get(), kPublicIdSize);
	check_values(*cipher, values.get());
	check_plaintext(*cipher, values.get());

	// An empty key makes no cipher.
	if (selector == 0xFF) {
		const PublicIdKey empty;
		FUZZ_CHECK(attempt([&] { return PublicIdCipher(empty).uint64_of_public_id(public_id.get()); }).code ==
		           ErrorCode::InvalidParameterValue);
	}
}
