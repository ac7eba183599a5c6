// Architect.Identities' AesPublicIdentityConverter: the known answers of test/vectors/public_id.tsv (upstream's
// 32-zero-byte key, the Architect oracle's public uuids, upstream's invalid public ids), round trips and base64
// keys; and where this project parts from it: a uuid laid out as a number has no public id, and a number's public
// id reads as no uuid.
#include "core/public_id.hpp"

#include "core/encoders.hpp"
#include "core/error.hpp"
#include "core/random.hpp"

#include "vectors.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <chrono>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <openssl/evp.h>
#include <random>
#include <string>
#include <vector>

namespace identities {
namespace {

using Uuid = std::array<std::uint8_t, kPublicIdSize>;

constexpr std::uint64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::uint64_t kUint64Max = std::numeric_limits<std::uint64_t>::max();
constexpr Uint128 kTwoTo64 = static_cast<Uint128>(1) << 64;

// Uuid bytes from their text, dashes optional.
Uuid uuid_from_text(const std::string &text) {
	Uuid uuid{};
	std::size_t filled = 0;
	for (std::size_t i = 0; i < text.size(); i++) {
		if (text[i] == '-')
			continue;
		uuid[filled / 2] = static_cast<std::uint8_t>(uuid[filled / 2] << 4 | std::stoi(text.substr(i, 1), nullptr, 16));
		filled++;
	}
	EXPECT_EQ(filled, 2 * kPublicIdSize) << text;
	return uuid;
}

Uuid uuid_from_integer(Uint128 value) {
	Uuid uuid;
	store_big_endian(value, uuid.data(), uuid.size());
	return uuid;
}

std::string text_of(const Uuid &uuid) { return format_uuid(uuid.data()); }

// A key of length bytes, all equal to fill.
struct FilledKey {
	PublicIdKey key;
	FilledKey(std::size_t length, std::uint8_t fill) {
		std::vector<std::uint8_t> bytes(length, fill);
		EXPECT_TRUE(key.assign(bytes.data(), length));
	}
};

struct RandomKey {
	PublicIdKey key;
	explicit RandomKey(std::size_t length) {
		std::uint8_t bytes[kPublicIdKeyMaxSize];
		random_bytes(bytes, length);
		EXPECT_TRUE(key.assign(bytes, length));
	}
};

const PublicIdCipher &zero_key_cipher() {
	static const FilledKey zero_key(32, 0);
	static const PublicIdCipher cipher(zero_key.key);
	return cipher;
}

std::string public_id_of_uint64(const PublicIdCipher &cipher, std::uint64_t value) {
	Uuid out;
	cipher.public_id_of_uint64(value, out.data());
	return text_of(out);
}

std::string public_id_of_decimal(const PublicIdCipher &cipher, Uint128 value) {
	Uuid out;
	cipher.public_id_of_decimal(value, out.data());
	return text_of(out);
}

std::string public_id_of_uuid(const PublicIdCipher &cipher, const Uuid &uuid) {
	Uuid out;
	cipher.public_id_of_uuid(uuid.data(), out.data());
	return text_of(out);
}

// The uuid a public id stands for, or "refused" when uuid_of_public_id gives none.
std::string uuid_of_public_id(const PublicIdCipher &cipher, const Uuid &public_id) {
	Uuid out;
	const bool found = cipher.uuid_of_public_id(public_id.data(), out.data());
	return found ? text_of(out) : "refused";
}

// The error public_id_of_uuid throws, or nullopt when it makes a public id.
std::optional<Error> refusal_of_uuid(const PublicIdCipher &cipher, const Uuid &uuid) {
	Uuid out;
	try {
		cipher.public_id_of_uuid(uuid.data(), out.data());
		return std::nullopt;
	} catch (const Error &error) {
		return error;
	}
}

std::vector<std::uint8_t> key_bytes(const PublicIdKey &key) {
	return std::vector<std::uint8_t>(key.data(), key.data() + key.size());
}

// Architect's computation for a uuid, done apart from the cipher and for any block (public_id_of_uuid refuses those
// laid out as numbers): AES-ECB of its 16 bytes as they are, then the Guid swap of the first three fields.
Uuid aes_of_block(const std::vector<std::uint8_t> &key, const Uuid &block) {
	const EVP_CIPHER *aes = key.size() == 16 ? EVP_aes_128_ecb() : key.size() == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
	const std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)> context(EVP_CIPHER_CTX_new(),
	                                                                               EVP_CIPHER_CTX_free);
	Uuid ciphertext{};
	int written = 0;
	EXPECT_TRUE(context && EVP_EncryptInit_ex(context.get(), aes, nullptr, key.data(), nullptr) == 1 &&
	            EVP_CIPHER_CTX_set_padding(context.get(), 0) == 1 &&
	            EVP_EncryptUpdate(context.get(), ciphertext.data(), &written, block.data(), 16) == 1 && written == 16);
	const Uuid swapped = {ciphertext[3], ciphertext[2], ciphertext[1], ciphertext[0], ciphertext[5], ciphertext[4],
	                      ciphertext[7], ciphertext[6], ciphertext[8], ciphertext[9], ciphertext[10], ciphertext[11],
	                      ciphertext[12], ciphertext[13], ciphertext[14], ciphertext[15]};
	return swapped;
}

// Architect's plaintext layouts, written byte by byte: a uint64 is 8 zero bytes then the value little-endian; a
// decimal is 4 zero bytes (sign, scale and flags), its high 32 bits, then its low 64 bits, each little-endian.
Uuid uint64_plaintext(std::uint64_t value) {
	Uuid block{};
	for (int i = 0; i < 8; i++)
		block[8 + i] = static_cast<std::uint8_t>(value >> (8 * i));
	return block;
}

Uuid decimal_plaintext(Uint128 value) {
	Uuid block{};
	for (int i = 0; i < 4; i++)
		block[4 + i] = static_cast<std::uint8_t>(value >> (64 + 8 * i));
	for (int i = 0; i < 8; i++)
		block[8 + i] = static_cast<std::uint8_t>(value >> (8 * i));
	return block;
}

// A uniformly random decimal 0 … 10^28-1 (the modulo bias of 128 random bits is far below anything a test sees).
Uint128 random_decimal() {
	const Uint128 bits = (static_cast<Uint128>(random_u64()) << 64) | random_u64();
	return bits % (kPublicIdDecimalMax + 1);
}

// test/vectors/public_id.tsv: each row's key, as identities.public_key takes it (base64).
struct VectorCipher {
	PublicIdKey key;
	std::unique_ptr<PublicIdCipher> cipher;
	explicit VectorCipher(const testing::VectorRow &row) {
		EXPECT_TRUE(decode_public_id_key(row["key"], key)) << row["key"];
		cipher = std::make_unique<PublicIdCipher>(key);
	}
};

std::string alphanumeric_of(const std::string &uuid) {
	char text[kAlphanumericUint128Length];
	to_alphanumeric_uint128(testing::uuid_of(uuid), text);
	return std::string(text, sizeof text);
}

TEST(PublicId, NumberVectors) {
	// ulong, long and decimal share one plaintext below 2^64, hence one public id; a number's public id is no uuid's,
	// and the zero block being the number 0's, the nil uuid has no public id.
	for (const testing::VectorRow &row : testing::read_vectors("public_id", "number")) {
		SCOPED_TRACE(testing::where("public_id", row));
		const VectorCipher vector(row);
		const PublicIdCipher &cipher = *vector.cipher;
		const Uint128 value = testing::uint128_of(row["value"]);
		const Uuid public_id = uuid_from_text(row["public_id"]);
		EXPECT_EQ(public_id_of_decimal(cipher, value), row["public_id"]);
		const auto decimal = cipher.decimal_of_public_id(public_id.data());
		ASSERT_TRUE(decimal.has_value());
		EXPECT_TRUE(*decimal == value);
		if (value <= kUint64Max) {
			EXPECT_EQ(public_id_of_uint64(cipher, static_cast<std::uint64_t>(value)), row["public_id"]);
			EXPECT_EQ(cipher.uint64_of_public_id(public_id.data()), static_cast<std::uint64_t>(value));
		} else {
			EXPECT_FALSE(cipher.uint64_of_public_id(public_id.data()).has_value());
		}
		EXPECT_EQ(uuid_of_public_id(cipher, public_id), "refused");
		EXPECT_TRUE(refusal_of_uuid(cipher, Uuid{}).has_value());
		EXPECT_EQ(alphanumeric_of(row["public_id"]), row["alphanumeric"]);
	}
}

TEST(PublicId, UuidVectors) {
	for (const testing::VectorRow &row : testing::read_vectors("public_id", "uuid")) {
		SCOPED_TRACE(testing::where("public_id", row));
		const VectorCipher vector(row);
		EXPECT_EQ(public_id_of_uuid(*vector.cipher, uuid_from_text(row["value"])), row["public_id"]);
		EXPECT_EQ(uuid_of_public_id(*vector.cipher, uuid_from_text(row["public_id"])), row["value"]);
		EXPECT_EQ(alphanumeric_of(row["public_id"]), row["alphanumeric"]);
	}
}

// Upstream's vectors of uuids laid out as numbers, which Architect makes public ids of and this project refuses:
// 0 is the number 0's block, 1 the uint64 2^56's, 2^64-1 the uint64 2^64-1's (the same public id as the number's:
// the forgery itself), 2^64 the decimal 2^88's.
TEST(PublicId, UpstreamUuidVectorsLaidOutAsNumbersAreRefused) {
	for (const testing::VectorRow &row : testing::read_vectors("public_id", "uuid_refused")) {
		SCOPED_TRACE(testing::where("public_id", row));
		const VectorCipher vector(row);
		const Uuid uuid = uuid_from_text(row["value"]);
		EXPECT_TRUE(is_number_plaintext(uuid.data()));
		EXPECT_EQ(text_of(aes_of_block(key_bytes(vector.key), uuid)), row["public_id"]); // what upstream makes
		const auto refusal = refusal_of_uuid(*vector.cipher, uuid);
		ASSERT_TRUE(refusal.has_value());
		EXPECT_EQ(sqlstate(refusal->code()), row["sqlstate"]);
		EXPECT_EQ(uuid_of_public_id(*vector.cipher, uuid_from_text(row["public_id"])), "refused");
		EXPECT_EQ(alphanumeric_of(row["public_id"]), row["alphanumeric"]);
	}
}

// Upstream's invalid decimal public ids (2*10^28-1: too large; -(10^28-1): a sign bit): no number's, so the uuid
// they decrypt to, which shows why.
TEST(PublicId, InvalidDecimalPublicIdsOfUpstream) {
	for (const testing::VectorRow &row : testing::read_vectors("public_id", "invalid")) {
		SCOPED_TRACE(testing::where("public_id", row));
		const VectorCipher vector(row);
		const Uuid public_id = uuid_from_text(row["public_id"]);
		EXPECT_FALSE(vector.cipher->decimal_of_public_id(public_id.data()).has_value());
		EXPECT_FALSE(vector.cipher->uint64_of_public_id(public_id.data()).has_value());
		EXPECT_EQ(uuid_of_public_id(*vector.cipher, public_id), row["value"]);
		EXPECT_EQ(alphanumeric_of(row["public_id"]), row["alphanumeric"]);
	}
}

TEST(PublicId, CrossTypeDecodingUnderZeroKey) {
	const PublicIdCipher &cipher = zero_key_cipher();
	Uuid public_id;

	cipher.public_id_of_uint64(kUint64Max, public_id.data());
	const auto as_decimal = cipher.decimal_of_public_id(public_id.data());
	ASSERT_TRUE(as_decimal.has_value());
	EXPECT_TRUE(*as_decimal == kUint64Max);

	cipher.public_id_of_decimal(kTwoTo64, public_id.data());
	EXPECT_FALSE(cipher.uint64_of_public_id(public_id.data()).has_value());
	EXPECT_TRUE(cipher.decimal_of_public_id(public_id.data()) == kTwoTo64);

	// A uuid's block is its bytes as they are: uuid 2^56 (0…0100000000000000) would be uint64 1's block, so it has
	// no public id, and uint64 1's public id reads as no uuid.
	EXPECT_TRUE(refusal_of_uuid(cipher, uuid_from_integer(static_cast<Uint128>(1) << 56)).has_value());
	cipher.public_id_of_uint64(1, public_id.data());
	EXPECT_EQ(uuid_of_public_id(cipher, public_id), "refused");
}

TEST(PublicId, DecimalOverMaxThrows) {
	Uuid out;
	try {
		zero_key_cipher().public_id_of_decimal(kPublicIdDecimalMax + 1, out.data());
		FAIL() << "expected an error";
	} catch (const Error &error) {
		EXPECT_EQ(error.code(), ErrorCode::NumericValueOutOfRange);
	}
}

TEST(PublicId, CipherNeedsAKey) {
	const PublicIdKey empty;
	try {
		PublicIdCipher cipher(empty);
		FAIL() << "expected an error";
	} catch (const Error &error) {
		EXPECT_EQ(error.code(), ErrorCode::InvalidParameterValue);
	}
}

TEST(PublicId, CipherOutlivesItsKeyObject) {
	auto key = std::make_unique<FilledKey>(32, 0);
	const PublicIdCipher cipher(key->key);
	key.reset();
	EXPECT_EQ(public_id_of_uint64(cipher, 1), "e3ef1648-b3de-5680-6eba-0c17bf582090");
}

TEST(PublicId, InPlaceUuidCalls) {
	const PublicIdCipher &cipher = zero_key_cipher();
	Uuid buffer = uuid_from_integer(kUint128Max);
	cipher.public_id_of_uuid(buffer.data(), buffer.data());
	EXPECT_EQ(text_of(buffer), "80cedaac-a378-1a2b-182b-fa4987ca1347");
	EXPECT_TRUE(cipher.uuid_of_public_id(buffer.data(), buffer.data()));
	EXPECT_EQ(text_of(buffer), text_of(uuid_from_integer(kUint128Max)));
	cipher.public_id_of_uint64(42, buffer.data());
	EXPECT_FALSE(cipher.uuid_of_public_id(buffer.data(), buffer.data()));
	EXPECT_EQ(buffer, Uuid{}); // nothing of the number's plaintext left behind
}

// Fingerprints: fixed for a key (servers of any version compare them), different for another key or length.
TEST(PublicId, KeyFingerprints) {
	const FilledKey zero32(32, 0), zero16(16, 0), one32(32, 1);
	EXPECT_EQ(public_id_key_fingerprint(zero32.key), "07e174205ce4a674");
	EXPECT_EQ(public_id_key_fingerprint(zero16.key), "24b8fdc6576ab60e");
	EXPECT_NE(public_id_key_fingerprint(one32.key), public_id_key_fingerprint(zero32.key));
}

// What validates under a key: the public id of a uint64 or a decimal made under it, never one made under another
// key, nor a uuid's (no redundancy there: it validates by chance, once in about 2^35).
TEST(PublicId, ValidatesOnlyUnderItsKey) {
	const PublicIdCipher &zero = zero_key_cipher();
	const FilledKey one_key(32, 1);
	const PublicIdCipher one(one_key.key);
	Uuid public_id{};
	zero.public_id_of_uint64(42, public_id.data());
	EXPECT_TRUE(zero.validates(public_id.data()));
	EXPECT_FALSE(one.validates(public_id.data()));
	zero.public_id_of_decimal(kDecimal28Max, public_id.data());
	EXPECT_TRUE(zero.validates(public_id.data()));
	EXPECT_FALSE(one.validates(public_id.data()));
}

class PublicIdRandomKey : public ::testing::TestWithParam<std::size_t> {};

INSTANTIATE_TEST_SUITE_P(KeyLengths, PublicIdRandomKey, ::testing::Values(16, 24, 32));

TEST_P(PublicIdRandomKey, Uint64RoundTrips) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	std::vector<std::uint64_t> values = {0, 1, kInt64Max, kInt64Max + 1, kUint64Max};
	for (int i = 0; i < 10000; i++)
		values.push_back(random_u64() >> (i % 64)); // small values too
	Uuid public_id;
	for (const std::uint64_t value : values) {
		cipher.public_id_of_uint64(value, public_id.data());
		ASSERT_EQ(cipher.uint64_of_public_id(public_id.data()), value);
	}
}

TEST_P(PublicIdRandomKey, DecimalRoundTrips) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	std::vector<Uint128> values = {0, 1, kUint64Max, kTwoTo64, kPublicIdDecimalMax, kPublicIdDecimalMax - 1};
	for (int i = 0; i < 10000; i++)
		values.push_back(random_decimal() >> (i % 96));
	Uuid public_id;
	for (const Uint128 value : values) {
		cipher.public_id_of_decimal(value, public_id.data());
		const auto decoded = cipher.decimal_of_public_id(public_id.data());
		ASSERT_TRUE(decoded.has_value());
		ASSERT_TRUE(*decoded == value);
		// Exactly the values below 2^64 also decode as uint64.
		ASSERT_EQ(cipher.uint64_of_public_id(public_id.data()).has_value(), value < kTwoTo64);
	}
}

TEST_P(PublicIdRandomKey, UuidRoundTrips) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	std::vector<Uuid> uuids = {uuid_from_integer(static_cast<Uint128>(1) << 127), uuid_from_integer(kUint128Max)};
	for (int i = 0; i < 10000; i++) {
		Uuid uuid;
		random_bytes(uuid.data(), uuid.size());
		uuids.push_back(uuid);
	}
	Uuid public_id, decoded;
	for (const Uuid &uuid : uuids) {
		if (is_number_plaintext(uuid.data())) // once in about 2^35: refused, as UuidsLaidOutAsNumbers tests
			continue;
		cipher.public_id_of_uuid(uuid.data(), public_id.data());
		ASSERT_TRUE(cipher.uuid_of_public_id(public_id.data(), decoded.data()));
		ASSERT_EQ(decoded, uuid);
	}
}

TEST_P(PublicIdRandomKey, DecimalBelowTwoTo64MatchesUint64) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	Uuid from_uint64, from_decimal;
	for (int i = 0; i < 10000; i++) {
		const std::uint64_t value = random_u64() >> (i % 64);
		cipher.public_id_of_uint64(value, from_uint64.data());
		cipher.public_id_of_decimal(value, from_decimal.data());
		ASSERT_EQ(from_uint64, from_decimal) << value;
	}
}

TEST_P(PublicIdRandomKey, DifferentKeysGiveDifferentPublicIds) {
	const RandomKey first_key(GetParam()), second_key(GetParam());
	const PublicIdCipher first(first_key.key), second(second_key.key);
	EXPECT_NE(public_id_of_uint64(first, 1), public_id_of_uint64(second, 1));
	// A public id made under one key is foreign to the other (a false positive has odds 2^-64).
	Uuid public_id;
	first.public_id_of_uint64(1, public_id.data());
	EXPECT_FALSE(second.uint64_of_public_id(public_id.data()).has_value());
}

// Forged or random public ids: expected false positives 100000 * 2^-64 for uint64, 100000 * ~2^-35 for decimal.
TEST(PublicId, RandomUuidsDoNotDecodeAsIntegers) {
	const FilledKey key(32, 0x5a);
	const PublicIdCipher cipher(key.key);
	std::mt19937_64 generator(20240601);
	int uint64_hits = 0, decimal_hits = 0;
	Uuid uuid;
	for (int i = 0; i < 100000; i++) {
		const std::uint64_t high = generator(), low = generator();
		std::memcpy(uuid.data(), &high, 8);
		std::memcpy(uuid.data() + 8, &low, 8);
		uint64_hits += cipher.uint64_of_public_id(uuid.data()).has_value();
		decimal_hits += cipher.decimal_of_public_id(uuid.data()).has_value();
	}
	EXPECT_EQ(uint64_hits, 0);
	EXPECT_EQ(decimal_hits, 0);
}

// The odds doc/reference.md states, from the set of plaintexts each decoder accepts. A forged or foreign public id
// decrypts under a key to a uniformly random block (AES is a permutation), so its chance to pass is the share of blocks
// a decoder accepts. Blocks are chosen here, and turned into public ids by encrypting them (public_id_of_uuid):
// - a bigint decoder accepts exactly the blocks whose first 8 bytes are zero: 2^-64;
// - a decimal decoder accepts the blocks whose first 4 bytes (the flags) are zero and whose 96-bit value is below
//   10^28, a share of 10^28 / 2^96 = 0.126 of them: 2^-32 * 0.126 = 2^-34.99, "about 2^-35".
// With a previous key the decoders try two keys: twice the odds.
TEST(PublicId, TheOddsOfAForgeryFollowFromTheAcceptedBlocks) {
	const FilledKey key(32, 0x3c);
	const PublicIdCipher cipher(key.key);
	std::mt19937_64 generator(20261124);
	Uuid block, public_id;
	const auto random_block = [&] {
		const std::uint64_t high = generator(), low = generator();
		std::memcpy(block.data(), &high, 8);
		std::memcpy(block.data() + 8, &low, 8);
	};
	// The public id of any block, those laid out as numbers included (public_id_of_uuid refuses these).
	const auto encrypt_block = [&] { public_id = aes_of_block(key_bytes(key.key), block); };
	// Any bit of the first 8 bytes set: refused as a bigint; of the first 4: refused as a decimal.
	for (int bit = 0; bit < 64; bit++) {
		random_block();
		std::memset(block.data(), 0, 8);
		block[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
		encrypt_block();
		EXPECT_FALSE(cipher.uint64_of_public_id(public_id.data()).has_value()) << bit;
		if (bit < 32)
			EXPECT_FALSE(cipher.decimal_of_public_id(public_id.data()).has_value()) << bit;
	}
	constexpr int kSamples = 200000;
	int uint64_accepted = 0, decimal_accepted = 0;
	for (int i = 0; i < kSamples; i++) {
		random_block();
		std::memset(block.data(), 0, 4);
		encrypt_block();
		decimal_accepted += cipher.decimal_of_public_id(public_id.data()).has_value();
		std::memset(block.data(), 0, 8);
		encrypt_block();
		uint64_accepted += cipher.uint64_of_public_id(public_id.data()).has_value();
	}
	EXPECT_EQ(uint64_accepted, kSamples);
	// 10^28 / 2^96 = 0.12622; the sampling error's standard deviation is 0.00074.
	const double share = static_cast<double>(decimal_accepted) / kSamples;
	EXPECT_NEAR(share, 0.12622, 0.004);
	EXPECT_NEAR(std::log2(share) - 32, -34.99, 0.05);
}

std::vector<std::uint8_t> counting_bytes(std::size_t length) {
	std::vector<std::uint8_t> bytes(length);
	for (std::size_t i = 0; i < length; i++)
		bytes[i] = static_cast<std::uint8_t>(i);
	return bytes;
}

// Uuids and numbers share the key and the block, so a uuid laid out as a number would have that number's public id:
// whoever may make a uuid's public id could forge any order number's. The rule is the decoders' own.
TEST(PublicId, NumberPlaintextsAreExactlyTheBlocksTheDecodersAccept) {
	const FilledKey key(32, 0x3c);
	const PublicIdCipher cipher(key.key);
	std::mt19937_64 generator(20261125);
	std::vector<Uuid> blocks = {Uuid{}, uint64_plaintext(kUint64Max), decimal_plaintext(kPublicIdDecimalMax),
	                            decimal_plaintext(kPublicIdDecimalMax + 1), decimal_plaintext(kUint128Max >> 32)};
	for (int i = 0; i < 20000; i++) {
		Uuid block;
		const std::uint64_t high = generator(), low = generator();
		std::memcpy(block.data(), &high, 8);
		std::memcpy(block.data() + 8, &low, 8);
		std::memset(block.data(), 0, i % 3 == 0 ? 8 : i % 3 == 1 ? 4 : 0); // both layouts, and neither
		blocks.push_back(block);
	}
	for (int bit = 0; bit < 32; bit++) { // one flag bit set: a sign, a scale or a stray bit
		Uuid block = decimal_plaintext(1);
		block[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
		blocks.push_back(block);
	}
	int numbers = 0;
	for (const Uuid &block : blocks) {
		const Uuid public_id = aes_of_block(key_bytes(key.key), block);
		const bool accepted = cipher.uint64_of_public_id(public_id.data()).has_value() ||
		                      cipher.decimal_of_public_id(public_id.data()).has_value();
		ASSERT_EQ(is_number_plaintext(block.data()), accepted) << text_of(block);
		ASSERT_EQ(cipher.validates(public_id.data()), accepted) << text_of(block);
		numbers += accepted;
	}
	EXPECT_GT(numbers, 6000); // the test saw both answers
	EXPECT_LT(numbers, static_cast<int>(blocks.size()) - 6000);
	EXPECT_TRUE(is_number_plaintext(decimal_plaintext(kPublicIdDecimalMax).data()));
	EXPECT_FALSE(is_number_plaintext(decimal_plaintext(kPublicIdDecimalMax + 1).data()));
}

TEST(PublicId, AUuidLaidOutAsANumberHasNoPublicId) {
	const FilledKey key(32, 0x5a);
	const PublicIdCipher cipher(key.key);
	Uuid forty_two;
	cipher.public_id_of_uint64(42, forty_two.data());
	// The forgery Architect's layouts allow: the uuid whose bytes are 42's plaintext has 42's public id.
	const Uuid uuid = uuid_from_text("00000000-0000-0000-2a00-000000000000");
	EXPECT_EQ(aes_of_block(key_bytes(key.key), uuid), forty_two);
	const auto refusal = refusal_of_uuid(cipher, uuid);
	ASSERT_TRUE(refusal.has_value());
	EXPECT_EQ(refusal->code(), ErrorCode::InvalidParameterValue);
	EXPECT_STREQ(refusal->what(), "uuid \"00000000-0000-0000-2a00-000000000000\" has no public id");
	EXPECT_FALSE(refusal->detail().empty());
	EXPECT_FALSE(refusal->hint().empty());
	// Nothing made with the key, nor the key itself (0x5a bytes: "Wlpa" in base64), is shown.
	for (const std::string &text : {std::string(refusal->what()), refusal->detail(), refusal->hint()}) {
		EXPECT_EQ(text.find(text_of(forty_two)), std::string::npos) << text;
		EXPECT_EQ(text.find("Wlpa"), std::string::npos) << text;
		EXPECT_EQ(text.find("5a5a"), std::string::npos) << text;
	}
	// And 42's public id reads as no uuid.
	EXPECT_EQ(uuid_of_public_id(cipher, forty_two), "refused");
}

TEST_P(PublicIdRandomKey, NumbersAndUuidsKeepApart) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	Uuid public_id;
	for (int i = 0; i < 2000; i++) {
		const std::uint64_t uint64 = random_u64() >> (i % 64);
		const Uint128 decimal = random_decimal() >> (i % 96);
		SCOPED_TRACE(uint64);
		ASSERT_TRUE(refusal_of_uuid(cipher, uint64_plaintext(uint64)).has_value());
		ASSERT_TRUE(refusal_of_uuid(cipher, decimal_plaintext(decimal)).has_value());
		cipher.public_id_of_uint64(uint64, public_id.data());
		ASSERT_EQ(uuid_of_public_id(cipher, public_id), "refused");
		cipher.public_id_of_decimal(decimal, public_id.data());
		ASSERT_EQ(uuid_of_public_id(cipher, public_id), "refused");
	}
}

// Real uuids keep exactly Architect's public id (AES of their bytes) and read back: version 4, version 7 and the
// time-first formats (DistributedId128: ms since 1700; iUID: Unix ms; HotGuid: Unix seconds) start with a time
// that is never zero in its first 4 bytes. LUUID starts with its entity's key: keys below 2^16 of the groups whose
// low byte is below 0x20 (1 group in 8) are laid out as decimals, and refused.
TEST_P(PublicIdRandomKey, RealUuidsKeepArchitectsPublicIds) {
	const RandomKey random_key(GetParam());
	const PublicIdCipher cipher(random_key.key);
	const std::uint64_t unix_ms = static_cast<std::uint64_t>(
	    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
	        .count());
	const auto with_time = [](Uuid uuid, std::uint64_t time, int bytes) {
		for (int i = 0; i < bytes; i++)
			uuid[i] = static_cast<std::uint8_t>(time >> (8 * (bytes - 1 - i)));
		return uuid;
	};
	Uuid public_id;
	for (int i = 0; i < 2000; i++) {
		Uuid random;
		random_bytes(random.data(), random.size());
		random[6] = static_cast<std::uint8_t>((random[6] & 0x0F) | 0x40); // version 4
		random[8] = static_cast<std::uint8_t>((random[8] & 0x3F) | 0x80); // RFC 9562 variant
		Uuid version7 = with_time(random, unix_ms, 6);
		version7[6] = static_cast<std::uint8_t>((version7[6] & 0x0F) | 0x70);
		const Uuid distributed_id128 = with_time(version7, unix_ms + 8520336000000, 6);
		const Uuid hot_guid = with_time(random, unix_ms / 1000, 4);
		for (const Uuid &uuid : {random, version7, distributed_id128, hot_guid}) {
			if (is_number_plaintext(uuid.data())) // a version 4 uuid, once in about 2^35
				continue;
			cipher.public_id_of_uuid(uuid.data(), public_id.data());
			ASSERT_EQ(public_id, aes_of_block(key_bytes(random_key.key), uuid)) << text_of(uuid);
			ASSERT_EQ(uuid_of_public_id(cipher, public_id), text_of(uuid));
		}
		ASSERT_FALSE(is_number_plaintext(version7.data()));
		ASSERT_FALSE(is_number_plaintext(distributed_id128.data()));
		ASSERT_FALSE(is_number_plaintext(hot_guid.data()));
	}
	// LUUID: key (48 bits) | 6 | group (12 bits) | a | random.
	const auto luuid = [](std::uint64_t key, std::uint16_t group) {
		return uuid_from_integer(static_cast<Uint128>(key << 16 | 0x6000 | group) << 64 | static_cast<Uint128>(0xA) << 60);
	};
	EXPECT_TRUE(refusal_of_uuid(cipher, luuid(1, 0x005)).has_value());
	EXPECT_TRUE(refusal_of_uuid(cipher, luuid(0xFFFF, 0xF1F)).has_value());
	EXPECT_FALSE(refusal_of_uuid(cipher, luuid(1, 0x020)).has_value());
	EXPECT_FALSE(refusal_of_uuid(cipher, luuid(0x10000, 0x005)).has_value());
}

// The odds that a uuid is refused: the share of blocks laid out as numbers. The uint64 layout lies within the
// decimal one (a uint64 is below 2^64), so it is the decimal's: 4 zero bytes (2^-32) and 12 whose value is below
// 10^28 (10^28 / 2^96 = 0.12622 of them), 10^28 / 2^128 = 2^-34.99, one uuid in 34 billion. A version 4 uuid's
// fixed bits (byte 6 is 0x4?) make its value a little likelier to be small: 0.12886, 2^-34.96, one in 33 billion.
TEST(PublicId, TheOddsOfARefusedUuid) {
	EXPECT_NEAR(std::log2(1e28) - 128, -34.986, 0.001);
	std::mt19937_64 generator(20261126);
	constexpr int kSamples = 400000;
	int refused = 0, version4_refused = 0;
	Uuid block;
	for (int i = 0; i < kSamples; i++) {
		const std::uint64_t high = generator(), low = generator();
		std::memcpy(block.data(), &high, 8);
		std::memcpy(block.data() + 8, &low, 8);
		std::memset(block.data(), 0, 4); // the 2^-32 part, taken as given
		refused += is_number_plaintext(block.data());
		block[6] = static_cast<std::uint8_t>((block[6] & 0x0F) | 0x40);
		block[8] = static_cast<std::uint8_t>((block[8] & 0x3F) | 0x80);
		version4_refused += is_number_plaintext(block.data());
	}
	// Standard deviations of the sampling: 0.00053 each.
	EXPECT_NEAR(static_cast<double>(refused) / kSamples, 0.12622, 0.003);
	EXPECT_NEAR(static_cast<double>(version4_refused) / kSamples, 0.12886, 0.003);
	EXPECT_NEAR(std::log2(0.12886) - 32, -34.96, 0.01);
}

TEST(PublicIdKey, DecodesBase64Keys) {
	struct Valid {
		const char *text;
		std::vector<std::uint8_t> bytes;
	};
	const Valid valid[] = {
	    {"AAAAAAAAAAAAAAAAAAAAAA==", std::vector<std::uint8_t>(16, 0)},
	    {"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", std::vector<std::uint8_t>(24, 0)},
	    {"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", std::vector<std::uint8_t>(32, 0)},
	    {"AAECAwQFBgcICQoLDA0ODw==", counting_bytes(16)},
	    {"AAECAwQFBgcICQoLDA0ODxAREhMUFRYX", counting_bytes(24)},
	    {"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", counting_bytes(32)},
	    {"+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/", {0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf,
	                                          0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf, 0xfb, 0xff, 0xbf}},
	};
	for (const Valid &key_text : valid) {
		for (const std::string &text : {std::string(key_text.text), " \t" + std::string(key_text.text) + "\r\n",
		                                std::string(key_text.text) + "\n"}) {
			SCOPED_TRACE(text);
			PublicIdKey key;
			ASSERT_TRUE(decode_public_id_key(text, key));
			EXPECT_EQ(key_bytes(key), key_text.bytes);
		}
	}
}

TEST(PublicIdKey, DecodesWhatOpenSslEncodes) {
	for (const std::size_t length : {16, 24, 32}) {
		for (int i = 0; i < 1000; i++) {
			std::uint8_t bytes[kPublicIdKeyMaxSize];
			random_bytes(bytes, length);
			char text[64];
			const int text_length = EVP_EncodeBlock(reinterpret_cast<unsigned char *>(text), bytes, length);
			PublicIdKey key;
			ASSERT_TRUE(decode_public_id_key(std::string_view(text, text_length), key)) << text;
			ASSERT_EQ(key_bytes(key), std::vector<std::uint8_t>(bytes, bytes + length));
		}
	}
}

TEST(PublicIdKey, RejectsMalformedBase64) {
	const std::string rejected[] = {
	    "",
	    " \t\r\n",
	    "AAECAwQFBgcICQoLDA0O",                               // 15 bytes
	    "AAECAwQFBgcICQoLDA0ODxA=",                           // 17 bytes
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g",       // 33 bytes
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gIQ==",   // 34 bytes
	    "AAECAwQFBgcICQoLDA0ODw",                             // 16 bytes, padding missing
	    "AAECAwQFBgcICQoLDA0ODw=",                            // 16 bytes, padding short
	    "AAECAwQFBgcICQoLDA0ODw===",                          // 16 bytes, padding too long
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",        // 32 bytes, padding missing
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8==",      // 32 bytes, padding too long
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYX====",               // 24 bytes plus a quad of padding
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYX=",                  // 24 bytes plus stray padding
	    "AAECAwQFBgcICQoLDA0O=w==",                           // '=' inside the data
	    "=AECAwQFBgcICQoLDA0ODw==",                           // '=' at the start
	    "AAECAwQFBgcICQoLDA0OD===",                           // three '='
	    "AAECAwQFBgcICQoLDA0ODx==",                           // unused bits set before "=="
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9=",       // unused bits set before "="
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+=",       // unused bits set before "="
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh-=",       // URL-safe alphabet
	    "-_-_-_-_-_-_-_-_-_-_-_-_-_-_-_-_",                   // URL-safe alphabet
	    "AAECAwQFBgcICQoL*A0ODxAREhMUFRYX",                   // a character outside the alphabet
	    "AAECAwQFBgcICQoL\xc3\xa9\x41\x41ODxAREhMUFRYX",      // non-ASCII bytes
	    std::string("AAECAwQFBgcICQoL\0A0ODxAREhMUFRYX", 32), // an embedded NUL
	    "AAECAwQFBgcI CQoLDA0ODxAREhMUFRYX",                  // whitespace inside
	    "AAECAwQFBgcICQoL\nDA0ODxAREhMUFRYX",                 // a line break inside
	    "AAECAwQFBgcICQoLDA0ODxAREhMUFRYX.",                  // trailing junk
	    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", // far too long
	};
	for (const std::string &text : rejected) {
		SCOPED_TRACE(text);
		PublicIdKey key;
		EXPECT_FALSE(decode_public_id_key(text, key));
		EXPECT_TRUE(key.empty());
	}
}

TEST(PublicIdKey, FailedDecodeEmptiesAndWipesThePreviousKey) {
	PublicIdKey key;
	ASSERT_TRUE(decode_public_id_key("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", key));
	EXPECT_FALSE(decode_public_id_key("not a key", key));
	EXPECT_TRUE(key.empty());
	EXPECT_EQ(std::vector<std::uint8_t>(key.data(), key.data() + kPublicIdKeyMaxSize),
	          std::vector<std::uint8_t>(kPublicIdKeyMaxSize, 0));
}

TEST(PublicIdKey, AssignAcceptsOnlyAesKeyLengths) {
	const std::vector<std::uint8_t> bytes = counting_bytes(33);
	for (std::size_t length = 0; length <= bytes.size(); length++) {
		PublicIdKey key;
		const bool valid = length == 16 || length == 24 || length == 32;
		EXPECT_EQ(key.assign(bytes.data(), length), valid) << length;
		EXPECT_EQ(key.size(), valid ? length : 0) << length;
	}
}

TEST(PublicIdKey, WipesOnClearAndOnReplacement) {
	const std::vector<std::uint8_t> counting = counting_bytes(32), filled(16, 0xee);
	const std::vector<std::uint8_t> zeros(kPublicIdKeyMaxSize, 0);
	PublicIdKey key;
	ASSERT_TRUE(key.assign(counting.data(), counting.size()));
	// A shorter key must not leave the tail of the longer one behind.
	ASSERT_TRUE(key.assign(filled.data(), filled.size()));
	EXPECT_EQ(key_bytes(key), filled);
	EXPECT_EQ(std::vector<std::uint8_t>(key.data() + 16, key.data() + 32), std::vector<std::uint8_t>(16, 0));

	key.clear();
	EXPECT_TRUE(key.empty());
	EXPECT_EQ(std::vector<std::uint8_t>(key.data(), key.data() + kPublicIdKeyMaxSize), zeros);
}

TEST(PublicIdKey, WipesOnDestruction) {
	alignas(PublicIdKey) unsigned char storage[sizeof(PublicIdKey)];
	PublicIdKey *key = new (storage) PublicIdKey;
	const std::vector<std::uint8_t> filled(32, 0xa5);
	ASSERT_TRUE(key->assign(filled.data(), filled.size()));
	const std::size_t offset = static_cast<std::size_t>(key->data() - storage);
	key->~PublicIdKey();
	for (std::size_t i = 0; i < kPublicIdKeyMaxSize; i++)
		EXPECT_EQ(storage[offset + i], 0) << i;
}

} // namespace
} // namespace identities
