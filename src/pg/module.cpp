// The module: magic block and load-time setup.
#include "pg/postgres.hpp"
#include "pg/module.hpp"
#include "pg/generator_stats.hpp"
#include "pg/high_water_mark.hpp"
#include "pg/shmem.hpp"

extern "C" {
IDENTITIES_MODULE_MAGIC;

void _PG_init(void);
}

extern "C" void _PG_init(void) {
	using namespace identities::pg;
	redact_public_key_in_server_log();
	// Each format's settings, then the prefix reserved: a misspelt identities.* name is an error from here on.
	define_incremental_ids_setting();
	define_public_key_settings();
	define_siq_settings();
	define_snowflake_settings();
	define_high_water_mark();
	define_generator_warning_settings();
	MarkGUCPrefixReserved("identities");
	request_generator_shared_memory();
}
