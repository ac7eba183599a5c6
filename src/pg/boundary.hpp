// The boundary between C++ and PostgreSQL, used by every SQL-callable function.
//
// C++ exceptions never cross into PostgreSQL: the guard catches them, lets every C++ frame of the call
// unwind, and only then calls ereport. Function bodies keep PostgreSQL
// calls that may ereport (palloc, detoasting, CHECK_FOR_INTERRUPTS) away from live C++ objects with
// destructors: they either run before such objects exist or after they are gone.
#pragma once

#include "core/error.hpp"
#include "pg/postgres.hpp"

namespace identities::pg {

int sqlstate_of(ErrorCode code) noexcept;

// Copies at most size-1 bytes, cut on a character boundary, and always terminates: messages travel from C++
// to ereport in POD buffers.
void copy_message(char *out, std::size_t size, const char *text) noexcept;

template <typename Body>
Datum guarded(const char *function_name, Body body, FunctionCallInfo fcinfo) {
	int sqlstate = 0;
	char message[1024];
	char detail[1024];
	char hint[1024];
	detail[0] = hint[0] = '\0';
	try {
		return body(fcinfo);
	} catch (const Error &error) {
		sqlstate = sqlstate_of(error.code());
		copy_message(message, sizeof message, error.what());
		copy_message(detail, sizeof detail, error.detail().c_str());
		copy_message(hint, sizeof hint, error.hint().c_str());
	} catch (const std::bad_alloc &) {
		sqlstate = ERRCODE_OUT_OF_MEMORY;
		copy_message(message, sizeof message, "out of memory");
	} catch (const std::exception &error) {
		sqlstate = ERRCODE_INTERNAL_ERROR;
		snprintf(message, sizeof message, "%s: %s", function_name, error.what());
	} catch (...) {
		sqlstate = ERRCODE_INTERNAL_ERROR;
		snprintf(message, sizeof message, "%s: unknown C++ exception", function_name);
	}
	// Every C++ object of the call is destroyed by now; only POD buffers remain.
	ereport(ERROR, (errcode(sqlstate), errmsg("%s", message), detail[0] ? errdetail("%s", detail) : 0,
	                hint[0] ? errhint("%s", hint) : 0));
	pg_unreachable();
}

} // namespace identities::pg

// Defines the SQL-callable C function `name`, whose body runs inside the guard.
#define IDENTITIES_FUNCTION(name)                                                                                      \
	extern "C" {                                                                                                       \
	PG_FUNCTION_INFO_V1(name);                                                                                         \
	}                                                                                                                  \
	static Datum name##_body(FunctionCallInfo fcinfo);                                                                 \
	extern "C" Datum name(PG_FUNCTION_ARGS) {                                                                          \
		return identities::pg::guarded(#name, name##_body, fcinfo);                                                    \
	}                                                                                                                  \
	static Datum name##_body(FunctionCallInfo fcinfo)
