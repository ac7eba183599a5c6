# PGXS build: make && make install && make installcheck (against a server with identities preloaded).
EXTENSION = identities
# The version lives in identities.control alone (META.json and debian/changelog are checked against it).
EXTVERSION := $(shell sed -n "s/^default_version = '\(.*\)'$$/\1/p" $(EXTENSION).control)

MODULE_big = identities
# Every source file of the core and the glue, as CMake globs them too.
CORE_OBJS = $(patsubst %.cpp,%.o,$(sort $(wildcard src/core/*.cpp)))
GLUE_OBJS = $(patsubst %.cpp,%.o,$(sort $(wildcard src/pg/*.cpp)))
OBJS = $(CORE_OBJS) $(GLUE_OBJS)

# The current version's script is built from sql/ (below); those of released versions are kept as they shipped
# (sql/$(EXTENSION)--<version>.sql, never edited again), with the upgrade scripts between versions.
# An upgrade script with a .sql.in source is built from it the same way (it may include a part of sql/ whole).
UPGRADE_SCRIPTS = $(patsubst %.sql.in,%.sql,$(wildcard sql/$(EXTENSION)--*--*.sql.in))
DATA_built = sql/$(EXTENSION)--$(EXTVERSION).sql $(UPGRADE_SCRIPTS)
DATA = $(filter-out $(DATA_built),$(wildcard sql/$(EXTENSION)--*.sql))

# installcheck runs against a server of yours with identities preloaded, and leaves it as it found it: tests named
# nopreload_* need a server without identities preloaded, and server_* change or depend on server-wide settings
# (ALTER SYSTEM, the key, the epoch); test/suite runs them on its throwaway servers.
TESTS = $(filter-out test/sql/nopreload_% test/sql/server_%,$(wildcard test/sql/*.sql))
REGRESS = $(patsubst test/sql/%.sql,%,$(TESTS))
REGRESS_OPTS = --inputdir=test --load-extension=$(EXTENSION)

PG_CPPFLAGS = -Isrc -DIDENTITIES_VERSION='"$(EXTVERSION)"'
# -MMD -MP: each object records the headers it includes (src/*/*.d), so a changed header rebuilds its users.
# The warning flags are shared with CMake: compiler-warnings.txt.
PG_CXXFLAGS = -std=c++17 $(if $(wildcard compiler-warnings.txt),$(shell cat compiler-warnings.txt)) -MMD -MP
SHLIB_LINK = -lstdc++ -lcrypto
EXTRA_CLEAN = build $(OBJS:.o=.d)

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# PGXS compiles LLVM bitcode with clang and without PG_CXXFLAGS: give it C++17 too.
COMPILE.cxx.bc += -std=c++17 -Wno-register

# The install script: the header, then each format's SQL file, each `-- @expand <template> NAME=value...` line
# replaced by sql/templates/<template>.sql.in with every @NAME@ set: a fixed-size type's operators, opclasses and
# aggregates (fixed_bytes_type), a routing order for RANGE partitions (routing_order). An upgrade script's
# `-- @include <part>.sql` line is replaced by sql/<part>.sql whole. sql/expand.awk, which portable/build uses too.
SQL_EXPAND = awk -v templates=sql/templates -v parts=sql -v formats=formats.tsv -f sql/expand.awk
# The formats, in the order their SQL loads: the first field of formats.tsv, the one list of them.
SQL_FORMATS := $(shell awk -F '\t' '!/^\#/ && NF { print $$1 }' formats.tsv)
# (In sql/formats/: pg_regress's installcheck would take a sql/<name>.sql beside the Makefile for the test <name>.)
SQL_PARTS = sql/$(EXTENSION).sql $(patsubst %,sql/formats/%.sql,$(SQL_FORMATS)) sql/key_rotation.sql sql/scale_out.sql \
	sql/node_checks.sql sql/generator_stats.sql sql/format_catalog.sql sql/partitions.sql sql/upgrading.sql \
	sql/adoption.sql
# A failed expansion leaves no half-written script behind for the next make to take as up to date.
.DELETE_ON_ERROR:
sql/$(EXTENSION)--$(EXTVERSION).sql: $(SQL_PARTS) $(wildcard sql/templates/*.sql.in) sql/expand.awk formats.tsv
	$(SQL_EXPAND) $(SQL_PARTS) >$@
$(UPGRADE_SCRIPTS): %.sql: %.sql.in $(SQL_PARTS) sql/expand.awk formats.tsv
	$(SQL_EXPAND) $< >$@

-include $(OBJS:.o=.d)

# The PGXN archive, identities-<version>.zip, from the committed tree (git archive; .gitattributes leaves out what
# only the developers use).
dist:
	git archive --format zip --prefix=$(EXTENSION)-$(EXTVERSION)/ -o $(EXTENSION)-$(EXTVERSION).zip HEAD
.PHONY: dist
