// Packing and unpacking distributedid datums, for the glue of every function that takes or returns one.
#pragma once

#include "core/distributedid.hpp"
#include "pg/fixed_bytes_type.hpp"

namespace identities::pg {

inline Uint128 distributed_id_value(Datum id) noexcept { return load_distributed_id(bytes_of(id)); }

inline Datum distributed_id_datum(Uint128 id) {
	std::uint8_t bytes[kDistributedIdSize];
	store_distributed_id(id, bytes);
	return fixed_bytes_datum(bytes, kDistributedIdSize);
}

} // namespace identities::pg
