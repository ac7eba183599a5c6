// SQL functions of public identities (src/core/public_id.hpp holds Architect's AesPublicIdentityConverter).
//
// public_id(x) encrypts; public_id_to_*(uuid) decrypts and returns NULL when the uuid is not a public id of
// that kind under the key. The key comes from its settings (pg/public_key.cpp), prepared once per key.
#include "core/public_id.hpp"

#include "core/distributed_id.hpp"
#include "core/encoding.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/distributed_id.hpp"
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

IDENTITIES_FUNCTION(public_id_to_bigint) {
	const auto value = pg::public_id_cipher().uint64_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)));
	if (!value || *value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
		PG_RETURN_NULL();
	PG_RETURN_INT64(static_cast<std::int64_t>(*value));
}

IDENTITIES_FUNCTION(public_id_to_distributedid) {
	const auto value = pg::public_id_cipher().decimal_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::distributed_id_datum(*value);
}

IDENTITIES_FUNCTION(public_id_to_numeric) {
	const auto value = pg::public_id_cipher().decimal_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::numeric_datum(*value);
}

IDENTITIES_FUNCTION(public_id_to_uuid) {
	std::uint8_t uuid[kPublicIdSize];
	pg::public_id_cipher().uuid_of_public_id(uuid_bytes(PG_GETARG_DATUM(0)), uuid);
	return pg::uuid_datum(uuid);
}
