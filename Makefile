# PGXS build: make && make install && make installcheck (against a server with identities preloaded).
EXTENSION = identities
EXTVERSION = 0.1.0

MODULE_big = identities
CORE_OBJS = src/core/distributed_id.o src/core/distributed_id128.o src/core/encoding.o src/core/hotguid.o src/core/instant.o \
	src/core/iuid.o src/core/luuid.o src/core/public_id.o src/core/random.o src/core/redaction.o src/core/siq.o src/core/snowflake.o \
	src/core/uint128.o
GLUE_OBJS = src/pg/boundary.o src/pg/distributed_id.o src/pg/distributed_id128.o src/pg/encoding.o \
	src/pg/fixed_bytes_type.o src/pg/hotguid.o src/pg/iuid.o src/pg/luuid.o src/pg/module.o src/pg/public_id.o \
	src/pg/settings.o src/pg/shmem.o src/pg/siq.o src/pg/snowflake.o
OBJS = $(CORE_OBJS) $(GLUE_OBJS)

DATA = $(wildcard sql/$(EXTENSION)--*--*.sql)
DATA_built = sql/$(EXTENSION)--$(EXTVERSION).sql

# installcheck runs against a server of yours with identities preloaded, and leaves it as it found it: tests named
# nopreload_* need a server without identities preloaded, and server_* change or depend on server-wide settings
# (ALTER SYSTEM, the key, the epoch); test/suite runs them on its throwaway servers.
TESTS = $(filter-out test/sql/nopreload_% test/sql/server_%,$(wildcard test/sql/*.sql))
REGRESS = $(patsubst test/sql/%.sql,%,$(TESTS))
REGRESS_OPTS = --inputdir=test --load-extension=$(EXTENSION)

PG_CPPFLAGS = -Isrc -DIDENTITIES_VERSION='"$(EXTVERSION)"'
# -MMD -MP: each object records the headers it includes (src/*/*.d), so a changed header rebuilds its users.
PG_CXXFLAGS = -std=c++17 -Wno-register -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -MMD -MP
SHLIB_LINK = -lstdc++ -lcrypto
EXTRA_CLEAN = build $(OBJS:.o=.d)

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# PGXS compiles LLVM bitcode with clang and without PG_CXXFLAGS: give it C++17 too.
COMPILE.cxx.bc += -std=c++17 -Wno-register

sql/$(EXTENSION)--$(EXTVERSION).sql: sql/$(EXTENSION).sql
	cp $< $@

-include $(OBJS:.o=.d)
