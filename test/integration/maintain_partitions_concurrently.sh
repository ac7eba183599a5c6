# identities_maintain_partitions from several sessions at once (a scheduler and a DBA, say): no error, each
# partition created once, and rows inserted meanwhile land in their day's partition.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

port=$PRELOADED_PORT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS maintenance' -c 'CREATE DATABASE maintenance'
psql_on $port -d maintenance -c 'CREATE EXTENSION identities' \
	-c 'CREATE TABLE events (id iuid PRIMARY KEY DEFAULT iuid_generate(1, 1), body text) PARTITION BY RANGE (id)' \
	-c 'CREATE TABLE events_default PARTITION OF events DEFAULT'
pids=()
for session in 1 2 3 4; do
	psql_on $port -d maintenance -At \
		-c "SELECT count(*) FROM identities_maintain_partitions('events', '1 hour', premake => 48)" \
		>"$IDENTITIES_WORK/maintenance.$session" &
	pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
created=$(cat "$IDENTITIES_WORK"/maintenance.* | awk '{ sum += $1 } END { print sum }')
partitions=$(psql_on $port -d maintenance -At -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass")
psql_on $port -d maintenance -c "INSERT INTO events (body) SELECT 'now' FROM generate_series(1, 100)"
in_default=$(psql_on $port -d maintenance -At -c 'SELECT count(*) FROM events_default')
psql_on $port -d postgres -c 'DROP DATABASE maintenance'
# 49 hourly partitions (this hour and 48 ahead) plus the default, created by the four sessions together.
[ "$created" = 49 ] && [ "$partitions" = 50 ] && [ "$in_default" = 0 ] ||
	{ echo "created $created, partitions $partitions, rows in default $in_default"; exit 1; }
