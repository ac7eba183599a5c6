# 16 backends released at one instant draw 160 000 ids of each generator with per-server state together, on
# each server: every id there, no duplicate, and each backend's ids in the generator's order (strictly
# increasing; HotGuid's second never going back). Preloaded, the 16 share each generator in shared memory;
# plain, each is a replica (HotGuid's process id keeps their ids apart), and SIQ and Snowflake, which need
# shared memory, run on the preloaded server only. The checks are scripts/load.sh's, which scripts/soak runs
# with a million ids per generator. DistributedId draws as many as the others here: preloaded, past its ~128K
# burst, so the 16 also go through its rate limit's sleeps (about a quarter of a second of them).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$IDENTITIES_ROOT/scripts/load.sh"

backends=16
ids=160000
failed=0
for port in "$PRELOADED_PORT" "$PLAIN_PORT"; do
	server=preloaded
	[ "$port" = "$PLAIN_PORT" ] && server=plain
	echo "$server server:"
	load_prepare "$port" concurrency
	load_header
	for entry in "${LOAD_GENERATORS[@]}"; do
		name=${entry%%|*}
		[ $server = plain ] && [[ " ${LOAD_PRELOADED_ONLY[*]} " == *" $name "* ]] && continue
		load_generator "$port" concurrency "$backends" "$ids" "$name" || failed=1
	done
	psql_on "$port" -d postgres -c 'DROP DATABASE concurrency'
done
exit $failed
