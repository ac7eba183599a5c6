// Packing and unpacking the core PostgreSQL types that ids travel in: uuid, numeric and text.
#pragma once

#include "core/uint128.hpp"
#include "pg/postgres.hpp"

namespace identities::pg {

// A uuid's 16 bytes read as a big-endian integer (Architect's Guid.ToUInt128).
inline Uint128 uuid_value(Datum uuid) noexcept { return load_big_endian(DatumGetUUIDP(uuid)->data, UUID_LEN); }

inline Datum uuid_datum(const std::uint8_t *bytes) {
	auto *uuid = static_cast<pg_uuid_t *>(palloc(sizeof(pg_uuid_t)));
	memcpy(uuid->data, bytes, UUID_LEN);
	return UUIDPGetDatum(uuid);
}

inline Datum uuid_datum(Uint128 value) {
	auto *uuid = static_cast<pg_uuid_t *>(palloc(sizeof(pg_uuid_t)));
	store_big_endian(value, uuid->data, UUID_LEN);
	return UUIDPGetDatum(uuid);
}

// numeric_out's text (palloc'd): digits, a sign, a fraction, or NaN/Infinity; the core parses it.
inline const char *numeric_text(Datum numeric) { return DatumGetCString(DirectFunctionCall1(numeric_out, numeric)); }

inline Datum numeric_datum(Uint128 value) {
	char text[kDecimalBufferSize];
	format_decimal(value, text);
	return DirectFunctionCall3(numeric_in, CStringGetDatum(text), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
}

inline Datum text_datum(const char *characters, std::size_t length) {
	return PointerGetDatum(cstring_to_text_with_len(characters, static_cast<int>(length)));
}

// A short string the core builds, as text: copied to the stack first, so that no C++ object is alive when
// palloc may ereport.
template <std::size_t Capacity, typename MakeString> Datum short_text_datum(MakeString make_string) {
	char characters[Capacity];
	std::size_t length = 0;
	{
		const std::string text = make_string();
		length = text.size() < Capacity ? text.size() : Capacity;
		memcpy(characters, text.data(), length);
	}
	return text_datum(characters, length);
}

// A text argument's bytes, detoasted; valid for the rest of the call.
inline std::string_view text_view(Datum value) {
	const text *argument = DatumGetTextPP(value);
	return {VARDATA_ANY(argument), VARSIZE_ANY_EXHDR(argument)};
}

} // namespace identities::pg
