// A server's identity among the servers that generate ids together: the numbers Snowflake (worker, process) and
// SIQ (shard) put in every id. Set explicitly, a setting wins; left unset on a Citus node, it is derived from
// the node's group id, which Citus keeps distinct per node, so a cluster needs no hand-picked numbers.
#pragma once

#include "pg/postgres.hpp"

namespace identities::pg {

// One node setting: its value, whether anyone set it (any source but the default), and what a Citus node of a
// group uses when nobody did.
struct NodeSetting {
	int value;
	bool explicitly_set;
	int (*derive)(int group_id);
};

extern NodeSetting snowflake_worker_setting;  // identities.snowflake_worker: group id / 32 % 32
extern NodeSetting snowflake_process_setting; // identities.snowflake_process: group id % 32
extern NodeSetting siq_shard_setting;         // identities.siq_shard: group id % 256

// Defines identities.<name> as an integer 0..max_value (default 0) kept in `setting`.
void define_node_setting(NodeSetting &setting, const char *name, const char *description, int max_value);

// The value a generator uses: the explicit setting, else derived from the Citus group id, else 0.
int effective_node_value(const NodeSetting &setting);

// This database's Citus group id (pg_dist_local_group), or -1 when Citus is not installed in it. Read once and
// cached until a relcache invalidation.
int citus_group_id();

// Writes a generator's node identity for identities_stats: `format` with the two values (printf), and the node's
// Citus group on a Citus node. May ereport (it reads the catalog).
void describe_node_identity(char *buffer, std::size_t size, const char *format, int first, int second);

} // namespace identities::pg
