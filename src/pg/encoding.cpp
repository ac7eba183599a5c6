// SQL functions of Architect's AlphanumericIdEncoder and HexadecimalIdEncoder (src/core/encoding.hpp holds them).
//
// Encoders take bigint (one 8-byte block), distributedid and numeric (Architect's decimal form) and uuid (two
// blocks). Decoders return NULL for anything that is not a canonical encoding, like Architect's ...OrDefault.
#include "core/encoding.hpp"

#include "core/distributed_id.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/distributed_id.hpp"

#include <limits>

using namespace identities;

namespace {

Uint128 encodable_numeric(Datum numeric, const char *target) {
	return parse_distributed_id_numeric(pg::numeric_text(numeric), target);
}

// Encodes into a stack buffer and returns it as text: the result is the only allocation.
template <std::size_t Length, typename Value, typename Encode> Datum encoded_text(Value value, Encode encode) {
	char characters[Length];
	encode(value, characters);
	return pg::text_datum(characters, Length);
}

template <typename Value> bool fits_bigint(const std::optional<Value> &value) noexcept {
	return value && *value <= static_cast<Value>(std::numeric_limits<std::int64_t>::max());
}

} // namespace

IDENTITIES_FUNCTION(bigint_to_alphanumeric) {
	return encoded_text<kAlphanumericUint64Length>(encodable_bigint(PG_GETARG_INT64(0), "the alphanumeric encoding"),
	                                               to_alphanumeric_uint64);
}

// So that to_alphanumeric(42) is not ambiguous between bigint and numeric.
IDENTITIES_FUNCTION(integer_to_alphanumeric) {
	return encoded_text<kAlphanumericUint64Length>(encodable_bigint(PG_GETARG_INT32(0), "the alphanumeric encoding"),
	                                               to_alphanumeric_uint64);
}

IDENTITIES_FUNCTION(distributedid_to_alphanumeric) {
	return encoded_text<kAlphanumericDecimalLength>(pg::distributed_id_value(PG_GETARG_DATUM(0)),
	                                                to_alphanumeric_decimal);
}

IDENTITIES_FUNCTION(numeric_to_alphanumeric) {
	return encoded_text<kAlphanumericDecimalLength>(encodable_numeric(PG_GETARG_DATUM(0), "the alphanumeric encoding"),
	                                                to_alphanumeric_decimal);
}

IDENTITIES_FUNCTION(uuid_to_alphanumeric) {
	return encoded_text<kAlphanumericUint128Length>(pg::uuid_value(PG_GETARG_DATUM(0)), to_alphanumeric_uint128);
}

IDENTITIES_FUNCTION(alphanumeric_to_bigint) {
	const auto value = alphanumeric_to_uint64(pg::text_view(PG_GETARG_DATUM(0)));
	if (!fits_bigint(value))
		PG_RETURN_NULL();
	PG_RETURN_INT64(static_cast<std::int64_t>(*value));
}

IDENTITIES_FUNCTION(alphanumeric_to_distributedid) {
	const auto value = alphanumeric_to_decimal(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::distributed_id_datum(*value);
}

IDENTITIES_FUNCTION(alphanumeric_to_numeric) {
	const auto value = alphanumeric_to_decimal(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::numeric_datum(*value);
}

IDENTITIES_FUNCTION(alphanumeric_to_uuid) {
	const auto value = alphanumeric_to_uint128(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::uuid_datum(*value);
}

IDENTITIES_FUNCTION(bigint_to_hexadecimal) {
	return encoded_text<kHexadecimalUint64Length>(encodable_bigint(PG_GETARG_INT64(0), "the hexadecimal encoding"),
	                                              to_hexadecimal_uint64);
}

IDENTITIES_FUNCTION(integer_to_hexadecimal) {
	return encoded_text<kHexadecimalUint64Length>(encodable_bigint(PG_GETARG_INT32(0), "the hexadecimal encoding"),
	                                              to_hexadecimal_uint64);
}

IDENTITIES_FUNCTION(distributedid_to_hexadecimal) {
	return encoded_text<kHexadecimalDecimalLength>(pg::distributed_id_value(PG_GETARG_DATUM(0)),
	                                               to_hexadecimal_decimal);
}

IDENTITIES_FUNCTION(numeric_to_hexadecimal) {
	return encoded_text<kHexadecimalDecimalLength>(encodable_numeric(PG_GETARG_DATUM(0), "the hexadecimal encoding"),
	                                               to_hexadecimal_decimal);
}

IDENTITIES_FUNCTION(uuid_to_hexadecimal) {
	return encoded_text<kHexadecimalUint128Length>(pg::uuid_value(PG_GETARG_DATUM(0)), to_hexadecimal_uint128);
}

IDENTITIES_FUNCTION(hexadecimal_to_bigint) {
	const auto value = hexadecimal_to_uint64(pg::text_view(PG_GETARG_DATUM(0)));
	if (!fits_bigint(value))
		PG_RETURN_NULL();
	PG_RETURN_INT64(static_cast<std::int64_t>(*value));
}

IDENTITIES_FUNCTION(hexadecimal_to_distributedid) {
	const auto value = hexadecimal_to_decimal(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::distributed_id_datum(*value);
}

IDENTITIES_FUNCTION(hexadecimal_to_numeric) {
	const auto value = hexadecimal_to_decimal(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::numeric_datum(*value);
}

IDENTITIES_FUNCTION(hexadecimal_to_uuid) {
	const auto value = hexadecimal_to_uint128(pg::text_view(PG_GETARG_DATUM(0)));
	if (!value)
		PG_RETURN_NULL();
	return pg::uuid_datum(*value);
}
