# Logical replication (CREATE PUBLICATION / CREATE SUBSCRIPTION) between two servers, of tables holding every
# type and generated value of the extension (distributedid, DistributedId128, iuid, siq, Snowflake, HotGuid,
# LUUID, UUIDv7, public ids, encoders' text), edge values and NULLs included: once through a text subscription
# and once through a binary one (the types' send/receive functions). The initial table sync and the changes
# streamed after it (INSERTs, UPDATEs that change a key, DELETEs, found on the subscriber by primary keys of our
# types, by REPLICA IDENTITY FULL through the types' = operators, and routed into partitions under
# iuid_country_ops) arrive identical: every column's text and binary form, row by row. On the subscriber the
# unique, btree and hash indexes on our types are valid, enforce uniqueness and serve lookups that find the
# rows; a public id made on the publisher decodes there (the same key).
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use Digest::MD5 qw(md5_hex);
use MIME::Base64;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(sleep);
use IdentitiesTest;

my $key = encode_base64(join('', map { chr(int(rand(256))) } 1 .. 32), '');
# the subscriber first, so that it stops before its publisher
my $subscriber = PostgreSQL::Test::Cluster->new('logical_subscriber');
$subscriber->init;
$subscriber->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'
identities.public_key = '$key'
max_worker_processes = 16
max_logical_replication_workers = 10
wal_retrieve_retry_interval = 200ms");
$subscriber->start;
my $publisher = PostgreSQL::Test::Cluster->new('logical_publisher');
$publisher->init;
$publisher->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'
identities.public_key = '$key'
wal_level = logical
max_wal_senders = 10");
$publisher->start;

# The subscriber's last logged error, to say why replication did not arrive.
sub last_error
{
	my @errors = grep { /ERROR|FATAL/ } split /\n/, slurp_file($subscriber->logfile);
	return $errors[-1] // 'no error';
}

# The same tables on both sides (on the subscriber, DEFAULTs are never evaluated for replicated rows).
my $schema = "
CREATE EXTENSION identities;
CREATE TABLE ids (
	id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
	n integer NOT NULL,
	distributedid128 uuid UNIQUE DEFAULT distributedid128_generate(),
	iuid iuid UNIQUE DEFAULT iuid_generate(42, 7),
	siq siq UNIQUE DEFAULT siq_generate('message'),
	snowflake bigint UNIQUE DEFAULT snowflake_generate(),
	hotguid uuid DEFAULT hotguid_generate(17),
	luuid uuid,
	uuidv7 uuid DEFAULT uuidv7_generate(),
	public_distributedid text, public_bigint text, public_numeric uuid, public_uuid uuid,
	alphanumeric_distributedid text, hexadecimal_distributedid text, alphanumeric_uuid text, hexadecimal_uuid text,
	alphanumeric_bigint text, hexadecimal_bigint text, alphanumeric_numeric text,
	siq_did text, siq_cb32 text, siq_base64 text, siq_uuid uuid, siq_numeric numeric, siq_bytea bytea,
	distributedid_numeric numeric, distributedid_bytea bytea, distributedid128_numeric numeric);
CREATE TABLE by_iuid (id iuid PRIMARY KEY DEFAULT iuid_generate(42, 7), n integer NOT NULL, payload text);
CREATE TABLE by_siq (id siq PRIMARY KEY DEFAULT siq_generate('event'), n integer NOT NULL, payload text);
-- no key: the subscriber finds the rows to update or delete by comparing every column
CREATE TABLE by_everything (distributedid distributedid, iuid iuid, siq siq, distributedid128 uuid, n integer NOT NULL);
ALTER TABLE by_everything REPLICA IDENTITY FULL;
CREATE INDEX by_everything_distributedid_hash ON by_everything USING hash (distributedid);
CREATE INDEX by_everything_siq_btree ON by_everything (siq);
CREATE TABLE rides (id iuid PRIMARY KEY DEFAULT iuid_generate(42, 7), n integer NOT NULL)
	PARTITION BY RANGE (id iuid_country_ops);
CREATE TABLE rides_0_99 PARTITION OF rides FOR VALUES FROM (MINVALUE) TO (iuid_country_boundary(100));
CREATE TABLE rides_100_255 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(100)) TO (MAXVALUE);";
# Each table's key for ordering its rows.
my %keys = (ids => 'id', by_iuid => 'id', by_siq => 'id', by_everything => 'n', rides => 'id');
my @tables = qw(ids by_iuid by_siq by_everything rides);

# insert_ids(SOURCE): rows of ids from a query of (n, id, distributedid128, iuid, siq, snowflake, hotguid, luuid,
# uuidv7), with every derived form computed from them
sub insert_ids
{
	my ($source) = @_;
	$publisher->safe_psql('source', "
		INSERT INTO ids
		SELECT id, n, distributedid128, iuid, siq, snowflake, hotguid, luuid, uuidv7,
		       to_alphanumeric(public_id(id)), to_hexadecimal(public_id(snowflake)), public_id(id::numeric),
		       -- the nil uuid is laid out as the number 0's public id plaintext: it has none
		       CASE WHEN distributedid128 <> '00000000-0000-0000-0000-000000000000' THEN public_id(distributedid128) END,
		       to_alphanumeric(id), to_hexadecimal(id), to_alphanumeric(distributedid128), to_hexadecimal(uuidv7),
		       to_alphanumeric(snowflake), to_hexadecimal(snowflake), to_alphanumeric(id::numeric),
		       siq_to_did(siq), siq_to_cb32(siq), siq_to_base64(siq), siq_to_uuid(siq), siq::numeric, siq::bytea,
		       id::numeric, id::bytea, distributedid128_to_numeric(distributedid128)
		FROM ($source) AS source (n, id, distributedid128, iuid, siq, snowflake, hotguid, luuid, uuidv7)");
}
my $generated = "SELECT n, distributedid_generate(), distributedid128_generate(), iuid_generate(n % 256, n % 13),
	siq_generate('message'), snowflake_generate(), hotguid_generate(n), luuid_generate('ids', n), uuidv7_generate()";
# fill(FIRST, LAST): generated rows n = FIRST … LAST in every table
sub fill
{
	my ($first, $last) = @_;
	insert_ids("$generated FROM generate_series($first, $last) AS n");
	$publisher->safe_psql('source', "
		INSERT INTO by_iuid SELECT iuid_generate(n % 256, n % 256), n, 'ride ' || n FROM generate_series($first, $last) AS n;
		INSERT INTO by_siq SELECT siq_generate(CASE n % 3 WHEN 0 THEN 'user' WHEN 1 THEN 'thread' ELSE 'content' END), n,
		                          'post ' || n FROM generate_series($first, $last) AS n;
		INSERT INTO by_everything SELECT distributedid_generate(), iuid_generate(7, 1), siq_generate('event'),
		                                 distributedid128_generate(), n FROM generate_series($first, $last) AS n;
		INSERT INTO rides (id, n) SELECT iuid_generate(n % 256, 1), n FROM generate_series($first, $last) AS n;
		INSERT INTO rides (n) SELECT -n FROM generate_series($first, $first + 9) AS n;  -- DEFAULT ids, country 42");
}

# --- the publisher: tables, the initial rows (the smallest values, and NULLs), a publication of all ---
$publisher->safe_psql('postgres', 'CREATE DATABASE source');
$publisher->safe_psql('source', $schema);
fill(1, 2000);
insert_ids("VALUES (-1, '0'::distributedid, '00000000-0000-0000-0000-000000000000'::uuid,
	'00000000-0000-8000-8000-000000000000'::iuid, '0'::siq, 0::bigint, hotguid_generate(0), luuid_generate(0, 0),
	'00000000-0000-7000-8000-000000000000'::uuid),
	(-2, '1', NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
$publisher->safe_psql('source', "
	INSERT INTO by_iuid VALUES ('00000000-0000-8000-8000-000000000000', -1, NULL);
	INSERT INTO by_siq VALUES ('0', -1, NULL);
	-- Not NULL in the hash-indexed column: from 17 on, an apply worker matching a REPLICA IDENTITY FULL row looks
	-- it up through a hash index too, which cannot find NULL (with text columns alike), and skips the change.
	INSERT INTO by_everything VALUES ('0', '00000000-0000-8000-8000-000000000000', '0', NULL, -1),
	                                 ('2', NULL, NULL, NULL, -2);
	INSERT INTO rides VALUES ('00000000-0000-8000-8000-000000000000', -100000);
	CREATE PUBLICATION everything FOR ALL TABLES WITH (publish_via_partition_root = true);");
my $published = $publisher->safe_psql('source', "SELECT count(*) FROM pg_publication_tables WHERE pubname = 'everything'");
is($published, 5, 'the publication has 5 tables');

# --- the subscriber: the same tables in two databases, one subscription each, text and binary ---
my $connection = $publisher->connstr . ' dbname=source';
for my $mode ('text', 'binary')
{
	my $binary = $mode eq 'binary' ? 'true' : 'false';
	$subscriber->safe_psql('postgres', "CREATE DATABASE ${mode}_copy");
	$subscriber->safe_psql("${mode}_copy", $schema);
	$subscriber->safe_psql("${mode}_copy", "CREATE SUBSCRIPTION everything_$mode CONNECTION '$connection'
		PUBLICATION everything WITH (binary = $binary)");
	is($subscriber->safe_psql("${mode}_copy", "SELECT subbinary FROM pg_subscription WHERE subname = 'everything_$mode'"),
		$mode eq 'binary' ? 't' : 'f', "$mode subscription: binary is $binary");
}

# wait_until(STATE, SQL_CHECK_ON_THE_SUBSCRIBER): both databases answer t within 60 s
sub wait_until
{
	my ($state, $check) = @_;
	my $deadline = time() + 60;
	for my $mode ('text', 'binary')
	{
		until ($subscriber->safe_psql("${mode}_copy", $check) eq 't')
		{
			return fail("$mode subscription: $state within 60 s; subscriber log: " . last_error()) if time() > $deadline;
			sleep 0.2;
		}
	}
	return pass("both subscriptions: $state");
}
wait_until('the initial sync finished', "SELECT count(*) FILTER (WHERE srsubstate = 'r') = $published FROM pg_subscription_rel");
wait_until('the apply worker is running',
	'SELECT coalesce(bool_or(pid IS NOT NULL), false) FROM pg_stat_subscription WHERE relid IS NULL');

# --- streamed changes: new rows (the largest values too), UPDATEs of keys and of other columns, DELETEs ---
fill(2001, 2500);
insert_ids("VALUES (-3, '9999999999999999999999999999'::distributedid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid,
	'ffffffff-ffff-8fff-bfff-ffffffffffff'::iuid, 'ffffffffffffffffffffffffffff'::siq, 9223372036854775807::bigint,
	hotguid_generate(4294967295), luuid_generate(4095, 281474976710655), 'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid)");
$publisher->safe_psql('source', "
	INSERT INTO by_iuid VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', -3, 'largest');
	INSERT INTO by_siq VALUES ('ffffffffffffffffffffffffffff', -3, 'largest');
	INSERT INTO by_everything VALUES ('9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff',
	                                  'ffffffffffffffffffffffffffff', 'ffffffff-ffff-ffff-ffff-ffffffffffff', -3);
	INSERT INTO rides VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', -100003);
	UPDATE ids SET (id, public_distributedid) = (SELECT g, to_alphanumeric(public_id(g)) FROM distributedid_generate() AS g)
	WHERE n = 10;
	UPDATE ids SET (id, public_distributedid) = ('9999999999999999999999999998', to_alphanumeric(public_id(9999999999999999999999999998)))
	WHERE id = '1';
	UPDATE ids SET hotguid = NULL, siq = siq_generate('user'), iuid = NULL WHERE id = '0';
	DELETE FROM ids WHERE n IN (11, 2011);
	UPDATE by_iuid SET payload = 'updated' WHERE n = 20;
	UPDATE by_iuid SET id = iuid_generate(1, 1) WHERE n IN (21, 2021);
	DELETE FROM by_iuid WHERE n IN (22, 2022) OR id = '00000000-0000-8000-8000-000000000000';
	UPDATE by_siq SET payload = 'updated' WHERE n = 30;
	UPDATE by_siq SET id = siq_generate('tag') WHERE n IN (31, 2031);
	DELETE FROM by_siq WHERE n IN (32, 2032);
	UPDATE by_everything SET siq = siq_generate('tag'), distributedid = '1' WHERE n IN (40, 2040, -1);
	UPDATE by_everything SET n = 100000 WHERE n = -2;
	DELETE FROM by_everything WHERE n IN (41, 2041, -3);
	UPDATE rides SET id = iuid_generate(200, 2) WHERE n IN (50, 2050);  -- country 50 to 200: another partition
	UPDATE rides SET n = -n WHERE id = '00000000-0000-8000-8000-000000000000';
	DELETE FROM rides WHERE n IN (51, 2051, -100003);");

# digests(NODE, DB): for each table, its row count and the md5 of every row's text, ordered by its key
sub digests
{
	my ($node, $db) = @_;
	return $node->safe_psql($db, join ' UNION ALL ', map {
		"SELECT '$_', count(*), md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t.$keys{$_}), '')) FROM $_ AS t" } @tables);
}
# binary_digest(NODE, DB, TABLE[, COLUMNS]): md5 of the binary COPY of the table (the send form of every value)
sub binary_digest
{
	my ($node, $db, $table, $columns) = @_;
	$columns //= '*';
	return md5_hex($node->safe_psql($db, "COPY (SELECT $columns FROM $table ORDER BY $keys{$table}) TO STDOUT (FORMAT binary)"));
}
# column_differences(DB): the columns whose text or binary form differs from the publisher's, per table
sub column_differences
{
	my ($db) = @_;
	my @differing;
	for my $table (@tables)
	{
		for my $column (split /\n/, $publisher->safe_psql('source', "SELECT attname FROM pg_attribute
				WHERE attrelid = '$table'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum"))
		{
			my $digest = "SELECT md5(string_agg(coalesce(${column}::text, 'NULL'), ',' ORDER BY $keys{$table})) FROM $table";
			push @differing, "$table.$column"
			  unless $publisher->safe_psql('source', $digest) eq $subscriber->safe_psql($db, $digest)
			  && binary_digest($publisher, 'source', $table, $column) eq binary_digest($subscriber, $db, $table, $column);
		}
	}
	return @differing ? join(' ', @differing) : '(none: rows differ in number or order)';
}

my $expected = digests($publisher, 'source');
like($expected, qr/^ids\|2501\|/m, "the publisher's ids hold the 2501 rows expected");
for my $mode ('text', 'binary')
{
	my $deadline = time() + 60;
	sleep 0.2 until digests($subscriber, "${mode}_copy") eq $expected || time() > $deadline;
	is(digests($subscriber, "${mode}_copy"), $expected, "$mode subscription: the subscriber's data is the publisher's")
	  or diag('differing in ' . column_differences("${mode}_copy") . '; subscriber log: ' . last_error());
	for my $table (@tables)
	{
		is(binary_digest($subscriber, "${mode}_copy", $table), binary_digest($publisher, 'source', $table),
			"$mode subscription: the binary form of $table") or diag('differing in ' . column_differences("${mode}_copy"));
	}
}

# nothing was refused on the way, not even once and then retried
my @errors = grep { /\b(ERROR|FATAL|PANIC):/ } map { split /\n/, slurp_file($_->logfile) } $publisher, $subscriber;
is(scalar @errors, 0, "no errors in the servers' logs") or diag($errors[0]);

# --- the subscriber's indexes: every index of the publisher, valid, unique where declared, used by lookups ---
my $index_list = "SELECT indexrelid::regclass || ' ' || indisvalid || ' ' || indisunique || ' ' || indisready
	FROM pg_index JOIN pg_class ON pg_class.oid = indexrelid
	WHERE relnamespace = 'public'::regnamespace ORDER BY 1";
my $indexes = $publisher->safe_psql('source', $index_list);
is(scalar(split /\n/, $indexes), 12, 'the publisher has 12 indexes') or diag($indexes);
my $amcheck = $subscriber->safe_psql('postgres', "SELECT count(*) FROM pg_available_extensions WHERE name = 'amcheck'");
for my $mode ('text', 'binary')
{
	my $db = "${mode}_copy";
	is($subscriber->safe_psql($db, $index_list), $indexes, "$mode subscription: the subscriber's indexes are the publisher's");
	if ($amcheck)
	{
		$subscriber->safe_psql($db, 'CREATE EXTENSION amcheck');
		my ($checked, $error) = ('', '');
		my $status = $subscriber->psql($db, "SELECT count(bt_index_check(c.oid, true)) FROM pg_index i
			JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
			WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace",
			stdout => \$checked, stderr => \$error);
		is($status, 0, "$mode subscription: amcheck finds no corrupt btree index on the subscriber") or diag($error);
		is($checked, 10, "$mode subscription: amcheck checked the 10 btree indexes");
	}
	# a lookup through each index of a single column (on the tables that hold rows: partitions, not their
	# parent), with the largest value of that column: the same rows as on the publisher, through that index
	my @lookups = split /\n/, $subscriber->safe_psql($db, "SELECT c.relname, t.relname, a.attname FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
		JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
		WHERE i.indnatts = 1 AND t.relkind = 'r' AND t.relnamespace = 'public'::regnamespace ORDER BY 1");
	is(scalar @lookups, 11, "$mode subscription: 11 indexes to look up through");
	for (@lookups)
	{
		my ($index, $table, $column) = split /\|/;
		my $value = $publisher->safe_psql('source',
			"SELECT $column FROM $table WHERE $column IS NOT NULL ORDER BY $column DESC LIMIT 1");
		isnt($value, '', "a value of $table.$column to look up");
		my $lookup = "SELECT string_agg(t::text, E'\\n' ORDER BY t::text) FROM $table AS t WHERE $column = '$value'";
		my $unindexed = 'SET enable_seqscan = off; SET enable_bitmapscan = off;';
		my $found = $subscriber->safe_psql($db, "$unindexed $lookup");
		ok($found ne '' && $found eq $publisher->safe_psql('source', $lookup),
			"$mode subscription: a lookup of $table.$column = '$value' through $index finds the publisher's rows") or diag($found);
		like($subscriber->safe_psql($db, "$unindexed EXPLAIN (COSTS OFF) $lookup"), qr/Index (Only )?Scan using $index on/,
			"$mode subscription: a lookup of $table.$column uses $index");
	}
	# uniqueness is enforced on the replicated data
	for my $duplicate ("INSERT INTO ids (id, n) VALUES ('9999999999999999999999999999', 0)",
		"INSERT INTO by_iuid VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', 0)",
		"INSERT INTO by_siq VALUES ('ffffffffffffffffffffffffffff', 0)",
		"INSERT INTO rides VALUES ('00000000-0000-8000-8000-000000000000', 0)",
		"INSERT INTO ids (id, n, siq) VALUES ('5', 0, 'ffffffffffffffffffffffffffff')")
	{
		my ($out, $error) = ('', '');
		isnt($subscriber->psql($db, $duplicate, stdout => \$out, stderr => \$error), 0,
			"$mode subscription: a duplicate is refused: $duplicate");
		like($error, qr/duplicate key value violates unique constraint/, "$mode subscription: as a duplicate key: $duplicate");
	}
	# public ids made on the publisher decode on the subscriber (the same key)
	is( $subscriber->safe_psql($db, "SELECT count(*) FILTER (WHERE public_id_to_distributedid(alphanumeric_to_uuid(public_distributedid)) IS DISTINCT FROM id
		OR (public_id_to_uuid(public_uuid) IS DISTINCT FROM distributedid128 AND public_uuid IS NOT NULL)
		OR public_id_to_bigint(hexadecimal_to_uuid(public_bigint)) IS DISTINCT FROM snowflake) FROM ids
		WHERE public_distributedid IS NOT NULL"),
		0, "$mode subscription: every public id decodes on the subscriber");
}

$subscriber->stop;
$publisher->stop;
no_crash_but($_) for $subscriber, $publisher;

done_testing();
