// What _PG_init calls: each format's settings, the log redaction of the public key, the shared memory.
#pragma once

namespace identities::pg {

void define_incremental_ids_setting(); // incremental_ids.cpp: DistributedId and DistributedId128
void define_public_key_settings();     // public_key.cpp: public ids
void define_siq_settings();            // siq.cpp
void define_snowflake_settings();      // snowflake.cpp

// public_key.cpp: an emit_log_hook and a ProcessUtility_hook that keep identities.public_key's values out of the
// server log and pg_stat_statements. Preloaded, the log hook runs in the postmaster too, which logs the new value
// of a setting changed by a reload.
void redact_public_key_in_server_log();

} // namespace identities::pg
