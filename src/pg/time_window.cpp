#include "pg/time_window.hpp"

#include "pg/timestamps.hpp"

extern "C" {
#include "utils/rangetypes.h"
#include "utils/typcache.h"
}

namespace identities::pg {

InstantWindow instant_window(FunctionCallInfo fcinfo, int argument) {
	RangeType *range = PG_GETARG_RANGE_P(argument);
	TypeCacheEntry *type = range_get_typcache(fcinfo, RangeTypeGetOid(range));
	RangeBound lower, upper;
	bool empty = false;
	range_deserialize(type, range, &lower, &upper, &empty);
	InstantWindow window{empty, std::nullopt, std::nullopt};
	if (empty)
		return window;
	// Timestamps are whole microseconds: an exclusive lower end starts a microsecond later, an inclusive upper
	// end stops a microsecond later. (-)infinity saturate, so the boundaries see them as out of range.
	if (!lower.infinite) {
		const UnixMicros from = unix_micros_from_timestamptz(DatumGetTimestampTz(lower.val));
		window.from = lower.inclusive || from == std::numeric_limits<UnixMicros>::max() ? from : from + 1;
	}
	if (!upper.infinite) {
		const UnixMicros to = unix_micros_from_timestamptz(DatumGetTimestampTz(upper.val));
		window.to = !upper.inclusive || to == std::numeric_limits<UnixMicros>::max() ? to : to + 1;
	}
	return window;
}

} // namespace identities::pg
