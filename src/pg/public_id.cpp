// SQL functions of public identities (src/core/public_id.hpp holds Architect's AesPublicIdentityConverter).
//
// public_id(x) encrypts; public_id_to_*(uuid) decrypts and returns NULL when the uuid is not a public id of
// that kind under the key. The key comes from its settings (pg/public_key.cpp), prepared once per key.
#include "core/public_id.hpp"

#include "core/distributedid.hpp"
#include "core/encoders.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/distributedid.hpp"
#include "pg/public_key.hpp"

#include <limits>

using namespace identities;

namespace {

const std::uint8_t *uuid_bytes(Datum uuid) noexcept { return DatumGetUUIDP(uuid)->data; }

template <typename Encrypt> Datum public_id_datum(Encrypt encrypt) {
	std::uint8_t public_id[kPublicIdSize];
	encrypt(pg::public_id_cipher(), public_id);
	return pg::uuid_datum(public_id);
}

} // namespace

IDENTITIES_FUNCTION(bigint_to_public_id) {
	return public_id_datum(
	    [value = encodable_bigint(PG_GETARG_INT64(0), "a public id")](const PublicIdCipher &cipher, std::uint8_t *out) {
		    cipher.public_id_of_uint64(value, out);
	    });
}

// So that public_id(42) is not ambiguous between bigint and numeric; the same public id as 42::bigint.
IDENTITIES_FUNCTION(integer_to_public_id) {
	return public_id_datum(
	    [value = encodable_bigint(PG_GETARG_INT32(0), "a public id")](const PublicIdCipher &cipher, std::uint8_t *out) {
		    cipher.public_id_of_uint64(value, out);
	    });
}

IDENTITIES_FUNCTION(distributedid_to_public_id) {
	const Uint128 value = pg::distributed_id_value(PG_GETARG_DATUM(0));
	return public_id_datum(
	    [&](const PublicIdCipher &cipher, std::uint8_t *out) { cipher.public_id_of_decimal(value, out); });
}

IDENTITIES_FUNCTION(numeric_to_public_id) {
	const Uint128 value = parse_distributed_id_numeric(pg::numeric_text(PG_GETARG_DATUM(0)), "a public id");
	return public_id_datum(
	    [&](const PublicIdCipher &cipher, std::uint8_t *out) { cipher.public_id_of_decimal(value, out); });
}

IDENTITIES_FUNCTION(uuid_to_public_id) {
	const std::uint8_t *uuid = uuid_bytes(PG_GETARG_DATUM(0));
	return public_id_datum(
	    [&](const PublicIdCipher &cipher, std::uint8_t *out) { cipher.public_id_of_uuid(uuid, out); });
}

namespace {

// The decoders of the kinds that validate try the current key, then the previous one of a rotation, and return
// the value under whichever key the public id validates.
template <typename Decode> auto decoded_under_either_key(const std::uint8_t *public_id, Decode decode) {
	const pg::PublicIdCiphers ciphers = pg::public_id_ciphers();
	auto value = decode(*ciphers.current, public_id);
	if (!value && ciphers.previous != nullptr)
		value = decode(*ciphers.previous, public_id);
	return value;
}

std::optional<std::uint64_t> bigint_of(const PublicIdCipher &cipher, const std::uint8_t *public_id) {
	const auto value = cipher.uint64_of_public_id(public_id);
	if (!value || *value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
		return std::nullopt;
	return value;
}

std::optional<Uint128> decimal_of(const PublicIdCipher &cipher, const std::uint8_t *public_id) {
	return cipher.decimal_of_public_id(public_id);
}

} // namespace

IDENTITIES_FUNCTION(public_id_to_bigint) {
	const auto value = decoded_under_either_key(uuid_bytes(PG_GETARG_DATUM(0)), bigint_of);
	if (!value)
		PG_RETURN_NULL();
	PG_RETURN_INT64(static_cast<std::int64_t>(*value));
}

IDENTITIES_FUNCTION(public_id_to_distributedid) {
	const auto value = decoded_under_either_key(uuid_bytes(PG_GETARG_DATUM(0)), decimal_of);
	if (!value)
		PG_RETURN_NULL();
	return pg::distributed_id_datum(*value);
}

IDENTITIES_FUNCTION(public_id_to_numeric) {
	const auto value = decoded_under_either_key(uuid_bytes(PG_GETARG_DATUM(0)), decimal_of);
	if (!value)
		PG_RETURN_NULL();
	return pg::numeric_datum(*value);
}

// A uuid's public id has no redundancy (every uuid decrypts to one), so no key can be told right from wrong: the
// current key, unless the caller names the previous one. NULL for the public id of a bigint or a decimal, whose
// plaintext would give the number away to a role that may not call public_id_to_bigint.
IDENTITIES_FUNCTION(public_id_to_uuid) {
	std::uint8_t uuid[kPublicIdSize];
	if (!pg::public_id_cipher().uuid_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)), uuid))
		PG_RETURN_NULL();
	return pg::uuid_datum(uuid);
}

IDENTITIES_FUNCTION(public_id_to_uuid_under_key) {
	const std::string_view key = pg::text_view(PG_GETARG_DATUM(1));
	if (key != "current" && key != "previous")
		throw Error(ErrorCode::InvalidParameterValue,
		            "invalid key for public_id_to_uuid: \"" + std::string(key) + "\"", {},
		            "The key is 'current' or 'previous'.");
	const pg::PublicIdCiphers ciphers = pg::public_id_ciphers();
	if (key == "previous" && ciphers.previous == nullptr)
		throw Error(ErrorCode::ObjectNotInPrerequisiteState, "no previous public id key is configured", {},
		            "Set identities.public_key_previous or identities.public_key_previous_file during a key rotation.");
	std::uint8_t uuid[kPublicIdSize];
	const PublicIdCipher &cipher = key == "current" ? *ciphers.current : *ciphers.previous;
	if (!cipher.uuid_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)), uuid))
		PG_RETURN_NULL();
	return pg::uuid_datum(uuid);
}

// Which key a public id of a bigint or a decimal was made under: 'current', 'previous', or NULL for neither.
IDENTITIES_FUNCTION(public_id_key) {
	const std::uint8_t *public_id = uuid_bytes(PG_GETARG_DATUM(0));
	const pg::PublicIdCiphers ciphers = pg::public_id_ciphers();
	if (ciphers.current->validates(public_id))
		return pg::text_datum("current", 7);
	if (ciphers.previous != nullptr && ciphers.previous->validates(public_id))
		return pg::text_datum("previous", 8);
	PG_RETURN_NULL();
}

// The same id's public id under the current key: itself when made under it, NULL when under neither key.
IDENTITIES_FUNCTION(public_id_renew) {
	const std::uint8_t *public_id = uuid_bytes(PG_GETARG_DATUM(0));
	const pg::PublicIdCiphers ciphers = pg::public_id_ciphers();
	if (ciphers.current->validates(public_id))
		return PG_GETARG_DATUM(0);
	const auto value =
	    ciphers.previous != nullptr ? ciphers.previous->decimal_of_public_id(public_id) : std::optional<Uint128>();
	if (!value)
		PG_RETURN_NULL();
	// A bigint's plaintext is the decimal layout of the same value: one re-encryption serves both kinds.
	std::uint8_t renewed[kPublicIdSize];
	ciphers.current->public_id_of_decimal(*value, renewed);
	return pg::uuid_datum(renewed);
}

// Fingerprints of the keys (public_id_key_fingerprint): servers compare them without showing the keys.
namespace {

// NULL when the key is not configured; the text made once no C++ string is alive.
Datum fingerprint_datum(FunctionCallInfo fcinfo, bool previous) {
	char fingerprint[16];
	{
		const auto text = pg::public_key_fingerprint(previous);
		if (!text)
			PG_RETURN_NULL();
		memcpy(fingerprint, text->data(), sizeof fingerprint);
	}
	return pg::text_datum(fingerprint, sizeof fingerprint);
}

} // namespace

IDENTITIES_FUNCTION(identities_public_key_fingerprint) { return fingerprint_datum(fcinfo, false); }

IDENTITIES_FUNCTION(identities_public_key_previous_fingerprint) { return fingerprint_datum(fcinfo, true); }
