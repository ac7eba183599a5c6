// Every difference between the PostgreSQL majors we build for (15 to 19) lives here, behind PG_VERSION_NUM.
// Glue files call these wrappers and never test the version themselves.
// Included at the end of pg/postgres.hpp, so every glue file has it.
#pragma once

extern "C" {
// 16 moved the varlena macros (VARDATA, SET_VARSIZE, ...) out of postgres.h.
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif
}

namespace identities::pg {

// Memory for a GUC check hook's `extra`. Up to 15 guc.c frees it with free(); since 16 it owns it in its own
// memory context and frees it with guc_free(), so it must come from guc_malloc() (LOG: a hook must not raise).
inline void *guc_extra_alloc(std::size_t size) noexcept {
#if PG_VERSION_NUM >= 160000
	return guc_malloc(LOG, size);
#else
	return malloc(size);
#endif
}

} // namespace identities::pg

// The module's magic block; since 18 it can also carry the name and version that pg_get_loaded_modules() shows.
#if PG_VERSION_NUM >= 180000
#define IDENTITIES_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "identities", .version = IDENTITIES_VERSION)
#else
#define IDENTITIES_MODULE_MAGIC PG_MODULE_MAGIC
#endif
