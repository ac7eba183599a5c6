// Time windows on time-ordered ids: <format>_within(id, tstzrange) (sql/templates/time_window.sql.in) is a SQL
// function the planner inlines into `id >= <format>_window_first(w) AND id <= <format>_window_last(w)` plus an
// exact recheck on the extracted timestamp, so a window written in time uses the primary key and prunes
// partitions. This file is the C side: the first and last id of a window, from the format's boundary.
#pragma once

#include "core/clock.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"

#include <optional>

namespace identities::pg {

// A tstzrange as instants [from, to), in Unix microseconds; an unbounded end is nullopt.
struct InstantWindow {
	bool empty;
	std::optional<UnixMicros> from;
	std::optional<UnixMicros> to;
};

// The window of the tstzrange argument `argument` (its inclusive and exclusive ends made [from, to)).
InstantWindow instant_window(FunctionCallInfo fcinfo, int argument);

// boundary(instant): the smallest id whose timestamp is at or after the instant, or nullopt when the instant is
// past the format's range (every id is before it).
template <typename Boundary> auto boundary_or_past(Boundary boundary, UnixMicros instant) {
	using Id = decltype(boundary(instant));
	try {
		return std::optional<Id>(boundary(instant));
	} catch (const Error &error) {
		if (error.code() != ErrorCode::DatetimeValueOutOfRange)
			throw;
		return std::optional<Id>();
	}
}

// The smallest id whose timestamp can be in the window (max for an empty window or one past the format's range).
template <typename Id, typename Boundary>
Id window_first(const InstantWindow &window, Boundary boundary, Id min, Id max) {
	if (window.empty)
		return max;
	if (!window.from)
		return min;
	return boundary_or_past(boundary, *window.from).value_or(max);
}

// The largest id whose timestamp can be in the window: the one before boundary(to), or max when nothing ends it.
// Where no id is before `to`, min (the recheck on the timestamp then leaves it out).
template <typename Id, typename Boundary>
Id window_last(const InstantWindow &window, Boundary boundary, Id min, Id max) {
	if (window.empty)
		return min;
	if (!window.to)
		return max;
	const std::optional<Id> end = boundary_or_past(boundary, *window.to);
	if (!end)
		return max;
	return *end == min ? min : *end - 1;
}

} // namespace identities::pg

// Defines <format>_window_first and <format>_window_last: `datum` makes the id a Datum, `boundary` maps an
// instant to the format's boundary id, min and max are the type's extremes.
#define IDENTITIES_TIME_WINDOW(format, datum, boundary, min, max)                                                      \
	IDENTITIES_FUNCTION(format##_window_first) {                                                                       \
		return datum(identities::pg::window_first(identities::pg::instant_window(fcinfo, 0), boundary, min, max));     \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(format##_window_last) {                                                                        \
		return datum(identities::pg::window_last(identities::pg::instant_window(fcinfo, 0), boundary, min, max));      \
	}
