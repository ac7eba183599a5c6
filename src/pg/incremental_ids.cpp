#include "pg/incremental_ids.hpp"

#include "pg/module.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "access/parallel.h"
}

namespace identities::pg {
namespace {

struct SeriesPosition {
	Uint128 next;
	bool exhausted; // the last value handed out was 2^128-1
};

// One SET of identities.incremental_ids: the parsed value and how far each series has come. It is the GUC
// "extra" (allocated as guc.c requires), so when a SET LOCAL ends, guc.c hands the outer setting's extra back
// and its series continue where they stopped, like Architect's nested generator scopes.
struct IncrementalIdsSetting {
	bool active;
	SeriesPosition positions[2]; // indexed by IncrementalSeries
};

char *incremental_ids_text = nullptr;
IncrementalIdsSetting *incremental_ids = nullptr;

extern "C" bool check_incremental_ids(char **new_value, void **extra, GucSource source) {
	IncrementalIdsSetting parsed = {};
	const std::string_view text = trim_space(*new_value ? *new_value : "");
	if (!text.empty()) {
		Uint128 first_id = 0;
		if (parse_decimal(text, kUint128Max, first_id) != ParseStatus::Ok) {
			GUC_check_errdetail("The value must be an integer from 0 to 2^128-1, or empty for the real generators.");
			return false;
		}
		parsed.active = true;
		for (SeriesPosition &position : parsed.positions)
			position = {first_id, false};
	}
	return store_extra(parsed, extra);
}

extern "C" void assign_incremental_ids(const char *new_value, void *extra) {
	incremental_ids = static_cast<IncrementalIdsSetting *>(extra);
}

} // namespace

void define_incremental_ids_setting() {
	DefineCustomStringVariable(
	    "identities.incremental_ids",
	    "Makes this session's distributedid and distributedid128 generators return N, N+1, N+2, ...",
	    "For deterministic tests, like Architect's IncrementalDistributedIdGenerator. Empty uses the real generators. "
	    "Superusers only: whoever sets it chooses the ids that column defaults produce.",
	    &incremental_ids_text, "", PGC_SUSET, 0, check_incremental_ids, assign_incremental_ids, nullptr);
}

bool take_incremental_id(IncrementalSeries series, Uint128 &id) {
	if (incremental_ids == nullptr || !incremental_ids->active)
		return false;
	// Each parallel worker would restart the series and repeat the leader's values.
	if (IsParallelWorker())
		throw Error(ErrorCode::ObjectNotInPrerequisiteState,
		            "identities.incremental_ids cannot be used in a parallel worker", {},
		            "Set max_parallel_workers_per_gather to 0 while using deterministic ids.");
	SeriesPosition &position = incremental_ids->positions[static_cast<int>(series)];
	if (position.exhausted)
		throw Error(ErrorCode::NumericValueOutOfRange, "identities.incremental_ids series is exhausted");
	id = position.next;
	if (position.next == kUint128Max)
		position.exhausted = true;
	else
		position.next++;
	return true;
}

} // namespace identities::pg
