# The portable edition's public id key kept from every role but its owner, on a site whose default privileges hand
# out what the installing role creates (issue 47, point 2). As Supabase sets them, before the install: ALTER
# DEFAULT PRIVILEGES FOR ROLE installer IN SCHEMA public GRANT ALL ON TABLES, FUNCTIONS and SEQUENCES TO anon,
# authenticated. A role "installer", no superuser, owning its database, installs the plain script (psql -f) in
# public, and, in a second database of the same server, the pg_tle form (CREATE EXTENSION; skipped, and said so,
# where pg_tle cannot be had), and makes the key in the database. Then, in each:
#   - no role but the owner holds anything on the key table, the key functions, the edition's sequences; the two
#     gates keep PUBLIC's EXECUTE and nothing else;
#   - anon, authenticated, reader (GRANT SELECT ON ALL TABLES IN SCHEMA public after the install), a member of
#     pg_read_all_data and one of pg_write_all_data never read the key (no rows or 42501, never its bytes), cannot
#     export it, nor set, rotate, generate or overwrite it; they make and read public ids until doc/portable.md's
#     REVOKE of the gates, and no more after it (a role granted the encrypting gate makes them, cannot read them);
#   - reader's bulk grant, and each violation made on purpose (a grant on the key table, on one column of it, of
#     EXECUTE on a key function, to a role or to PUBLIC; row level security disabled; a policy on the key table),
#     makes all five key functions refuse their owner with 42501 and a HINT; running the HINT (or the undo) makes
#     them work again;
#   - backups: pg_dump as the owner holds the key; as a pg_read_all_data member with
#     --exclude-table-data=public.identities_public_key it succeeds without the key (and, for the plain install, the
#     dump restores, and the key the owner exports makes the same public ids there); so does a backup role granted
#     SELECT on the site's tables (none on the key's) for the extension form, not for a plain install (pg_dump locks
#     the key table), as doc/portable.md says; what else each can dump is printed;
#     no dump but the owner's holds the key, in base64 or in hex.
# Printed, not failed: what the design leaves open (a pg_read_all_data member with BYPASSRLS, as Supabase's
# supabase_read_only_user; a pg_write_all_data member and the edition's sequences).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
host_major_only # the portable edition's script is the same on every major
source "$IDENTITIES_ROOT/scripts/pg_tle.sh"

port=55545
failures=0
keys=() # every secret key met, base64 and hex: never in a role's output nor in a dump but the owner's
redact() {
	local text=$1 known
	for known in "${keys[@]}"; do text=${text//"$known"/<KEY>}; done
	printf '%s' "$text"
}
fail() { echo "FAILED: $(redact "$*")"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
note() { echo "NOT COVERED: $(redact "$*")"; }
die() { echo "FAILED: $(redact "$*")"; exit 1; }
leaks() { # leaks TEXT: whether TEXT holds a known key
	local known
	for known in "${keys[@]}"; do grep -qiF -- "$known" <<<"$1" && return 0; done
	return 1
}
remember_key() { # remember_key BASE64
	[ -n "$1" ] || return 0
	keys+=("$1" "$(base64 -d <<<"$1" | od -An -tx1 | tr -d ' \n')")
}
throwaway_key() { head -c 32 /dev/urandom | base64; }

pg_tle_where_available

servers_stopped_on_exit "$IDENTITIES_WORK/key_privacy"
preload=()
[ $tle = yes ] && preload=("shared_preload_libraries = 'pg_tle'")
start_server key_privacy $port no "${preload[@]}" || die "the server did not start"

# the files portable/build writes as doc/portable.md runs it (the plain script in the schema public)
build=$(portable_edition) || die "portable/build failed"

# The site's roles. anon and authenticated log in here (Supabase's are NOLOGIN, reached by SET ROLE: the same rights).
psql_on $port -d postgres >/dev/null <<'SQL' || die "the roles could not be made"
CREATE ROLE installer LOGIN NOSUPERUSER;
CREATE ROLE anon LOGIN;
CREATE ROLE authenticated LOGIN;
CREATE ROLE reader LOGIN;
CREATE ROLE readall LOGIN;
GRANT pg_read_all_data TO readall;
CREATE ROLE writer LOGIN;
GRANT pg_write_all_data TO writer;
CREATE ROLE backup LOGIN;
CREATE ROLE api LOGIN;
CREATE ROLE read_only_bypassrls LOGIN BYPASSRLS; -- as Supabase's supabase_read_only_user
GRANT pg_read_all_data TO read_only_bypassrls;
SQL

site_database() { # site_database NAME: a database of installer's, with Supabase's default privileges
	psql_on $port -d postgres -c "CREATE DATABASE $1 OWNER installer" >/dev/null || die "CREATE DATABASE $1"
	psql_on $port -d "$1" >/dev/null <<'SQL' || die "the default privileges in $1"
ALTER DEFAULT PRIVILEGES FOR ROLE installer IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE installer IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated;
ALTER DEFAULT PRIVILEGES FOR ROLE installer IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated;
SQL
}

db= # the database the functions below work in
as_owner() { psql_on $port -d "$db" -U installer "$@"; }
try() { psql_on $port -d "$db" -U "$1" -At -v VERBOSITY=verbose -c "$2" 2>&1; } # try ROLE SQL: its output and errors
fingerprints() { as_owner -At -c 'SELECT coalesce(identities_public_key_fingerprint(), $$-$$) || $$/$$ || coalesce(identities_public_key_previous_fingerprint(), $$-$$)'; }
stored_keys() { as_owner -At -c "SELECT encode(key, 'base64') FROM identities_public_key ORDER BY slot"; }
restore_key() { # restore_key BASE64: the owner puts back a current key a role replaced (only the old code lets it)
	as_owner -v key="$1" >/dev/null 2>&1 <<'SQL'
SELECT identities_public_key_set_previous(NULL);
SELECT identities_public_key_set(:'key');
SQL
}

# The key functions, each as its owner calls it.
key_functions() {
	echo 'SELECT identities_public_key_export()'
	echo 'SELECT identities_public_key_set_previous(NULL)'
	echo "SELECT identities_public_key_set('$(throwaway_key)')"
	echo 'SELECT identities_public_key_generate()'
	echo 'SELECT identities_public_key_rotate()'
}

# violated FORM GRANT UNDO: the owner makes the key reachable (GRANT), every key function must refuse it with
# 42501 and a HINT, and change nothing; the HINT's statement (else UNDO) makes them work again.
violated() {
	local form=$1 violation=$2 undo=$3 before statement outcome hint role refused=yes
	as_owner -c "$violation" >/dev/null || { fail "$form: could not run: $violation"; return; }
	before=$(fingerprints)
	hint=
	while IFS= read -r statement; do
		outcome=$(try installer "$statement")
		if [[ $outcome != *42501* ]] || [[ $outcome != *HINT:* ]]; then
			fail "$form: after $violation, the owner's $statement did not refuse with 42501 and a HINT ($(head -n 2 <<<"$outcome" | tr '\n' ' '))"
			refused=no
		elif [ -z "$hint" ]; then
			hint=$(sed -n 's/^HINT:  //p' <<<"$outcome")
		fi
		leaks "$outcome" && [[ $statement != *export* ]] && fail "$form: a refusal shows the key: $statement"
	done < <(key_functions)
	[ "$(fingerprints)" = "$before" ] || { fail "$form: after $violation, a key function changed the key"; while read -r k; do remember_key "$k"; done < <(stored_keys); }
	# (the grantee of a violation is refused too: the check runs whoever calls)
	for role in anon authenticated; do
		outcome=$(try $role 'SELECT identities_public_key_export()')
		leaks "$outcome" && fail "$form: after $violation, $role exported the key"
	done
	if [ $refused = yes ]; then
		pass "$form: after $violation, the five key functions refuse (42501): $hint"
		case $violation in
		GRANT*)
			local grantee=${violation##* TO }
			[[ $hint == *REVOKE* ]] && [[ $hint == *"$grantee"* ]] || fail "$form: the HINT names no REVOKE from $grantee: $hint"
			;;
		esac
		statement=$(grep -oE '(REVOKE|ALTER TABLE|DROP POLICY)[^;]*;' <<<"$hint" | head -n 1)
		if [ -n "$statement" ]; then
			as_owner -c "$statement" >/dev/null || fail "$form: the HINT's statement failed: $statement"
		fi
	fi
	as_owner -c "$undo" >/dev/null || fail "$form: could not run: $undo"
	while IFS= read -r statement; do
		outcome=$(try installer "$statement")
		[[ $outcome == *ERROR* ]] && fail "$form: once undone ($undo), the owner's $statement still fails: $(head -n 1 <<<"$outcome")"
	done < <(key_functions)
	while read -r k; do remember_key "$k"; done < <(stored_keys)
}

# dump FORM ROLE OPTIONS...: pg_dump of $db as ROLE; prints what it did; returns 0 when it succeeded without the
# key, 1 when it failed without the key, 2 when the dump holds the key.
dump() {
	local form=$1 role=$2 out status error
	shift 2
	out=$IDENTITIES_WORK/key_privacy_dump.sql
	error=$(as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U "$role" "$@" -f "$out" "$db" 2>&1)
	status=$?
	if [ -f "$out" ] && leaks "$(cat "$out")"; then
		echo "pg_dump ($form) as $role ${*:-(no options)}: exit $status, THE DUMP HOLDS THE KEY"
		as_postgres rm -f "$out"
		return 2
	fi
	if [ $status = 0 ]; then
		echo "pg_dump ($form) as $role ${*:-(no options)}: succeeded, no key in it"
		return 0
	fi
	echo "pg_dump ($form) as $role ${*:-(no options)}: failed: $(grep -m1 'error:' <<<"$error")$(grep -m1 'detail:' <<<"$error" | sed 's/^pg_dump: detail:/ --/')"
	as_postgres rm -f "$out"
	return 1
}

check_form() { # check_form FORM: every check, in $db, where the edition was just installed
	local form=$1 key fingerprint owner_pid outcome statement role object sequences=() sequence status
	fingerprint=$(as_owner -At -c 'SELECT identities_public_key_generate()' 2>&1)
	[[ $fingerprint =~ ^[0-9a-f]{16}$ ]] || { fail "$form: the owner's identities_public_key_generate(): $fingerprint"; return; }
	# the one role nothing in SQL keeps from the key is named to the owner, at install and on demand
	if grep -q 'WARNING: .*bypass row level security.*read_only_bypassrls' "$IDENTITIES_WORK/key_privacy_install.err" &&
		[ "$(as_owner -At -c 'SELECT identities_public_key_unguarded_readers()')" = read_only_bypassrls ]; then
		pass "$form: the install warns of read_only_bypassrls (BYPASSRLS, pg_read_all_data), identities_public_key_unguarded_readers() lists it"
	else
		fail "$form: read_only_bypassrls not named: $(cat "$IDENTITIES_WORK/key_privacy_install.err")"
	fi
	key=$(as_owner -At -c 'SELECT identities_public_key_export()' 2>&1)
	[[ $key =~ ^[A-Za-z0-9+/]{43}=$ ]] || { fail "$form: the owner's export is not the base64 of 32 bytes: $key"; return; }
	remember_key "$key"
	[ "$(stored_keys)" = "$key" ] || fail "$form: the owner's export is not the stored key"
	pass "$form: the installer made the key and exports it"

	# The grants the install leaves: the owner's alone, PUBLIC's EXECUTE on the gates.
	mapfile -t sequences < <(as_owner -At -c "SELECT c.oid::regclass FROM pg_class AS c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace")
	[ ${#sequences[@]} -gt 0 ] || fail "$form: no sequence of the edition found"
	outcome=$(as_owner -At <<'SQL'
SELECT format('%s holds %s on %s %s', CASE WHEN g.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(g.grantee) END, g.privilege_type, kind, name)
FROM (SELECT CASE c.relkind WHEN 'S' THEN 'sequence' ELSE 'table' END AS kind, c.oid::regclass::text AS name, c.relowner AS owner, c.relacl AS acl, false AS public_allowed
		FROM pg_class AS c WHERE c.relnamespace = 'public'::regnamespace AND (c.relname = 'identities_public_key' OR c.relkind = 'S')
	UNION ALL
	SELECT 'column', a.attrelid::regclass || '.' || a.attname, c.relowner, a.attacl, false
		FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid WHERE a.attrelid = 'identities_public_key'::regclass
	UNION ALL
	SELECT 'function', p.oid::regprocedure::text, p.proowner, coalesce(p.proacl, acldefault('f', p.proowner)),
			p.proname LIKE 'identities_public_id_%crypt'
		FROM pg_proc AS p WHERE p.pronamespace = 'public'::regnamespace
			AND p.proname IN ('identities_public_key_store', 'identities_public_key_set', 'identities_public_key_set_previous', 'identities_public_key_generate',
				'identities_public_key_rotate', 'identities_public_key_export', 'identities_public_id_encrypt', 'identities_public_id_decrypt')) AS o,
	aclexplode(o.acl) AS g
WHERE g.grantee <> o.owner AND NOT (o.public_allowed AND g.grantee = 0 AND g.privilege_type = 'EXECUTE')
ORDER BY 1;
SQL
)
	if [ -n "$outcome" ]; then
		while IFS= read -r object; do fail "$form: after the install, $object"; done <<<"$outcome"
	else
		pass "$form: after the install, no role but the owner holds anything on the key table, the key functions, the ${#sequences[@]} sequences; the gates: PUBLIC's EXECUTE alone"
	fi
	[ "$(as_owner -At -c "SELECT relrowsecurity FROM pg_class WHERE oid = 'identities_public_key'::regclass")" = t ] ||
		fail "$form: row level security is not enabled on the key table"

	# The site's own objects, and reader's bulk grant (after the install, as doc/portable.md's readers do).
	as_owner >/dev/null <<'SQL' || fail "$form: the site's tables"
CREATE TABLE orders (id bigint PRIMARY KEY, total numeric);
CREATE SEQUENCE order_numbers;
INSERT INTO orders VALUES (1, 10), (2, 20);
GRANT SELECT ON orders TO backup;
GRANT SELECT ON SEQUENCE order_numbers TO backup;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader;
SQL
	owner_pid=$(as_owner -At -c 'SELECT public_id(42::bigint)')

	# What the roles reach.
	local before
	before=$(fingerprints)
	for role in anon authenticated reader readall writer; do
		local reached=no
		for statement in "SELECT encode(key, 'base64') FROM identities_public_key" "SELECT encode(key, 'hex') FROM identities_public_key" \
			'COPY identities_public_key TO STDOUT' 'SELECT identities_public_key_export()'; do
			outcome=$(try $role "$statement")
			if leaks "$outcome"; then
				fail "$form: $role read the key: $statement"
				reached=yes
			elif [[ $statement == *export* ]] && [[ $outcome != *42501* ]]; then
				fail "$form: $role ran $statement ($outcome)"
				reached=yes
			elif [[ $outcome == *ERROR* ]] && [[ $outcome != *42501* ]]; then
				fail "$form: $role's $statement failed otherwise than 42501: $outcome"
			fi
		done
		[ $reached = no ] && pass "$form: $role reads no key (no rows or 42501) and cannot export it"
		local changed=no
		for statement in "SELECT identities_public_key_set('$(throwaway_key)')" "SELECT identities_public_key_set_previous('$(throwaway_key)')" \
			'SELECT identities_public_key_set_previous(NULL)' 'SELECT identities_public_key_generate()' 'SELECT identities_public_key_rotate()' \
			"SELECT identities_public_key_rotate('$(throwaway_key)')"; do
			outcome=$(try $role "$statement")
			[[ $outcome == *42501* ]] || { fail "$form: $role ran $statement ($(redact "$outcome"))"; changed=yes; }
		done
		outcome=$(try $role "SELECT identities_public_key_store('current', '$(throwaway_key)')") # (internal, where it exists)
		[[ $outcome == *42501* ]] || [[ $outcome == *42883* ]] || { fail "$form: $role ran identities_public_key_store ($outcome)"; changed=yes; }
		for statement in "INSERT INTO identities_public_key VALUES ('current', decode('$(throwaway_key)', 'base64')) ON CONFLICT (slot) DO UPDATE SET key = excluded.key" \
			"INSERT INTO identities_public_key VALUES ('previous', decode('$(throwaway_key)', 'base64'))" \
			"UPDATE identities_public_key SET key = decode('$(throwaway_key)', 'base64')" 'DELETE FROM identities_public_key' \
			'TRUNCATE identities_public_key'; do
			try $role "$statement" >/dev/null
		done
		if [ "$(fingerprints)" != "$before" ]; then
			fail "$form: $role changed the key (fingerprints $before, now $(fingerprints))"
			changed=yes
			restore_key "$key"
			[ "$(fingerprints)" = "$before" ] || { remember_key "$(stored_keys | head -n 1)"; before=$(fingerprints); }
		fi
		[ $changed = no ] && pass "$form: $role cannot set, rotate, generate, overwrite, delete or truncate the key"
		outcome=$(try $role 'SELECT public_id_to_bigint(public_id(42::bigint))')
		[ "$outcome" = 42 ] || fail "$form: before the REVOKE recipe, $role's public ids: $outcome"
		if [ $role != readall ] && [ $role != writer ]; then
			for sequence in "${sequences[@]}"; do
				outcome=$(try $role "SELECT nextval('$sequence')")
				[[ $outcome == *42501* ]] || fail "$form: $role advanced the edition's sequence $sequence ($outcome)"
			done
		fi
	done
	for sequence in "${sequences[@]}"; do
		outcome=$(try writer "SELECT setval('$sequence', nextval('$sequence'))")
		[[ $outcome == *42501* ]] || note "$form: writer (pg_write_all_data) draws from and sets the edition's sequence $sequence"
	done
	outcome=$(try read_only_bypassrls "SELECT encode(key, 'base64') FROM identities_public_key")
	leaks "$outcome" && note "$form: read_only_bypassrls (pg_read_all_data and BYPASSRLS, as Supabase's supabase_read_only_user) reads the key: SELECT ... FROM identities_public_key"

	# reader's grant, made after the install: the owner's key functions refuse until it is taken back.
	outcome=$(try installer 'SELECT identities_public_key_export()')
	if [[ $outcome == *42501* ]] && [[ $outcome == *"HINT:"*REVOKE*reader* ]]; then
		pass "$form: with reader's bulk GRANT SELECT, the owner's export refuses: $(sed -n 's/^HINT:  //p' <<<"$outcome")"
	else
		fail "$form: with reader holding SELECT on the key table, the owner's export did not refuse with 42501 and a HINT naming a REVOKE from reader ($(redact "$(head -n 1 <<<"$outcome")"))"
	fi
	statement=$(sed -n 's/^HINT:  //p' <<<"$outcome" | grep -oE 'REVOKE[^;]*;' | head -n 1)
	as_owner -c "${statement:-REVOKE ALL ON identities_public_key FROM reader}" >/dev/null || fail "$form: $statement"
	as_owner -c 'REVOKE ALL ON identities_public_key FROM reader' >/dev/null
	outcome=$(try installer 'SELECT identities_public_key_export()')
	[ "$outcome" = "$key" ] || fail "$form: once reader's grant is taken back, the owner's export: $(redact "$outcome")"

	# doc/portable.md's REVOKE recipe, then its GRANT of the encrypting gate to api.
	as_owner >/dev/null <<'SQL' || fail "$form: the REVOKE recipe"
REVOKE EXECUTE ON FUNCTION identities_public_id_encrypt(bytea), identities_public_id_decrypt(bytea, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION identities_public_id_encrypt(bytea) TO api;
SQL
	for role in anon authenticated reader readall writer; do
		local kept=yes
		for statement in 'SELECT public_id(42::bigint)' "SELECT public_id_to_bigint('$owner_pid')"; do
			outcome=$(try $role "$statement")
			[[ $outcome == *42501* ]] || { fail "$form: after the REVOKE recipe, $role ran $statement ($outcome)"; kept=no; }
		done
		[ $kept = yes ] && pass "$form: after the REVOKE recipe, $role neither makes nor reads public ids"
	done
	[ "$(try api 'SELECT public_id(42::bigint)')" = "$owner_pid" ] || fail "$form: api, granted the encrypting gate, makes no public id"
	[[ $(try api "SELECT public_id_to_bigint('$owner_pid')") == *42501* ]] || fail "$form: api, granted the encrypting gate alone, reads public ids"
	[ "$(as_owner -At -c "SELECT public_id_to_bigint('$owner_pid')")" = 42 ] || fail "$form: after the REVOKE recipe, the owner reads no public id"
	outcome=$(try installer 'SELECT identities_public_key_export()')
	[ "$outcome" = "$key" ] || fail "$form: with the encrypting gate granted to api (doc/portable.md), the owner's export: $(redact "$outcome")"

	# Backups, after a rotation: the keys now stored (a current and a previous one), none of which a dump but the owner's may hold.
	as_owner -c 'SELECT identities_public_key_rotate()' >/dev/null || fail "$form: the owner's rotation"
	while read -r key; do remember_key "$key"; done < <(stored_keys)
	key=$(as_owner -At -c 'SELECT identities_public_key_export()')
	[ "$(stored_keys | wc -l)" = 2 ] || fail "$form: the rotations left no previous key"
	[ "$(as_owner -At -c "SELECT encode(key, 'base64') FROM identities_public_key WHERE slot = 'current'")" = "$key" ] ||
		fail "$form: the owner's export is not the current key"
	local owner_dump=$IDENTITIES_WORK/key_privacy_owner.sql
	if as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U installer -f "$owner_dump" "$db"; then
		local hex
		hex=$(base64 -d <<<"$key" | od -An -tx1 | tr -d ' \n')
		grep -qiF -- "$hex" "$owner_dump" && pass "$form: the owner's pg_dump holds the key" || fail "$form: the owner's pg_dump does not hold the key"
	else
		fail "$form: the owner's pg_dump failed"
	fi
	as_postgres rm -f "$owner_dump"
	dump "$form" readall
	[ $? = 2 ] && fail "$form: readall's pg_dump without options holds the key"
	dump "$form" readall --exclude-table-data=public.identities_public_key
	status=$?
	[ $status = 0 ] || fail "$form: pg_dump as readall (pg_read_all_data) with --exclude-table-data=public.identities_public_key did not succeed without the key"
	if [ $status = 0 ] && [ "$form" = plain ]; then
		as_postgres mv "$IDENTITIES_WORK/key_privacy_dump.sql" "$IDENTITIES_WORK/key_privacy_backup.sql"
		psql_on $port -d postgres -c "CREATE DATABASE ${db}_restored OWNER installer" >/dev/null
		if psql_on $port -d "${db}_restored" -U installer -f "$IDENTITIES_WORK/key_privacy_backup.sql" >/dev/null 2>&1; then
			local restored
			restored=$(psql_on $port -d "${db}_restored" -U installer -At -v key="$key" 2>&1 <<'SQL'
SELECT count(*) FROM identities_public_key;
SELECT identities_public_key_set(:'key') IS NOT NULL;
SELECT public_id(42::bigint);
SQL
)
			[ "$restored" = "$(printf '0\nt\n%s' "$(as_owner -At -c 'SELECT public_id(42::bigint)')")" ] &&
				pass "$form: readall's dump restores (as installer) without the key; with the owner's exported key, the same public ids" ||
				fail "$form: readall's dump restored: $(redact "$restored")"
		else
			fail "$form: readall's dump does not restore as installer"
		fi
		as_postgres rm -f "$IDENTITIES_WORK/key_privacy_backup.sql"
	fi
	dump "$form" readall --enable-row-security
	[ $? = 2 ] && fail "$form: readall's pg_dump --enable-row-security holds the key"
	local sequence_data=()
	for sequence in "${sequences[@]}"; do sequence_data+=("--exclude-table-data=$sequence"); done
	for options in '' '--exclude-table-data=public.identities_public_key' '--enable-row-security' \
		"--exclude-table-data=public.identities_public_key ${sequence_data[*]}" '--exclude-table=public.identities_public_key' \
		"--exclude-table=public.identities_public_key ${sequence_data[*]}"; do
		# (word splitting wanted: the options)
		# shellcheck disable=SC2086
		dump "$form" backup $options
		status=$?
		[ $status = 2 ] && fail "$form: backup's pg_dump $options holds the key"
		# doc/portable.md's backup: a role granted SELECT on the site's tables, with the documented option, dumps the
		# extension's database; a plain install's it cannot (pg_dump locks the key table, which takes a right on it)
		if [ "$options" = --exclude-table-data=public.identities_public_key ]; then
			if [ "$form" = plain ]; then
				[ $status = 0 ] && fail "$form: pg_dump as backup (no right on the key table) dumped a plain install, which doc/portable.md says it cannot"
			else
				[ $status != 0 ] &&
					fail "$form: pg_dump as backup (SELECT on the site's tables, none on the key's) with --exclude-table-data=public.identities_public_key, as doc/portable.md says, did not succeed"
			fi
		fi
	done
	dump "$form" read_only_bypassrls --exclude-table-data=public.identities_public_key >/dev/null
	[ $? = 2 ] && note "$form: read_only_bypassrls's pg_dump --exclude-table-data=public.identities_public_key holds the key"
	dump "$form" read_only_bypassrls >/dev/null
	[ $? = 2 ] && note "$form: read_only_bypassrls's pg_dump holds the key"

	# Violations made on purpose (last: their undoing may differ from the state the install left, where it left a wrong one).
	violated "$form" 'GRANT SELECT ON identities_public_key TO anon' 'REVOKE ALL ON identities_public_key FROM anon'
	violated "$form" 'GRANT TRUNCATE ON identities_public_key TO authenticated' 'REVOKE ALL ON identities_public_key FROM authenticated'
	violated "$form" 'GRANT SELECT (key) ON identities_public_key TO anon' 'REVOKE SELECT (key) ON identities_public_key FROM anon'
	violated "$form" 'GRANT EXECUTE ON FUNCTION identities_public_key_export() TO anon' 'REVOKE ALL ON FUNCTION identities_public_key_export() FROM anon'
	violated "$form" 'GRANT EXECUTE ON FUNCTION identities_public_key_set(text) TO PUBLIC' 'REVOKE ALL ON FUNCTION identities_public_key_set(text) FROM PUBLIC'
	violated "$form" 'ALTER TABLE identities_public_key DISABLE ROW LEVEL SECURITY' 'ALTER TABLE identities_public_key ENABLE ROW LEVEL SECURITY'
	as_owner -c 'CREATE POLICY everyone ON identities_public_key FOR SELECT USING (true)' >/dev/null &&
		leaks "$(try readall "SELECT encode(key, 'base64') FROM identities_public_key")" &&
		echo "(with a policy USING (true) on the key table, readall, a pg_read_all_data member, reads the key)"
	as_owner -c 'DROP POLICY IF EXISTS everyone ON identities_public_key' >/dev/null
	violated "$form" 'CREATE POLICY everyone ON identities_public_key FOR SELECT USING (true)' 'DROP POLICY IF EXISTS everyone ON identities_public_key'

	return 0
}

# The plain script, in public, as installer.
db=shop
site_database $db
if as_owner -f "$build/identities_portable.sql" >/dev/null 2>"$IDENTITIES_WORK/key_privacy_install.err"; then
	check_form plain
else
	fail "plain: the install as installer failed: $(tail -n 3 "$IDENTITIES_WORK/key_privacy_install.err")"
fi

# The pg_tle form, in a second database.
if [ $tle = yes ]; then
	db=shop_tle
	site_database $db
	psql_on $port -d $db -c 'CREATE EXTENSION pg_tle' -c 'GRANT pgtle_admin TO installer' >/dev/null || die "pg_tle in $db"
	if as_owner -c 'CREATE EXTENSION pgcrypto' -f "$build/identities_portable_pg_tle.sql" -c 'CREATE EXTENSION identities_portable' \
		>/dev/null 2>"$IDENTITIES_WORK/key_privacy_install.err"; then
		check_form pg_tle
	else
		fail "pg_tle: the install as installer failed: $(tail -n 3 "$IDENTITIES_WORK/key_privacy_install.err")"
	fi
else
	echo "skipped: the pg_tle form ($PG_TLE_SKIP_REASON); the plain install was checked"
fi

[ $failures = 0 ] || { echo "$failures checks FAILED"; exit 1; }
echo "the public id key is its owner's alone, with the site's default privileges; backups leave it out"
