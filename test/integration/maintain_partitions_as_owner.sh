# identities_maintain_partitions never runs a table's code with more rights than the table's owner. An unprivileged
# role owns a table partitioned by an expression over its own function, declared IMMUTABLE but calling a VOLATILE
# one that logs current_user (and, when that is a superuser, makes the owner one); a DEFAULT partition holds a
# row, which both our count of the rows of each step and PostgreSQL's check of a new partition evaluate the key
# over. A superuser (and a role granted the owner's) running maintenance on it is refused (42501) before any of
# that code runs, and so is a superuser's session after SET ROLE to the owner (the owner's code could RESET ROLE);
# the owner itself maintains it: its partitions created, every logged current_user the owner's.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=$PRELOADED_PORT
database=maintain_as_owner
owner=identities_partition_owner
member=identities_partition_member
cleanup() {
	psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" -c "DROP ROLE IF EXISTS $member" \
		-c "DROP ROLE IF EXISTS $owner" >/dev/null 2>&1 || true
}
cleanup
trap cleanup EXIT
fail_prefix="maintain_partitions_as_owner: "

psql_on $port -d postgres -c "CREATE DATABASE $database" -c "CREATE ROLE $owner LOGIN" \
	-c "CREATE ROLE $member LOGIN IN ROLE $owner"
psql_on $port -d $database -c 'CREATE EXTENSION identities' -c "CREATE SCHEMA owned AUTHORIZATION $owner"

# The owner's table, built in a session of the owner's own.
psql_on $port -d $database -U $owner <<SQL
CREATE TABLE owned.ran_as (who text NOT NULL);
CREATE FUNCTION owned.note(ts timestamptz) RETURNS timestamptz LANGUAGE plpgsql VOLATILE AS \$\$
BEGIN
    INSERT INTO owned.ran_as VALUES (current_user);
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER ROLE $owner SUPERUSER;
    END IF;
    RETURN ts;
END \$\$;
CREATE FUNCTION owned.key(ts timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS 'SELECT owned.note(ts)';
CREATE TABLE owned.events (ts timestamptz NOT NULL, body text) PARTITION BY RANGE (owned.key(ts));
CREATE TABLE owned.events_default PARTITION OF owned.events DEFAULT;
INSERT INTO owned.events VALUES ('2001-01-01 00:00:00+00', 'long ago');
TRUNCATE owned.ran_as;
SQL

# maintain AS-WHOM [SQL before]: maintenance of the table, two days ahead; prints the partitions it made, or the
# error's SQLSTATE, message and detail.
maintain() {
	local as=$1 before=${2:-}
	psql_on $port -d $database -U "$as" -At -v VERBOSITY=verbose 2>&1 <<SQL || true
$before
SELECT 'made ' || count(*) FROM identities_maintain_partitions('owned.events', '1 day', premake => 2);
SQL
}
ran_as() {
	psql_on $port -d $database -At -c "SELECT coalesce(string_agg(DISTINCT who, ','), 'nobody') FROM owned.ran_as"
}
partitions() {
	psql_on $port -d $database -At -c "SELECT count(*) FROM pg_inherits WHERE inhparent = 'owned.events'::regclass"
}
is_superuser() { psql_on $port -d postgres -At -c "SELECT rolsuper FROM pg_roles WHERE rolname = '$owner'"; }

# A superuser, a role granted the owner's, a superuser set to the owner's role: refused, nothing of the owner's run.
for attempt in "postgres" "$member" "postgres:SET ROLE $owner;"; do
	as=${attempt%%:*} before=
	[ "$as" = "$attempt" ] || before=${attempt#*:}
	output=$(maintain "$as" "$before")
	echo "as $attempt: $output"
	[ "$(ran_as)" = nobody ] || fail "as $attempt, the owner's key function ran as $(ran_as)"
	[ "$(is_superuser)" = f ] || fail "as $attempt, the owner's key function made $owner a superuser"
	grep -q '42501: identities_maintain_partitions must run as the owner of table "events"' <<<"$output" ||
		fail "as $attempt, maintenance was not refused with 42501"
	[ "$(partitions)" = 1 ] || fail "as $attempt, partitions changed: $(partitions)"
done

# The owner: its partitions made, its code run as itself only, the old row still in the DEFAULT partition.
output=$(maintain $owner)
echo "as $owner: $output"
[ "$output" = "made 3" ] || fail "the owner's maintenance: $output"
[ "$(partitions)" = 4 ] || fail "the owner's maintenance left $(partitions) partitions"
[ "$(ran_as)" = "$owner" ] || fail "the owner's maintenance ran its key function as $(ran_as)"
[ "$(is_superuser)" = f ] || fail "$owner became a superuser"
[ "$(psql_on $port -d $database -At -c 'SELECT body FROM owned.events_default')" = "long ago" ] ||
	fail "the DEFAULT partition's row moved or was lost"
[ "$(psql_on $port -d $database -At -c "SELECT DISTINCT pg_get_userbyid(c.relowner) FROM pg_inherits i
	JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'owned.events'::regclass")" = "$owner" ] ||
	fail "partitions not owned by $owner"
echo "maintain_partitions_as_owner: the owner's code ran as the owner only"
