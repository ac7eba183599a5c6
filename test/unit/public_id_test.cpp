// Architect.Identities' AesPublicIdentityConverter: the upstream vectors (32-zero-byte key, the format's specification
// 6.1), the derived table of public uuids (6.2), the invalid inputs of 4, round trips and base64 keys.
#include "core/public_id.hpp"

#include "core/encoding.hpp"
#include "core/error.hpp"
#include "core/random.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
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

// A uniformly random decimal 0 … 10^28-1 (the modulo bias of 128 random bits is far below anything a test sees).
Uint128 random_decimal() {
	const Uint128 bits = (static_cast<Uint128>(random_u64()) << 64) | random_u64();
	return bits % (kPublicIdDecimalMax + 1);
}

TEST(PublicId, AesKnownAnswersForZeroKeysAndZeroBlock) {
	// FIPS-197 / NIST known answers for the zero block, byte-swapped into uuid order (6.2).
	struct KnownAnswer {
		std::size_t key_length;
		const char *public_uuid;
	};
	for (const KnownAnswer &known : {KnownAnswer{16, "d44be966-8aef-3b2c-884c-fa59ca342b2e"},
	                                 KnownAnswer{24, "9269e0aa-bfac-a352-e8f4-a96ec9300bd7"},
	                                 KnownAnswer{32, "78c095dc-40a2-8989-ad48-a21492842087"}}) {
		SCOPED_TRACE(known.key_length);
		const FilledKey zero_key(known.key_length, 0);
		const PublicIdCipher cipher(zero_key.key);
		EXPECT_EQ(public_id_of_uint64(cipher, 0), known.public_uuid);
		EXPECT_EQ(public_id_of_decimal(cipher, 0), known.public_uuid);
		EXPECT_EQ(public_id_of_uuid(cipher, Uuid{}), known.public_uuid);
	}
}

struct IntegerVector {
	Uint128 value;
	const char *public_uuid;
};

// ulong, long and decimal share one plaintext below 2^64, hence one public id.
const IntegerVector kUint64Vectors[] = {
    {0, "78c095dc-40a2-8989-ad48-a21492842087"},
    {1, "e3ef1648-b3de-5680-6eba-0c17bf582090"},
    {kInt64Max, "a6e9cb7a-5cb0-f7aa-36ef-9bbeaf7af117"},
    {kUint64Max, "9476ed55-288d-bf86-ff50-e3352bfe34fd"},
};

const IntegerVector kDecimalOnlyVectors[] = {
    {kTwoTo64, "9ff9bf37-f7f2-97aa-779e-4adf6f13fb10"},
    {kPublicIdDecimalMax, "1ad2bfc8-76f2-4296-2485-f116a6ef23fd"},
};

// The uuid given as its big-endian integer (Architect's UInt128). 2^64-1 happens to share the ulong plaintext.
const IntegerVector kUuidVectors[] = {
    {0, "78c095dc-40a2-8989-ad48-a21492842087"},
    {1, "fb8a0f53-45c7-b936-a963-b4f1c4cb738b"},
    {kUint64Max, "9476ed55-288d-bf86-ff50-e3352bfe34fd"},
    {kTwoTo64, "df6e95f5-bd02-a436-01bb-b6ce77c3d3fb"},
    {static_cast<Uint128>(1) << 127, "79bfc6dd-150c-0d76-8d9a-eb6f9a75fd4e"},
    {kUint128Max, "80cedaac-a378-1a2b-182b-fa4987ca1347"},
};

TEST(PublicId, Uint64VectorsUnderZeroKey) {
	const PublicIdCipher &cipher = zero_key_cipher();
	for (const IntegerVector &vector : kUint64Vectors) {
		const std::uint64_t value = static_cast<std::uint64_t>(vector.value);
		SCOPED_TRACE(value);
		EXPECT_EQ(public_id_of_uint64(cipher, value), vector.public_uuid);
		EXPECT_EQ(cipher.uint64_of_public_id(uuid_from_text(vector.public_uuid).data()), value);
	}
}

TEST(PublicId, DecimalVectorsUnderZeroKey) {
	const PublicIdCipher &cipher = zero_key_cipher();
	std::vector<IntegerVector> vectors(std::begin(kUint64Vectors), std::end(kUint64Vectors));
	vectors.insert(vectors.end(), std::begin(kDecimalOnlyVectors), std::end(kDecimalOnlyVectors));
	for (const IntegerVector &vector : vectors) {
		char digits[kDecimalBufferSize];
		format_decimal(vector.value, digits);
		SCOPED_TRACE(digits);
		EXPECT_EQ(public_id_of_decimal(cipher, vector.value), vector.public_uuid);
		const auto decoded = cipher.decimal_of_public_id(uuid_from_text(vector.public_uuid).data());
		ASSERT_TRUE(decoded.has_value());
		EXPECT_TRUE(*decoded == vector.value);
	}
}

TEST(PublicId, UuidVectorsUnderZeroKey) {
	const PublicIdCipher &cipher = zero_key_cipher();
	for (const IntegerVector &vector : kUuidVectors) {
		const Uuid uuid = uuid_from_integer(vector.value);
		SCOPED_TRACE(text_of(uuid));
		EXPECT_EQ(public_id_of_uuid(cipher, uuid), vector.public_uuid);
		Uuid decoded;
		cipher.uuid_of_public_id(uuid_from_text(vector.public_uuid).data(), decoded.data());
		EXPECT_EQ(text_of(decoded), text_of(uuid));
	}
}

TEST(PublicId, InvalidDecimalPublicIdsOfUpstream) {
	const PublicIdCipher &cipher = zero_key_cipher();
	struct Invalid {
		const char *public_uuid;
		const char *plaintext; // what it decrypts to, to show why it is refused
	};
	for (const Invalid &invalid : {Invalid{"3625a4bb-7bd6-624d-108d-9d9e599d536b", // 2*10^28-1: too large
	                                       "00000000-bc9c-9f40-ffff-ff1fc2044a7c"},
	                               Invalid{"378c4fe3-a619-dea4-93b8-489f3160e863", // -(10^28-1): sign bit
	                                       "00000080-5ece-4f20-ffff-ff0f6102253e"}}) {
		SCOPED_TRACE(invalid.public_uuid);
		const Uuid public_id = uuid_from_text(invalid.public_uuid);
		EXPECT_FALSE(cipher.decimal_of_public_id(public_id.data()).has_value());
		EXPECT_FALSE(cipher.uint64_of_public_id(public_id.data()).has_value());
		Uuid plaintext;
		cipher.uuid_of_public_id(public_id.data(), plaintext.data());
		EXPECT_EQ(text_of(plaintext), invalid.plaintext);
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

	// A uuid's layout is big-endian, a uint64's little-endian: uuid 1 and uint64 1 differ.
	EXPECT_NE(public_id_of_uuid(cipher, uuid_from_integer(1)), public_id_of_uint64(cipher, 1));
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
	Uuid buffer = uuid_from_integer(1);
	cipher.public_id_of_uuid(buffer.data(), buffer.data());
	EXPECT_EQ(text_of(buffer), "fb8a0f53-45c7-b936-a963-b4f1c4cb738b");
	cipher.uuid_of_public_id(buffer.data(), buffer.data());
	EXPECT_EQ(text_of(buffer), text_of(uuid_from_integer(1)));
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

class PublicIdRandomKey : public testing::TestWithParam<std::size_t> {};

INSTANTIATE_TEST_SUITE_P(KeyLengths, PublicIdRandomKey, testing::Values(16, 24, 32));

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
	std::vector<Uuid> uuids = {uuid_from_integer(0), uuid_from_integer(kUint128Max)};
	for (int i = 0; i < 10000; i++) {
		Uuid uuid;
		random_bytes(uuid.data(), uuid.size());
		uuids.push_back(uuid);
	}
	Uuid public_id, decoded;
	for (const Uuid &uuid : uuids) {
		cipher.public_id_of_uuid(uuid.data(), public_id.data());
		cipher.uuid_of_public_id(public_id.data(), decoded.data());
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

// The odds the README states, from the set of plaintexts each decoder accepts. A forged or foreign public id decrypts
// under a key to a uniformly random block (AES is a permutation), so its chance to pass is the share of blocks a
// decoder accepts. Blocks are chosen here, and turned into public ids by encrypting them (public_id_of_uuid):
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
	// Any bit of the first 8 bytes set: refused as a bigint; of the first 4: refused as a decimal.
	for (int bit = 0; bit < 64; bit++) {
		random_block();
		std::memset(block.data(), 0, 8);
		block[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
		cipher.public_id_of_uuid(block.data(), public_id.data());
		EXPECT_FALSE(cipher.uint64_of_public_id(public_id.data()).has_value()) << bit;
		if (bit < 32)
			EXPECT_FALSE(cipher.decimal_of_public_id(public_id.data()).has_value()) << bit;
	}
	constexpr int kSamples = 200000;
	int uint64_accepted = 0, decimal_accepted = 0;
	for (int i = 0; i < kSamples; i++) {
		random_block();
		std::memset(block.data(), 0, 4);
		cipher.public_id_of_uuid(block.data(), public_id.data());
		decimal_accepted += cipher.decimal_of_public_id(public_id.data()).has_value();
		std::memset(block.data(), 0, 8);
		cipher.public_id_of_uuid(block.data(), public_id.data());
		uint64_accepted += cipher.uint64_of_public_id(public_id.data()).has_value();
	}
	EXPECT_EQ(uint64_accepted, kSamples);
	// 10^28 / 2^96 = 0.12622; the sampling error's standard deviation is 0.00074.
	const double share = static_cast<double>(decimal_accepted) / kSamples;
	EXPECT_NEAR(share, 0.12622, 0.004);
	EXPECT_NEAR(std::log2(share) - 32, -34.99, 0.05);
}

std::vector<std::uint8_t> key_bytes(const PublicIdKey &key) {
	return std::vector<std::uint8_t>(key.data(), key.data() + key.size());
}

std::vector<std::uint8_t> counting_bytes(std::size_t length) {
	std::vector<std::uint8_t> bytes(length);
	for (std::size_t i = 0; i < length; i++)
		bytes[i] = static_cast<std::uint8_t>(i);
	return bytes;
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
