# The key rotation runbook of doc/operations.md ("Rotating the public-id key"), its ```sql runbook blocks run as
# written (only the key files' directory changed), on two servers that read each other's public ids, the second
# one step behind the first. Each server stores public ids of bigints, decimals and uuids made on both before the
# rotation: `links` (re-issued in step 3) and `old_links` (never re-issued). After every step on every server:
#   - every stored public id decodes on both servers to its id (old_links until step 4 on that server, then NULL:
#     the operator chose so), a uuid's under the key it was made under;
#   - a public id made on a server decodes on the other, whatever step each is at;
#   - after step 2 everywhere, the check functions show the same fingerprints on both, and new public ids are made
#     under the new key; after step 3, every re-issued one is under the current key.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

servers_stopped_on_exit
fail_prefix="key_rotation: "
declare -A PORT=([a]=55518 [b]=55519)
sql() { sql_on "${PORT[$1]}" postgres "${@:2}"; } # sql NODE [psql options...]
other() { [ "$1" = a ] && echo b || echo a; }

keys=$IDENTITIES_WORK/rotation
as_postgres mkdir -p "$keys"
for file in identities.key identities-next.key; do
	head -c 32 /dev/urandom | base64 | as_postgres tee "$keys/$file" >/dev/null
	as_postgres chmod 600 "$keys/$file"
done
for node in a b; do
	start_server "rotation_$node" "${PORT[$node]}" yes "identities.public_key_file = '$keys/identities.key'"
	sql $node -c "CREATE EXTENSION identities" -c "CREATE EXTENSION postgres_fdw" \
		-c "CREATE TABLE links (kind text, id text, public uuid)" -c "CREATE TABLE old_links (LIKE links)" >/dev/null
done
sql a -c "CREATE SERVER b FOREIGN DATA WRAPPER postgres_fdw
              OPTIONS (host '$IDENTITIES_WORK', port '${PORT[b]}', dbname 'postgres', extensions 'identities')" \
	-c "CREATE USER MAPPING FOR postgres SERVER b OPTIONS (user 'postgres')" >/dev/null

# Public ids made on each server before the rotation, stored on both.
issued=$IDENTITIES_WORK/rotation_issued.csv
for node in a b; do
	sql $node -c "COPY (
		SELECT 'bigint', g::text, public_id(g) FROM generate_series(1, 50) AS g
		UNION ALL SELECT 'decimal', d::text, public_id(d)
		FROM (SELECT distributedid_generate()::numeric AS d FROM generate_series(1, 50)) AS ids
		UNION ALL SELECT 'uuid', u::text, public_id(u) FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 50)) AS ids
		) TO STDOUT WITH (FORMAT csv)"
done >"$issued"
# A uuid's public id cannot be re-issued by the runbook (nothing tells which key made it): old_links only.
for node in a b; do
	grep -v '^uuid,' "$issued" | sql $node -c "COPY links FROM STDIN WITH (FORMAT csv)"
	sql $node -c "COPY old_links FROM STDIN WITH (FORMAT csv)" <"$issued"
done

# The runbook's blocks, in order, with the key files where this test keeps them.
runbook=$(awk '$0 == "```sql runbook" { block++; in_block = 1; next }
	in_block && $0 == "```" { in_block = 0; print "-- end of step"; next }
	in_block { print }' doc/operations.md | sed "s|/etc/postgresql/|$keys/|g")
[ "$(grep -c '^-- end of step$' <<<"$runbook")" = 4 ] || fail "doc/operations.md has no four runbook steps"
step_sql() { awk -v want="$1" '$0 == "-- end of step" { step++; next } step + 1 == want { print }' <<<"$runbook"; }
declare -A STEP=([a]=0 [b]=0)

# check NODE: the stored public ids of NODE decode on both servers, as NODE's and the reader's steps allow.
check() {
	local node=$1 reader table bad uuid_key
	for reader in a b; do
		# A uuid's public id is read under the key it was made under, the old one: 'current' until the reader
		# moved to the new key (step 2), 'previous' from then on until it dropped it (step 4).
		uuid_key=current
		[ "${STEP[$reader]}" -ge 2 ] && uuid_key=previous
		for table in links old_links; do
			[ "${STEP[$reader]}" -ge 4 ] && [ $table = old_links ] && continue # dropped: checked after step 4
			bad=$(sql $node -c "COPY (SELECT kind, id, public FROM $table) TO STDOUT WITH (FORMAT csv)" |
				sql $reader -c "CREATE TEMP TABLE seen (kind text, id text, public uuid)" \
					-c "COPY seen FROM STDIN WITH (FORMAT csv)" \
					-c "SELECT count(*) FROM seen WHERE CASE kind
					        WHEN 'bigint' THEN public_id_to_bigint(public)::text
					        WHEN 'decimal' THEN public_id_to_numeric(public)::text
					        ELSE public_id_to_uuid(public, '$uuid_key')::text END IS DISTINCT FROM id" | tail -n 1)
			[ "$bad" = 0 ] || fail "$table of $node (step ${STEP[$node]}) read on $reader (step ${STEP[$reader]}): $bad wrong"
		done
	done
	# A public id made on NODE now decodes on the other server.
	local made
	made=$(sql $node -c "SELECT public_id(123456789)")
	[ "$(sql "$(other $node)" -c "SELECT public_id_to_bigint('$made')")" = 123456789 ] ||
		fail "a public id made on $node (step ${STEP[$node]}) does not decode on $(other $node) (step ${STEP[$(other $node)]})"
}

check a
for step in 1 2 3 4; do
	for node in a b; do
		sql $node <<<"$(step_sql $step)" >/dev/null
		sleep 0.5 # the reload
		STEP[$node]=$step
		check $node
		[ "$step" = 3 ] && { [ "$(sql $node -c "SELECT count(*) FROM links WHERE public_id_key(public) = 'previous'")" = 0 ] ||
			fail "public ids left under the previous key on $node after step 3"; }
		[ "$step" = 4 ] && { [ "$(sql $node -c "SELECT count(*) FROM old_links WHERE kind <> 'uuid' AND
			(public_id_to_bigint(public) IS NOT NULL OR public_id_to_numeric(public) IS NOT NULL)")" = 0 ] ||
			fail "old public ids still decode on $node after the previous key was dropped"; }
	done
	if [ "$step" = 2 ]; then
		differ=$(sql a -c "SELECT count(keys_differ_from) FROM identities_check_foreign_servers()")
		[ "$differ" = 0 ] || fail "after step 2 on both servers, the check reports other keys"
		new=$(sql a -c "SELECT identities_public_key_fingerprint()")
		[ "$new" = "$(sql b -c "SELECT identities_public_key_fingerprint()")" ] || fail "different current keys after step 2"
	fi
	echo "step $step on both servers: every public id made before the rotation decodes on both"
done
# A foreign server still on the old key is reported by its fingerprint.
sql b -c "ALTER SYSTEM SET identities.public_key_file = '$keys/identities.key'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 0.5
[ "$(sql a -c "SELECT array_to_string(keys_differ_from, ',') FROM identities_check_foreign_servers() WHERE node = 'local'")" = "b (current)" ] ||
	fail "the check does not report a server holding another key"
echo "key_rotation: the runbook ran on two servers, no public id stopped working before step 4"
