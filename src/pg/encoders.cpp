// SQL functions of Architect's AlphanumericIdEncoder and HexadecimalIdEncoder (src/core/encoders.hpp holds them).
//
// Encoders take bigint (one 8-byte block), distributedid and numeric (Architect's decimal form) and uuid (two
// blocks). Decoders return NULL for anything that is not a canonical encoding, like Architect's ...OrDefault.
#include "core/encoders.hpp"

#include "core/distributedid.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"
#include "pg/datums.hpp"
#include "pg/distributedid.hpp"

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

// A decoded value as a Datum, or SQL NULL when the text was not an encoding.
Datum datum_or_null(FunctionCallInfo fcinfo, const std::optional<Uint128> &value, Datum (*to_datum)(Uint128)) {
	if (!value)
		PG_RETURN_NULL();
	return to_datum(*value);
}

} // namespace

// The SQL functions of one encoder (name: alphanumeric or hexadecimal; Name: the constants' spelling). The
// integer form exists so that to_<name>(42) is not ambiguous between bigint and numeric.
#define IDENTITIES_SQL_ID_ENCODER(name, Name)                                                                          \
	IDENTITIES_FUNCTION(bigint_to_##name) {                                                                            \
		return encoded_text<k##Name##Uint64Length>(encodable_bigint(PG_GETARG_INT64(0), "the " #name " encoding"),     \
		                                           to_##name##_uint64);                                                \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(integer_to_##name) {                                                                           \
		return encoded_text<k##Name##Uint64Length>(encodable_bigint(PG_GETARG_INT32(0), "the " #name " encoding"),     \
		                                           to_##name##_uint64);                                                \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(distributedid_to_##name) {                                                                     \
		return encoded_text<k##Name##DecimalLength>(pg::distributed_id_value(PG_GETARG_DATUM(0)),                      \
		                                            to_##name##_decimal);                                              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(numeric_to_##name) {                                                                           \
		return encoded_text<k##Name##DecimalLength>(encodable_numeric(PG_GETARG_DATUM(0), "the " #name " encoding"),   \
		                                            to_##name##_decimal);                                              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(uuid_to_##name) {                                                                              \
		return encoded_text<k##Name##Uint128Length>(pg::uuid_value(PG_GETARG_DATUM(0)), to_##name##_uint128);          \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(name##_to_bigint) {                                                                            \
		const auto value = name##_to_uint64(pg::text_view(PG_GETARG_DATUM(0)));                                        \
		if (!fits_bigint(value))                                                                                       \
			PG_RETURN_NULL();                                                                                          \
		PG_RETURN_INT64(static_cast<std::int64_t>(*value));                                                            \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(name##_to_distributedid) {                                                                     \
		return datum_or_null(fcinfo, name##_to_decimal(pg::text_view(PG_GETARG_DATUM(0))), pg::distributed_id_datum);  \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(name##_to_numeric) {                                                                           \
		return datum_or_null(fcinfo, name##_to_decimal(pg::text_view(PG_GETARG_DATUM(0))), pg::numeric_datum);         \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(name##_to_uuid) {                                                                              \
		return datum_or_null(fcinfo, name##_to_uint128(pg::text_view(PG_GETARG_DATUM(0))), pg::uuid_datum);            \
	}

IDENTITIES_SQL_ID_ENCODER(alphanumeric, Alphanumeric)
IDENTITIES_SQL_ID_ENCODER(hexadecimal, Hexadecimal)
