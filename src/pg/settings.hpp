// The identities.* settings.
#pragma once

#include "core/public_id.hpp"
#include "core/uint128.hpp"

namespace identities::pg {

// Called from _PG_init.
void define_settings();

// Called from _PG_init: an emit_log_hook that keeps identities.public_key's values out of the server log.
// Preloaded, it runs in the postmaster too, which logs the new value of a setting changed by a reload.
void redact_public_key_in_server_log();

// The id series of identities.incremental_ids (Architect's Incremental*Generator test doubles).
enum class IncrementalSeries { DistributedId, DistributedId128 };

// When identities.incremental_ids is set in this session, stores the series' next value in `id` and
// returns true; returns false when the real generators are in use.
bool take_incremental_id(IncrementalSeries series, Uint128 &id);

// The cipher of the public-id key: identities.public_key when set, else the key in identities.public_key_file.
// Prepared once per key (again only after either setting changes or the server reloads its configuration).
// Throws 55000 when no key is configured, F0000 when the key file cannot be read or holds no valid key.
const PublicIdCipher &public_id_cipher();

// identities.siq_domain (as its hash, computed once per SET), identities.siq_shard.
std::uint32_t siq_domain_hash_setting() noexcept;
std::uint8_t siq_shard_setting() noexcept;

// identities.snowflake_worker, identities.snowflake_process, identities.snowflake_epoch (Unix ms).
std::uint8_t snowflake_worker_setting() noexcept;
std::uint8_t snowflake_process_setting() noexcept;
std::int64_t snowflake_epoch_setting() noexcept;

} // namespace identities::pg
