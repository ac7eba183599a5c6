#include "pg/settings.hpp"

#include "core/error.hpp"
#include "pg/postgres.hpp"

extern "C" {
#include "access/parallel.h"
}

#include <cstdlib>

namespace identities::pg {
namespace {

// What the check hook parsed; handed to the assign hook as GUC "extra" (malloc'd, as guc.c requires).
struct IncrementalIdsSetting {
	bool active;
	Uint128 first_id;
};

char *incremental_ids_text = nullptr;
IncrementalIdsSetting incremental_ids = {false, 0};
struct SeriesPosition {
	Uint128 next;
	bool exhausted; // the last value handed out was 2^128-1
};
SeriesPosition series_positions[2] = {}; // indexed by IncrementalSeries

extern "C" bool check_incremental_ids(char **new_value, void **extra, GucSource source) {
	IncrementalIdsSetting parsed = {false, 0};
	const std::string_view text = trim_space(*new_value ? *new_value : "");
	if (!text.empty()) {
		if (parse_decimal(text, kUint128Max, parsed.first_id) != ParseStatus::Ok) {
			GUC_check_errdetail("The value must be an integer from 0 to 2^128-1, or empty for the real generators.");
			return false;
		}
		parsed.active = true;
	}
	auto *setting = static_cast<IncrementalIdsSetting *>(malloc(sizeof(IncrementalIdsSetting)));
	if (setting == nullptr)
		return false;
	*setting = parsed;
	*extra = setting;
	return true;
}

// Every (re)assignment starts both series anew at the given value, like a new generator scope.
extern "C" void assign_incremental_ids(const char *new_value, void *extra) {
	incremental_ids = *static_cast<IncrementalIdsSetting *>(extra);
	for (SeriesPosition &position : series_positions)
		position = {incremental_ids.first_id, false};
}

} // namespace

void define_settings() {
	DefineCustomStringVariable(
	    "identities.incremental_ids",
	    "Makes this session's distributedid and distributedid128 generators return N, N+1, N+2, ...",
	    "For deterministic tests, like Architect's IncrementalDistributedIdGenerator. Empty uses the real generators.",
	    &incremental_ids_text, "", PGC_USERSET, 0, check_incremental_ids, assign_incremental_ids, nullptr);
	MarkGUCPrefixReserved("identities");
}

bool take_incremental_id(IncrementalSeries series, Uint128 &id) {
	if (!incremental_ids.active)
		return false;
	// Each parallel worker would restart the series and repeat the leader's values.
	if (IsParallelWorker())
		throw Error(ErrorCode::ObjectNotInPrerequisiteState, "identities.incremental_ids cannot be used in a parallel worker",
		            {}, "Set max_parallel_workers_per_gather to 0 while using deterministic ids.");
	SeriesPosition &position = series_positions[static_cast<int>(series)];
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
