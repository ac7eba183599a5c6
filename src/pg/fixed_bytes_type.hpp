// What every fixed-size id type stored as big-endian bytes shares: memcmp order, hashing,
// sort support with abbreviated keys, and the BRIN minmax-multi distance.
//
// IDENTITIES_FIXED_BYTES_TYPE(distributedid, 12) defines distributedid_eq ... distributedid_brin_distance.
#pragma once

#include "core/uint128.hpp"
#include "pg/boundary.hpp"

namespace identities::pg {

inline const std::uint8_t *bytes_of(Datum value) noexcept {
	return reinterpret_cast<const std::uint8_t *>(DatumGetPointer(value));
}

inline int compare_fixed_bytes(Datum left, Datum right, std::size_t size) noexcept {
	const int order = memcmp(bytes_of(left), bytes_of(right), size);
	return (order > 0) - (order < 0);
}

// Installs the comparator, and abbreviated keys (the first 8 bytes) when the sort asks for them.
void fixed_bytes_sortsupport(SortSupport support, std::size_t size);

// b - a as a double, for BRIN minmax-multi (values of at most 16 bytes).
double fixed_bytes_distance(Datum left, Datum right, std::size_t size) noexcept;

// The routing order of RANGE partitions by a field: the byte at field_index first, then the bytes' order.
inline int compare_fixed_bytes_by_field(Datum left, Datum right, std::size_t size, std::size_t field_index) noexcept {
	const int field_order = int{bytes_of(left)[field_index]} - int{bytes_of(right)[field_index]};
	if (field_order != 0)
		return (field_order > 0) - (field_order < 0);
	return compare_fixed_bytes(left, right, size);
}

// The remainder core PARTITION BY HASH assigns to this one-column key: the type's extended hash at
// HASH_PARTITION_SEED, folded as partbounds.c does (hash_combine64 into 0), modulo the modulus (22023 unless > 0).
int hash_partition_remainder(const std::uint8_t *bytes, std::size_t size, std::int32_t modulus);

// numeric's binary form of an integer, as a bytea: what numeric_send sends for it (the send of distributedid and
// siq from 0.2.0 on, so that a client's numeric decoder reads them; src/core/numeric_wire.hpp).
Datum numeric_wire_send(Uint128 value);

// The integer 0 ... max in numeric's binary form, which is the rest of the message (their recv from 0.2.0 on):
// 22P03 for a malformed form, 22003 for a fraction, a negative value, NaN, an infinity or a value above max.
Uint128 numeric_wire_receive(StringInfo message, Uint128 max, const char *type_name, const char *range_detail);

// The bytes as they are, as a bytea: iuid's binary form, and that of distributedid and siq in 0.1.0.
Datum fixed_bytes_send(const std::uint8_t *bytes, std::size_t size);

// 0.1.0's binary form of distributedid and siq, the stored bytes, for a database still on 0.1.0: never taken for
// numeric's form (0.2.0's) nor numeric's for it (src/core/numeric_wire.hpp), so that the two versions refuse each
// other's values. The receive returns the size bytes of the message.
Datum raw_wire_send(Datum value, std::size_t size, Uint128 max, const char *type_name);
const std::uint8_t *raw_wire_receive(StringInfo message, std::size_t size, Uint128 max, const char *type_name);

// Where the numeric argument stands among the ids 0 ... max (src/core/uint128.hpp), for the comparisons of an id
// with a numeric: kept in the call's fn_extra with the numeric's bytes, so that a scan, which compares one numeric
// with every row, formats it once.
NumericPlace numeric_place(FunctionCallInfo fcinfo, Datum numeric, Uint128 max);

// A freshly palloc'd copy of size bytes.
inline Datum fixed_bytes_datum(const std::uint8_t *bytes, std::size_t size) {
	void *copy = palloc(size);
	memcpy(copy, bytes, size);
	return PointerGetDatum(copy);
}

} // namespace identities::pg

#define IDENTITIES_FIXED_BYTES_COMPARISON(type, size, name, op)                                                        \
	IDENTITIES_FUNCTION(type##_##name) {                                                                               \
		PG_RETURN_BOOL(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size) op 0);        \
	}

#define IDENTITIES_FIXED_BYTES_TYPE(type, size)                                                                        \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, eq, ==)                                                              \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, ne, !=)                                                              \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, lt, <)                                                               \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, le, <=)                                                              \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, gt, >)                                                               \
	IDENTITIES_FIXED_BYTES_COMPARISON(type, size, ge, >=)                                                              \
	IDENTITIES_FUNCTION(type##_cmp) {                                                                                  \
		PG_RETURN_INT32(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size));            \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_larger) {                                                                               \
		const bool first = identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size) >= 0;     \
		PG_RETURN_DATUM(first ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));                                              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_smaller) {                                                                              \
		const bool first = identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size) <= 0;     \
		PG_RETURN_DATUM(first ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1));                                              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_hash) { return hash_any(identities::pg::bytes_of(PG_GETARG_DATUM(0)), size); }          \
	IDENTITIES_FUNCTION(type##_hash_extended) {                                                                        \
		return hash_any_extended(identities::pg::bytes_of(PG_GETARG_DATUM(0)), size, PG_GETARG_INT64(1));              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_hash_partition) {                                                                       \
		PG_RETURN_INT32(identities::pg::hash_partition_remainder(identities::pg::bytes_of(PG_GETARG_DATUM(0)), size,   \
		                                                         PG_GETARG_INT32(1)));                                 \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_sortsupport) {                                                                          \
		identities::pg::fixed_bytes_sortsupport(reinterpret_cast<SortSupport>(PG_GETARG_POINTER(0)), size);            \
		PG_RETURN_VOID();                                                                                              \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(type##_brin_distance) {                                                                        \
		PG_RETURN_FLOAT8(identities::pg::fixed_bytes_distance(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size));          \
	}

#define IDENTITIES_FIELD_COMPARISON(type, size, field, field_index, name, op)                                          \
	IDENTITIES_FUNCTION(type##_##field##_##name) {                                                                     \
		PG_RETURN_BOOL(identities::pg::compare_fixed_bytes_by_field(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size,      \
		                                                            field_index) op 0);                                \
	}

// The functions of type_field_ops, the btree order by one byte-sized field first (sql/templates/routing_order.sql.in).
#define IDENTITIES_FIXED_BYTES_ROUTING_ORDER(type, size, field, field_index)                                           \
	IDENTITIES_FIELD_COMPARISON(type, size, field, field_index, lt, <)                                                 \
	IDENTITIES_FIELD_COMPARISON(type, size, field, field_index, le, <=)                                                \
	IDENTITIES_FIELD_COMPARISON(type, size, field, field_index, gt, >)                                                 \
	IDENTITIES_FIELD_COMPARISON(type, size, field, field_index, ge, >=)                                                \
	IDENTITIES_FUNCTION(type##_##field##_cmp) {                                                                        \
		PG_RETURN_INT32(                                                                                               \
		    identities::pg::compare_fixed_bytes_by_field(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size, field_index));  \
	}

#define IDENTITIES_NUMERIC_COMPARISON(type, size, max, name, op)                                                      \
	IDENTITIES_FUNCTION(type##_numeric_##name) {                                                                       \
		PG_RETURN_BOOL(identities::compare_with_numeric(                                                               \
		                   identities::load_big_endian(identities::pg::bytes_of(PG_GETARG_DATUM(0)), size),            \
		                   identities::pg::numeric_place(fcinfo, PG_GETARG_DATUM(1), max)) op 0);                      \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(numeric_##type##_##name) {                                                                     \
		PG_RETURN_BOOL(0 op identities::compare_with_numeric(                                                          \
		                        identities::load_big_endian(identities::pg::bytes_of(PG_GETARG_DATUM(1)), size),       \
		                        identities::pg::numeric_place(fcinfo, PG_GETARG_DATUM(0), max)));                     \
	}

// The comparisons of an id type that is an integer 0 ... max with numeric, both ways (sql/templates/cross_type.sql.in),
// in numeric's order: what `id::numeric op n` says, without the cast, so that a driver's numeric parameter is an
// index condition.
#define IDENTITIES_NUMERIC_CROSS_TYPE(type, size, max)                                                                 \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, eq, ==)                                                             \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, ne, !=)                                                             \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, lt, <)                                                              \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, le, <=)                                                             \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, gt, >)                                                              \
	IDENTITIES_NUMERIC_COMPARISON(type, size, max, ge, >=)                                                             \
	IDENTITIES_FUNCTION(type##_numeric_cmp) {                                                                          \
		PG_RETURN_INT32(identities::compare_with_numeric(                                                              \
		    identities::load_big_endian(identities::pg::bytes_of(PG_GETARG_DATUM(0)), size),                           \
		    identities::pg::numeric_place(fcinfo, PG_GETARG_DATUM(1), max)));                                          \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(numeric_##type##_cmp) {                                                                        \
		PG_RETURN_INT32(-identities::compare_with_numeric(                                                             \
		    identities::load_big_endian(identities::pg::bytes_of(PG_GETARG_DATUM(1)), size),                          \
		    identities::pg::numeric_place(fcinfo, PG_GETARG_DATUM(0), max)));                                          \
	}

#define IDENTITIES_UUID_COMPARISON(type, size, name, op)                                                               \
	IDENTITIES_FUNCTION(type##_uuid_##name) {                                                                          \
		PG_RETURN_BOOL(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size) op 0);        \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(uuid_##type##_##name) {                                                                        \
		PG_RETURN_BOOL(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size) op 0);        \
	}

// The comparisons of a 16-byte id type with uuid, both ways: the same bytes in the same (memcmp) order as uuid's.
#define IDENTITIES_UUID_CROSS_TYPE(type, size)                                                                         \
	static_assert(size == UUID_LEN, "a type compared with uuid is 16 bytes");                                         \
	IDENTITIES_UUID_COMPARISON(type, size, eq, ==)                                                                     \
	IDENTITIES_UUID_COMPARISON(type, size, ne, !=)                                                                     \
	IDENTITIES_UUID_COMPARISON(type, size, lt, <)                                                                      \
	IDENTITIES_UUID_COMPARISON(type, size, le, <=)                                                                     \
	IDENTITIES_UUID_COMPARISON(type, size, gt, >)                                                                      \
	IDENTITIES_UUID_COMPARISON(type, size, ge, >=)                                                                     \
	IDENTITIES_FUNCTION(type##_uuid_cmp) {                                                                             \
		PG_RETURN_INT32(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size));            \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(uuid_##type##_cmp) {                                                                           \
		PG_RETURN_INT32(identities::pg::compare_fixed_bytes(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), size));            \
	}
