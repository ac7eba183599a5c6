// Time windows on time-ordered ids: <format>_within(id, tstzrange) (sql/templates/time_window.sql.in) is a SQL
// function the planner inlines into `id >= <format>_window_first(w) AND id <= <format>_window_last(w)`, so a
// window written in time uses the primary key and prunes partitions. This file is the C side: the first and last
// id of a window, from the format's boundary. Ids order as their timestamps do, so the two bounds are exact.
#pragma once

#include "core/clock.hpp"
#include "core/error.hpp"
#include "pg/boundary.hpp"

#include <optional>
#include <type_traits>
#include <utility>

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

// The id before a boundary, for formats whose every integer of the range is an id: one less.
template <typename Id> Id one_less(Id boundary) { return boundary - 1; }

// The first and the last id whose timestamp is in the window: boundary(from), and before(boundary(to)), the largest
// id below it. Ends the window leaves open give the type's min and max. A window no id can be in (empty, starting
// past the format's range, or ending before its first id) gives {max, min}, so that no id lies between them.
template <typename Id, typename Boundary, typename Before>
std::pair<Id, Id> window_ids(const InstantWindow &window, Boundary boundary, Before before, Id min, Id max) {
	const std::pair<Id, Id> no_id{max, min};
	if (window.empty)
		return no_id;
	Id first = min;
	if (window.from) {
		const std::optional<Id> start = boundary_or_past(boundary, *window.from);
		if (!start)
			return no_id;
		first = *start;
	}
	Id last = max;
	if (window.to) {
		const std::optional<Id> end = boundary_or_past(boundary, *window.to);
		if (end) {
			if (*end == min)
				return no_id;
			last = before(*end);
		}
	}
	return first <= last ? std::pair<Id, Id>{first, last} : no_id;
}

} // namespace identities::pg

// Defines <format>_window_first and <format>_window_last: `datum` makes the id a Datum, `boundary` maps an
// instant to the format's boundary id, `before` a boundary to the largest id below it, min and max are the type's
// extremes.
#define IDENTITIES_TIME_WINDOW_BEFORE(format, datum, boundary, before, min, max)                                       \
	IDENTITIES_FUNCTION(format##_window_first) {                                                                       \
		return datum(                                                                                                  \
		    identities::pg::window_ids(identities::pg::instant_window(fcinfo, 0), boundary, before, min, max).first);  \
	}                                                                                                                  \
	IDENTITIES_FUNCTION(format##_window_last) {                                                                        \
		return datum(                                                                                                  \
		    identities::pg::window_ids(identities::pg::instant_window(fcinfo, 0), boundary, before, min, max).second); \
	}
// The same for a format whose every integer of the range is an id.
#define IDENTITIES_TIME_WINDOW(format, datum, boundary, min, max)                                                      \
	IDENTITIES_TIME_WINDOW_BEFORE(format, datum, boundary, identities::pg::one_less<std::remove_cv_t<decltype(max)>>, min, max)
