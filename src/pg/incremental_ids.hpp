// identities.incremental_ids: the deterministic id series of Architect's Incremental*Generator test doubles.
#pragma once

#include "core/uint128.hpp"

namespace identities::pg {

enum class IncrementalSeries { DistributedId, DistributedId128 };

// When identities.incremental_ids is set in this session, stores the series' next value in `id` and
// returns true; returns false when the real generators are in use.
bool take_incremental_id(IncrementalSeries series, Uint128 &id);

} // namespace identities::pg
