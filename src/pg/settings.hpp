// The identities.* settings.
#pragma once

#include "core/uint128.hpp"

namespace identities::pg {

// Called from _PG_init.
void define_settings();

// The id series of identities.incremental_ids (Architect's Incremental*Generator test doubles).
enum class IncrementalSeries { DistributedId, DistributedId128 };

// When identities.incremental_ids is set in this session, stores the series' next value in `id` and
// returns true; returns false when the real generators are in use.
bool take_incremental_id(IncrementalSeries series, Uint128 &id);

} // namespace identities::pg
