# A table keyed by distributedid survives pg_dump / pg_restore (custom format) and a binary COPY round trip.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PRELOADED_PORT
dump=$IDENTITIES_WORK/identities.dump

psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS dumped' -c 'DROP DATABASE IF EXISTS restored' \
	-c 'CREATE DATABASE dumped' -c 'CREATE DATABASE restored'
psql_on $port -d dumped <<'SQL'
CREATE EXTENSION identities;
CREATE TABLE orders (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), total numeric) PARTITION BY RANGE (id);
CREATE TABLE orders_all PARTITION OF orders FOR VALUES FROM (MINVALUE) TO (MAXVALUE);
CREATE INDEX ON orders USING brin (id);
INSERT INTO orders (total) SELECT g FROM generate_series(1, 5000) AS g;
INSERT INTO orders VALUES ('0', 0), ('9999999999999999999999999999', 1);
SQL
as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres -Fc -f "$dump" dumped
as_postgres "$PG_BIN/pg_restore" -h "$IDENTITIES_WORK" -p $port -U postgres -d restored "$dump"
digest="SELECT count(*) || ':' || md5(string_agg(id::text || '/' || total, ',' ORDER BY id)) FROM orders"
before=$(psql_on $port -d dumped -At -c "$digest")
after=$(psql_on $port -d restored -At -c "$digest")
psql_on $port -d postgres -c 'DROP DATABASE dumped' -c 'DROP DATABASE restored'
[ "$before" = "$after" ] || { echo "dump/restore changed the data: $before vs $after"; exit 1; }
