#include "pg/node_identity.hpp"

#include "pg/boundary.hpp"
#include "pg/public_key.hpp"
#include "pg/settings.hpp"

extern "C" {
#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/pg_namespace.h"
#include "funcapi.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
}

namespace identities::pg {

NodeSetting snowflake_worker_setting{0, false, [](int group) { return (group >> 5) & 31; }};
NodeSetting snowflake_process_setting{0, false, [](int group) { return group & 31; }};
NodeSetting siq_shard_setting{0, false, [](int group) { return group & 255; }};

namespace {

bool group_id_known = false;
int group_id = -1;
bool invalidation_registered = false;

// Any relcache invalidation forgets the group: they are rare (DDL), and one of them creates Citus' table.
void forget_group_id(Datum, Oid) { group_id_known = false; }

int read_citus_group_id() {
	const Oid relation_id = get_relname_relid("pg_dist_local_group", PG_CATALOG_NAMESPACE);
	if (!OidIsValid(relation_id))
		return -1;
	Relation relation = table_open(relation_id, AccessShareLock);
	SysScanDesc scan = systable_beginscan(relation, InvalidOid, false, nullptr, 0, nullptr);
	int group = -1;
	HeapTuple tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple)) {
		bool is_null = true;
		const Datum value = heap_getattr(tuple, 1, RelationGetDescr(relation), &is_null); // groupid integer
		if (!is_null)
			group = DatumGetInt32(value);
	}
	systable_endscan(scan);
	table_close(relation, AccessShareLock);
	return group;
}

// What a node setting's check hook hands its assign hook.
struct NodeSettingValue {
	int value;
	bool explicitly_set;
};

// Never raises (guc.c's rule for check hooks); the range is checked by guc.c before.
extern "C" bool check_node_setting(int *new_value, void **extra, GucSource source) {
	return store_extra(NodeSettingValue{*new_value, source > PGC_S_DEFAULT}, extra);
}

template <NodeSetting *setting> void assign_node_setting(int, void *extra) {
	const auto &stored = *static_cast<const NodeSettingValue *>(extra);
	setting->value = stored.value;
	setting->explicitly_set = stored.explicitly_set;
}

GucIntAssignHook assign_hook_of(const NodeSetting &setting) {
	if (&setting == &snowflake_worker_setting)
		return assign_node_setting<&snowflake_worker_setting>;
	if (&setting == &snowflake_process_setting)
		return assign_node_setting<&snowflake_process_setting>;
	return assign_node_setting<&siq_shard_setting>;
}

// guc.c's copies of the values; generators read the NodeSettings, which also know whether they were set.
int guc_variables[3];
int defined_count = 0;

} // namespace

void define_node_setting(NodeSetting &setting, const char *name, const char *description, int max_value) {
	DefineCustomIntVariable(name, description,
	                        "Unset, a Citus node uses a value derived from its group id (see identities_node).",
	                        &guc_variables[defined_count++], 0, 0, max_value, PGC_SUSET, 0, check_node_setting,
	                        assign_hook_of(setting), nullptr);
}

int citus_group_id() {
	if (!invalidation_registered) {
		CacheRegisterRelcacheCallback(forget_group_id, 0);
		invalidation_registered = true;
	}
	if (!group_id_known) {
		group_id = read_citus_group_id();
		group_id_known = true;
	}
	return group_id;
}

void describe_node_identity(char *buffer, std::size_t size, const char *format, int first, int second) {
	const int written = snprintf(buffer, size, format, first, second);
	const int group = citus_group_id();
	if (group >= 0 && written >= 0 && static_cast<std::size_t>(written) < size)
		snprintf(buffer + written, size - written, " (Citus group %d)", group);
}

int effective_node_value(const NodeSetting &setting) {
	if (setting.explicitly_set)
		return setting.value;
	const int group = citus_group_id();
	return group >= 0 ? setting.derive(group) : setting.value;
}

} // namespace identities::pg

using namespace identities;

// One row: what this server's generators put in ids when the settings are used, and the Citus group they
// derive from (NULL when this database is not a Citus node).
IDENTITIES_FUNCTION(identities_node_identity) {
	TupleDesc descriptor = nullptr;
	if (get_call_result_type(fcinfo, nullptr, &descriptor) != TYPEFUNC_COMPOSITE)
		throw Error(ErrorCode::Internal, "identities_node_identity must return a row");
	descriptor = BlessTupleDesc(descriptor);
	const int group = pg::citus_group_id();
	const char *domain = GetConfigOption("identities.siq_domain", false, false);
	// The keys' fingerprints, copied out before any palloc: no C++ string may be alive when one raises.
	char fingerprints[2][17] = {};
	for (int previous = 0; previous < 2; previous++) {
		const auto fingerprint = pg::public_key_fingerprint(previous == 1);
		if (fingerprint)
			snprintf(fingerprints[previous], sizeof fingerprints[previous], "%s", fingerprint->c_str());
	}
	Datum values[7] = {Int32GetDatum(group), Int32GetDatum(pg::effective_node_value(pg::snowflake_worker_setting)),
	                   Int32GetDatum(pg::effective_node_value(pg::snowflake_process_setting)),
	                   Int32GetDatum(pg::effective_node_value(pg::siq_shard_setting)),
	                   CStringGetTextDatum(domain ? domain : ""), CStringGetTextDatum(fingerprints[0]),
	                   CStringGetTextDatum(fingerprints[1])};
	bool nulls[7] = {group < 0, false, false, false, false, fingerprints[0][0] == '\0', fingerprints[1][0] == '\0'};
	return HeapTupleGetDatum(heap_form_tuple(descriptor, values, nulls));
}
