// The module: magic block and load-time setup.
#include "pg/postgres.hpp"
#include "pg/settings.hpp"
#include "pg/shmem.hpp"

extern "C" {
IDENTITIES_MODULE_MAGIC;

void _PG_init(void);
}

extern "C" void _PG_init(void) {
	identities::pg::redact_public_key_in_server_log();
	identities::pg::define_settings();
	identities::pg::request_generator_shared_memory();
}
