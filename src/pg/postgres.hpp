// The one way glue files include PostgreSQL: C++ headers first (port.h redefines snprintf and friends),
// then the server headers with C linkage, then what differs between majors (compat.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

extern "C" {
#include "postgres.h"

#include "access/hash.h"
#include "catalog/partition.h"
#include "common/hashfn.h"
#include "fmgr.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "port/pg_bswap.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"
}

#include "pg/compat.hpp"
