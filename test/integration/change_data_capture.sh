# Change data capture of every type of ours, as doc/change-data-capture.md describes it: one server of its own
# (wal_level = logical, identities preloaded, wal2json named in output_plugin_libraries where the server has that
# setting), a table with a column of each type (distributedid, iuid, siq, ulid, and DistributedId128, UUIDv7, HotGuid
# and LUUID in uuid, Snowflake in bigint) in one database, and the portable edition's domains (distributedid,
# numeric(28,0); iuid, uuid; siq and ulid, text) in another. Generated values, edge values (0, the largest, 2^53 + 1) and
# NULLs are inserted, updated (NULL to values, values to NULL, the key) and deleted; a trigger records each change's
# old and new values as their text (col::text) and their type's send form into an unlogged table, which logical
# decoding never sees. The changes are decoded through wal2json (format-version 1, 1 with include-domain-data-type,
# 2, and with numeric-data-types-as-string where the installed wal2json has it), test_decoding and pgoutput (text,
# and binary from 14 on), and each output is parsed as a consumer would (wal2json's JSON with Python's json.loads
# and with Node's JSON.parse, test_decoding's text, pgoutput's messages): every change, column and value must equal
# what the trigger recorded (a NULL may be left out of an old row where the plugin does so: wal2json v1,
# test_decoding). Checked as facts too: which values arrive as JSON numbers (bigint; the portable distributedid
# under include-domain-data-type) and that JSON.parse changes exactly those a double cannot hold (2^53 + 1, 2^63 - 1,
# a Snowflake of today unless its low 8 bits are 0), while our types arrive as strings equal to their text;
# test_decoding quotes all but integer and bigint; pgoutput names each column's type (ours by a Type message, the
# portable domains as their base types) and its binary bytes are the type's send form (numeric's for distributedid
# and siq; a ulid's 16 bytes, big-endian, decoded to Crockford's base32) and decode to the text; output_plugin_libraries refuses wal2json once a session leaves it out.
# wal2json comes from Debian (postgresql-MAJOR-wal2json); where it cannot be installed, its part is skipped, said
# so, and counted as nothing; likewise Node's part where there is no node. Prints "ok - ..." or "FAILED: ..." per
# check, samples of each output, and the count; exits 1 on any failure.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=55551
started=$SECONDS
work=$(mktemp -d /tmp/change_data_capture.XXXXXX)
servers_stopped_on_exit "$IDENTITIES_WORK/change_data_capture" "$work"
fail_prefix="FAILED: "

# --- wal2json, Node ----------------------------------------------------------------------------------------------
wal2json_skip=""
if ! install_dependencies "postgresql-$PG_MAJOR-wal2json" >"$work/apt.log" 2>&1; then
	wal2json_skip="the package postgresql-$PG_MAJOR-wal2json could not be installed: $(grep -m 1 -E '^E:|missing' "$work/apt.log")"
elif [ ! -f "$("$PG_CONFIG" --pkglibdir)/wal2json.so" ]; then
	wal2json_skip="postgresql-$PG_MAJOR-wal2json is installed but $("$PG_CONFIG" --pkglibdir)/wal2json.so is not there"
fi
wal2json_version=$(dpkg-query -W -f '${Version}' "postgresql-$PG_MAJOR-wal2json" 2>/dev/null)
node_skip="" # (not installed where it is missing, as in the chroots of other majors: JSON.parse does not depend on them)
command -v node >/dev/null || node_skip="no node here"

# --- the server ---------------------------------------------------------------------------------------------------
settings=("wal_level = logical" "max_replication_slots = 16")
plugin_list=no
if as_postgres "$PG_BIN/postgres" --describe-config 2>/dev/null | cut -f1 | grep -x output_plugin_libraries >/dev/null; then
	plugin_list=yes
	settings+=("output_plugin_libraries = 'pgoutput, test_decoding, wal2json'")
fi
start_server change_data_capture $port yes "${settings[@]}" || fail "the server did not start"
echo "PostgreSQL $(sql postgres -c 'SHOW server_version'), wal2json ${wal2json_version:-not installed}, node $(node --version 2>/dev/null || echo none), $(python3 --version)"
if [ $plugin_list = yes ]; then
	echo "output_plugin_libraries = '$(sql postgres -c 'SHOW output_plugin_libraries')'"
else
	echo "note: this server has no output_plugin_libraries setting (a minor release before 2026): it accepts any installed plugin"
fi

# The recorder, in both databases: every change's old and new row as {column: [text, send form in hex]}.
recorder="
CREATE UNLOGGED TABLE expected (seq integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, op text NOT NULL, old json, new json);
CREATE FUNCTION forms(r anyelement) RETURNS json LANGUAGE plpgsql AS \$\$
DECLARE
	query text;
	result json;
BEGIN
	SELECT 'SELECT json_build_object(' || string_agg(format('%L, json_build_array((\$1).%I::text, encode(%s((\$1).%I), ''hex''))',
			a.attname, a.attname, t.typsend::regproc, a.attname), ', ' ORDER BY a.attnum) || ')'
		INTO query
		FROM pg_attribute AS a JOIN pg_type AS t ON t.oid = a.atttypid
		WHERE a.attrelid = (SELECT typrelid FROM pg_type WHERE oid = pg_typeof(r)) AND a.attnum > 0 AND NOT a.attisdropped;
	EXECUTE query INTO result USING r;
	RETURN result;
END
\$\$;
CREATE FUNCTION expect() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN
	INSERT INTO expected (op, old, new) VALUES (TG_OP, CASE WHEN TG_OP <> 'INSERT' THEN forms(OLD) END,
		CASE WHEN TG_OP <> 'DELETE' THEN forms(NEW) END);
	RETURN NULL;
END
\$\$;
CREATE TRIGGER expect AFTER INSERT OR UPDATE OR DELETE ON captured FOR EACH ROW EXECUTE FUNCTION expect();
ALTER TABLE captured REPLICA IDENTITY FULL;
CREATE PUBLICATION captured FOR TABLE captured;"

# slots DB PREFIX: its slots, made before any change
slots() {
	local plugins="test_decoding pgoutput"
	[ -z "$wal2json_skip" ] && plugins+=" wal2json"
	for plugin in $plugins; do
		sql "$1" -c "SELECT 'made' FROM pg_create_logical_replication_slot('${2}_$plugin', '$plugin')" >/dev/null ||
			fail "$1: the $plugin slot could not be made"
	done
}

sql postgres -c "CREATE DATABASE cdc_native" -c "CREATE DATABASE cdc_portable" >/dev/null || fail "CREATE DATABASE"
sql cdc_native >/dev/null <<SQL || fail "the native database's table"
CREATE EXTENSION identities;
CREATE TABLE captured (n integer PRIMARY KEY, distributedid distributedid, iuid iuid, siq siq, distributedid128 uuid,
	uuidv7 uuid, hotguid uuid, luuid uuid, snowflake bigint, ulid ulid);
$recorder
SQL
portable=$(portable_edition --schema ids) || fail "portable/build"
sql cdc_portable -f - <"$portable/identities_portable.sql" >/dev/null || fail "the portable edition's plain script"
sql cdc_portable >/dev/null <<SQL || fail "the portable database's table"
CREATE TABLE captured (n integer PRIMARY KEY, distributedid ids.distributedid, iuid ids.iuid, siq ids.siq, ulid ids.ulid);
$recorder
SQL
slots cdc_native native
slots cdc_portable portable

# --- the changes: one transaction each ----------------------------------------------------------------------------
sql cdc_native >/dev/null <<'SQL' || fail "the native database's changes"
INSERT INTO captured VALUES
	(1, distributedid_generate(), iuid_generate(42, 7), siq_generate('message'), distributedid128_generate(),
	    uuidv7_generate(), hotguid_generate(17), luuid_generate('person', 1234567), snowflake_generate(),
	    ulid_generate()),
	(2, distributedid_generate(), iuid_generate(42, 7), siq_generate('message'), distributedid128_generate(),
	    uuidv7_generate(), hotguid_generate(17), luuid_generate('person', 1234567), snowflake_generate(),
	    ulid_generate()),
	(3, '0', '00000000-0000-8000-8000-000000000000', '0', '00000000-0000-0000-0000-000000000000',
	    '00000000-0000-7000-8000-000000000000', hotguid_generate(0), luuid_generate(0, 0), 0, '00000000000000000000000000'),
	(4, '9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff', 'ffffffffffffffffffffffffffff',
	    'ffffffff-ffff-ffff-ffff-ffffffffffff', 'ffffffff-ffff-7fff-bfff-ffffffffffff', hotguid_generate(4294967295),
	    luuid_generate(4095, 281474976710655), 9223372036854775807, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
	(5, '9007199254740993', NULL, '20000000000001', NULL, NULL, NULL, NULL, 9007199254740993, NULL),
	(6, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
UPDATE captured SET distributedid = distributedid_generate(), iuid = iuid_generate(1, 1), siq = siq_generate('user'),
	distributedid128 = distributedid128_generate(), uuidv7 = uuidv7_generate(), hotguid = hotguid_generate(18),
	luuid = luuid_generate('person', 7654321), snowflake = snowflake_generate(), ulid = ulid_generate()
	WHERE n IN (1, 6);
UPDATE captured SET distributedid = NULL, iuid = NULL, siq = NULL, distributedid128 = NULL, uuidv7 = NULL,
	hotguid = NULL, luuid = NULL, snowflake = NULL, ulid = NULL WHERE n = 3;
UPDATE captured SET n = 50 WHERE n = 5;
DELETE FROM captured WHERE n IN (2, 4, 50);
SQL
sql cdc_portable >/dev/null <<'SQL' || fail "the portable database's changes"
INSERT INTO captured VALUES
	(1, ids.distributedid_generate(), ids.iuid_generate(42, 7), ids.siq_generate('message'), ids.ulid_generate()),
	(2, ids.distributedid_generate(), ids.iuid_generate(42, 7), ids.siq_generate('message'), ids.ulid_generate()),
	(3, 0, '00000000-0000-8000-8000-000000000000', '0000000000000000000000000000', '00000000000000000000000000'),
	(4, 9999999999999999999999999999, 'ffffffff-ffff-8fff-bfff-ffffffffffff', 'ffffffffffffffffffffffffffff',
	    '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
	(5, 9007199254740993, NULL, '0000000000000020000000000001', NULL),
	(6, NULL, NULL, NULL, NULL);
UPDATE captured SET distributedid = ids.distributedid_generate(), iuid = ids.iuid_generate(1, 1),
	siq = ids.siq_generate('user'), ulid = ids.ulid_generate() WHERE n IN (1, 6);
UPDATE captured SET distributedid = NULL, iuid = NULL, siq = NULL, ulid = NULL WHERE n = 3;
UPDATE captured SET n = 50 WHERE n = 5;
DELETE FROM captured WHERE n IN (2, 4, 50);
SQL

# --- decoding: each output row as one line of hex, into $work/EDITION/NAME.hex ---------------------------------------
# decode EDITION NAME PLUGIN [OPTIONS as SQL text]: peeks (the slot keeps its changes for the next way of decoding)
decode() {
	local edition=$1 name=$2 plugin=$3 options=${4:-} db=cdc_$1 data="encode(convert_to(data, 'UTF8'), 'hex')" peek=pg_logical_slot_peek_changes
	[ $plugin = pgoutput ] && data="encode(data, 'hex')" peek=pg_logical_slot_peek_binary_changes
	mkdir -p "$work/$edition"
	sql $db -c "SELECT $data FROM $peek('${edition}_$plugin', NULL, NULL${options:+, $options})" \
		>"$work/$edition/$name.hex" 2>"$work/$edition/$name.err"
}
strings=no binary=no
[ "$PG_MAJOR" -ge 14 ] && binary=yes
for edition in native portable; do
	decode $edition test_decoding test_decoding "'include-xids', '0', 'skip-empty-xacts', '1'" || fail "$edition: test_decoding: $(cat "$work/$edition/test_decoding.err")"
	decode $edition pgoutput-text pgoutput "'proto_version', '1', 'publication_names', 'captured'" || fail "$edition: pgoutput: $(cat "$work/$edition/pgoutput-text.err")"
	if [ $binary = yes ]; then
		decode $edition pgoutput-binary pgoutput "'proto_version', '1', 'publication_names', 'captured', 'binary', 'true'" ||
			fail "$edition: pgoutput, binary: $(cat "$work/$edition/pgoutput-binary.err")"
	fi
	[ -z "$wal2json_skip" ] || continue
	decode $edition wal2json-v1 wal2json "'format-version', '1'" || fail "$edition: wal2json v1: $(cat "$work/$edition/wal2json-v1.err")"
	decode $edition wal2json-v1-domain wal2json "'format-version', '1', 'include-domain-data-type', '1'" || fail "$edition: wal2json v1, include-domain-data-type: $(cat "$work/$edition/wal2json-v1-domain.err")"
	decode $edition wal2json-v2 wal2json "'format-version', '2'" || fail "$edition: wal2json v2: $(cat "$work/$edition/wal2json-v2.err")"
	if decode $edition wal2json-v1-strings wal2json "'format-version', '1', 'numeric-data-types-as-string', '1'"; then
		decode $edition wal2json-v1-domain-strings wal2json "'format-version', '1', 'include-domain-data-type', '1', 'numeric-data-types-as-string', '1'" ||
			fail "$edition: wal2json v1, include-domain-data-type, numeric-data-types-as-string: $(cat "$work/$edition/wal2json-v1-domain-strings.err")"
		decode $edition wal2json-v2-strings wal2json "'format-version', '2', 'numeric-data-types-as-string', '1'" ||
			fail "$edition: wal2json v2, numeric-data-types-as-string: $(cat "$work/$edition/wal2json-v2-strings.err")"
		strings=yes
	elif grep 'option "numeric-data-types-as-string" = "1" is unknown' "$work/$edition/wal2json-v1-strings.err" >/dev/null; then
		rm -f "$work/$edition"/wal2json-v1-strings.*
		strings=unknown
	else
		fail "$edition: wal2json, numeric-data-types-as-string: $(cat "$work/$edition/wal2json-v1-strings.err")"
	fi
done
for edition in native portable; do
	sql cdc_$edition -c "SELECT json_agg(json_build_object('op', op, 'old', old, 'new', new) ORDER BY seq) FROM expected" \
		>"$work/$edition/expected.json" || fail "$edition: the recorded changes"
done

# output_plugin_libraries: a session that drops wal2json from the list may not decode through it
checks=()
if [ -z "$wal2json_skip" ] && [ $plugin_list = yes ]; then
	refused=$(sql cdc_native -c "SET output_plugin_libraries = pgoutput, test_decoding" \
		-c "SELECT count(*) FROM pg_logical_slot_peek_changes('native_wal2json', NULL, NULL)" 2>&1)
	if grep 'library "wal2json" may not be used as an output plugin' <<<"$refused" >/dev/null; then
		checks+=("ok - output_plugin_libraries: with wal2json left out of the list (SET output_plugin_libraries = pgoutput, test_decoding), its slot refuses to decode: $(head -n 1 <<<"$refused")")
	else
		checks+=("FAILED: output_plugin_libraries without wal2json, and its slot still decodes: $refused")
	fi
fi

# --- Node's JSON.parse: each wal2json output re-read by Node, its values as Node holds them ------------------------
if [ -z "$wal2json_skip" ] && [ -z "$node_skip" ]; then
	node - "$work" <<'JS' || fail "the Node reader failed"
// For each wal2json output: every value of a change as JSON.parse gives it: a string as is; a number as the exact
// value of the double Node holds (BigInt of it), and, where JSON.parse passes the number's source text to a reviver
// (context.source, newer Node), that text too.
const fs = require('fs');
const path = require('path');
const work = process.argv[2];
const hasSource = JSON.parse('1', (key, value, context) => context !== undefined && context.source === '1');
const held = (value) => value === null ? null : typeof value === 'string' ? { string: value }
	: typeof value === 'number' ? { number: Number.isInteger(value) ? BigInt(value).toString() : String(value) } : { other: JSON.stringify(value) };
for (const edition of ['native', 'portable']) {
	for (const file of fs.readdirSync(path.join(work, edition)).filter((f) => /^wal2json-.*\.hex$/.test(f))) {
		const lines = fs.readFileSync(path.join(work, edition, file), 'utf8').split('\n').filter((line) => line.length > 0);
		const out = [];
		const sourced = [];
		for (const line of lines) {
			const text = Buffer.from(line, 'hex').toString('utf8');
			out.push(JSON.stringify(mapValues(JSON.parse(text), held)));
			if (hasSource) {
				const doc = JSON.parse(text, (key, value, context) =>
					typeof value === 'number' ? { __source: context.source } : value);
				sourced.push(JSON.stringify(mapValues(doc, (v) => v !== null && typeof v === 'object' && '__source' in v ? { number: v.__source } : held(v))));
			}
		}
		fs.writeFileSync(path.join(work, edition, file.replace(/\.hex$/, '.node.json')), out.join('\n') + '\n');
		if (hasSource) fs.writeFileSync(path.join(work, edition, file.replace(/\.hex$/, '.node-source.json')), sourced.join('\n') + '\n');
	}
}
// the column values of a v1 document ({change: [...]}) or of a v2 line
function mapValues(doc, f) {
	if (Array.isArray(doc.change)) {
		for (const change of doc.change) {
			if (change.columnvalues) change.columnvalues = change.columnvalues.map(f);
			if (change.oldkeys) change.oldkeys.keyvalues = change.oldkeys.keyvalues.map(f);
		}
	} else {
		for (const list of [doc.columns, doc.identity]) for (const column of list || []) column.value = f(column.value);
	}
	return doc;
}
console.log(`node: JSON.parse's reviver ${hasSource ? 'has' : 'has no'} context.source here`);
JS
fi

# --- the checks ---------------------------------------------------------------------------------------------------
cat >"$work/check.py" <<'PY'
"""Reads every decoded output of both editions, rebuilds its changes and compares every value with what the
trigger recorded (text and send form). Prints "ok - ..." / "FAILED: ..." lines, and "sample: ..." lines."""
import json, struct, sys, uuid, re, os

work, wal2json, node, strings, binary = sys.argv[1:6]
OPS = {'insert': 'INSERT', 'update': 'UPDATE', 'delete': 'DELETE', 'I': 'INSERT', 'U': 'UPDATE', 'D': 'DELETE'}
SAFE = 2 ** 53
# the JSON kind (wal2json) and test_decoding's form of each column, as doc/change-data-capture.md says
NATIVE = ['n', 'distributedid', 'iuid', 'siq', 'distributedid128', 'uuidv7', 'hotguid', 'luuid', 'snowflake', 'ulid']
PORTABLE = ['n', 'distributedid', 'iuid', 'siq', 'ulid']
NUMBERS = {'native': {'n', 'snowflake'}, 'portable': {'n'}}
# pgoutput: each column's type as its messages announce it (Relation type oid; a Type message for one not built in)
ANNOUNCED = {
    'native': {'n': 'int4', 'distributedid': 'public.distributedid', 'iuid': 'public.iuid', 'siq': 'public.siq',
               'distributedid128': 'uuid', 'uuidv7': 'uuid', 'hotguid': 'uuid', 'luuid': 'uuid', 'snowflake': 'int8',
               'ulid': 'public.ulid'},
    'portable': {'n': 'int4', 'distributedid': 'numeric', 'iuid': 'uuid', 'siq': 'text', 'ulid': 'text'},
}
BUILTIN = {20: 'int8', 23: 'int4', 25: 'text', 1700: 'numeric', 2950: 'uuid'}
results = []


samples = []


def check(ok, message):
    results.append(('ok - ' if ok else 'FAILED: ') + message)


def sample(label, text):
    """what the plugin wrote for the insert of row 4 (the largest values)"""
    samples.append('sample: %s: %s' % (label, text))


def lines(edition, name):
    with open(os.path.join(work, edition, name)) as f:
        return [line.strip() for line in f if line.strip()]


def expected_changes(edition):
    with open(os.path.join(work, edition, 'expected.json')) as f:
        return json.load(f)


# A decoded value: None (NULL) or (kind, payload): ('string', s) / ('number', digits) from JSON, ('quoted', s) /
# ('bare', s) from test_decoding, ('text', s) / ('binary', bytes) from pgoutput.
def from_python_json(value):
    if value is None:
        return None
    if isinstance(value, str):
        return ('string', value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return ('other', json.dumps(value))
    return ('number', str(value))  # json.loads reads an integer literal as an exact int


def from_node(value):
    if value is None:
        return None
    (kind, payload), = value.items()
    return (kind, payload)


def wal2json_changes(docs, version, reader):
    changes = []
    for doc in docs:
        if version == 1:
            for change in doc['change']:
                if change['table'] != 'captured':
                    continue
                new = dict(zip(change['columnnames'], map(reader, change['columnvalues']))) if 'columnnames' in change else None
                old = dict(zip(change['oldkeys']['keynames'], map(reader, change['oldkeys']['keyvalues']))) if 'oldkeys' in change else None
                changes.append((OPS[change['kind']], old, new))
        elif doc.get('action') in ('I', 'U', 'D') and doc['table'] == 'captured':
            new = {c['name']: reader(c['value']) for c in doc['columns']} if 'columns' in doc else None
            old = {c['name']: reader(c['value']) for c in doc['identity']} if 'identity' in doc else None
            changes.append((OPS[doc['action']], old, new))
    return changes


TOKEN = re.compile(r"([^\s\[]+)\[([^\]]+)\]:('(?:[^']|'')*'|null|\S+)")


def test_decoding_tuple(text):
    values, types, position = {}, {}, 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:
            raise ValueError('cannot read test_decoding tuple at: ' + text[position:position + 60])
        name, typ, value = match.groups()
        types[name] = typ
        values[name] = None if value == 'null' else ('quoted', value[1:-1].replace("''", "'")) if value.startswith("'") else ('bare', value)
        position = match.end()
        while position < len(text) and text[position] == ' ':
            position += 1
    return values, types


def test_decoding_changes(rows):
    changes, types = [], {}
    for row in rows:
        match = re.match(r'table public\.captured: (INSERT|UPDATE|DELETE): (.*)$', row)
        if not match:
            continue
        op, rest = match.groups()
        old = new = None
        if op == 'UPDATE' and rest.startswith('old-key: '):
            old_text, new_text = rest[len('old-key: '):].split(' new-tuple: ', 1)
            old, _ = test_decoding_tuple(old_text)
            new, types = test_decoding_tuple(new_text)
        elif op == 'DELETE':
            old, _ = test_decoding_tuple(rest) if rest != '(no-tuple-data)' else ({}, {})
        else:
            new, types = test_decoding_tuple(rest)
        changes.append((op, old, new))
    return changes, types


class Reader:
    def __init__(self, data):
        self.data, self.position = data, 0

    def take(self, n):
        chunk = self.data[self.position:self.position + n]
        if len(chunk) != n:
            raise ValueError('pgoutput message cut short')
        self.position += n
        return chunk

    def int(self, fmt):
        return struct.unpack('>' + fmt, self.take(struct.calcsize(fmt)))[0]

    def string(self):
        end = self.data.index(b'\0', self.position)
        value = self.data[self.position:end].decode()
        self.position = end + 1
        return value

    def tuple(self):
        values = []
        for _ in range(self.int('h')):
            kind = self.take(1)
            if kind == b'n':
                values.append(None)
            elif kind == b'u':
                values.append(('unchanged toast', None))
            elif kind in (b't', b'b'):
                payload = self.take(self.int('i'))
                values.append(('text', payload.decode()) if kind == b't' else ('binary', payload))
            else:
                raise ValueError('unknown tuple data kind %r' % kind)
        return values


def pgoutput_changes(rows):
    """Relation, Type, Insert, Update and Delete messages (protocol 1) into changes; with each column's type."""
    relations, types, changes = {}, {}, []
    for row in rows:
        message = Reader(bytes.fromhex(row))
        kind = message.take(1)
        if kind == b'Y':
            oid, namespace, name = message.int('I'), message.string(), message.string()
            types[oid] = (namespace + '.' if namespace else '') + name
        elif kind == b'R':
            relid, namespace, name = message.int('I'), message.string(), message.string()
            message.int('b')  # replica identity
            columns = []
            for _ in range(message.int('h')):
                message.int('b')
                columns.append((message.string(), message.int('I'), message.int('i')))
            relations[relid] = (namespace + '.' + name, columns)
        elif kind in (b'I', b'U', b'D'):
            relation, columns = relations[message.int('I')]
            if relation != 'public.captured':
                continue
            names = [c[0] for c in columns]
            old = new = None
            part = message.take(1)
            if part in (b'K', b'O'):
                old = dict(zip(names, message.tuple()))
                if kind == b'U':
                    part = message.take(1)
            if part == b'N':
                new = dict(zip(names, message.tuple()))
            changes.append(({b'I': 'INSERT', b'U': 'UPDATE', b'D': 'DELETE'}[kind], old, new))
    announced = {}
    for relation, columns in relations.values():
        if relation == 'public.captured':
            announced = {name: types.get(oid, BUILTIN.get(oid, 'oid %d' % oid)) for name, oid, _ in columns}
    return changes, announced


def numeric_binary(data):
    """numeric's binary form (numeric_send) of an integer: its digits, or None if it is no integer's form."""
    ndigits, weight, sign, dscale = struct.unpack('>hhHH', data[:8])
    if len(data) != 8 + 2 * ndigits or sign not in (0, 0x4000) or dscale != 0:
        return None
    digits = struct.unpack('>%dh' % ndigits, data[8:])
    if ndigits and weight - (ndigits - 1) < 0:
        return None
    value = sum(d * 10000 ** (weight - i) for i, d in enumerate(digits))
    return -value if sign == 0x4000 else value


def crockford(data):
    """a ULID's 16 bytes (ulid_send: big-endian) as its 26 characters of Crockford's base32"""
    if len(data) != 16:
        return None
    number = int.from_bytes(data, 'big')
    return ''.join('0123456789ABCDEFGHJKMNPQRSTVWXYZ'[(number >> (5 * i)) & 31] for i in range(25, -1, -1))


# binary payload -> text form, by the type pgoutput announced
BINARY = {
    'int4': lambda b: str(struct.unpack('>i', b)[0]),
    'int8': lambda b: str(struct.unpack('>q', b)[0]),
    'uuid': lambda b: str(uuid.UUID(bytes=bytes(b))),
    'public.iuid': lambda b: str(uuid.UUID(bytes=bytes(b))),
    'numeric': lambda b: str(numeric_binary(b)),
    'public.distributedid': lambda b: str(numeric_binary(b)),
    'public.siq': lambda b: format(numeric_binary(b), '028x'),
    'public.ulid': crockford,
    'text': lambda b: b.decode(),
}


def compare(label, edition, changes, recover, omits_old_nulls=False):
    """Every change, column and value against the recorded ones; recover(column, value, expected) gives the text
    a consumer reads from a value, or None when it cannot. Returns {column: [(expected, got, kind)]} of values read
    wrong (the caller judges them), and prints a failure for anything else."""
    expected = expected_changes(edition)
    wrong, problems, values = {}, [], 0
    if [c[0] for c in changes] != [e['op'] for e in expected]:
        problems.append('changes %s, recorded %s' % ([c[0] for c in changes], [e['op'] for e in expected]))
    for number, ((op, old, new), want) in enumerate(zip(changes, expected), 1):
        for side, got_row, want_row in (('old', old, want['old']), ('new', new, want['new'])):
            if want_row is None:
                if got_row is not None and side == 'new':
                    problems.append('change %d (%s) has a new row' % (number, op))
                continue
            if got_row is None:
                problems.append('change %d (%s): no %s row' % (number, op, side))
                continue
            for column, (text, send) in want_row.items():
                if column not in got_row:
                    if not (omits_old_nulls and side == 'old' and text is None):
                        problems.append('change %d (%s), %s %s: missing' % (number, op, side, column))
                    continue
                value = got_row[column]
                values += 1
                if value is None or text is None:
                    if value is not None or text is not None:
                        problems.append('change %d (%s), %s %s: %r, recorded %r' % (number, op, side, column, value, text))
                    continue
                got = recover(column, value, (text, send))
                if got != text:
                    wrong.setdefault(column, []).append((text, got, value[0]))
            extra = set(got_row) - set(want_row)
            if extra:
                problems.append('change %d (%s), %s: columns not in the table %s' % (number, op, side, sorted(extra)))
    for problem in problems[:5]:
        check(False, '%s: %s' % (label, problem))
    return wrong, values, not problems


def kinds_of(changes):
    seen = {}
    for _, old, new in changes:
        for row in (old, new):
            for column, value in (row or {}).items():
                if value is not None:
                    seen.setdefault(column, set()).add(value[0])
    return seen


def json_checks(edition, name, version, parser, reader, numbers):
    """A wal2json output read by one parser: kinds as expected; values read right, but the numbers a double
    cannot hold when the parser is Node's JSON.parse."""
    label = 'wal2json %s, %s, %s' % (name, edition, parser)
    suffix = {'python': '.hex', 'node': '.node.json', 'node-source': '.node-source.json'}[parser]
    path = os.path.join(work, edition, 'wal2json-' + name + suffix)
    if not os.path.exists(path):
        check(False, '%s: no output (%s)' % (label, path))
        return
    rows = lines(edition, os.path.basename(path))
    docs = [json.loads(bytes.fromhex(r).decode() if parser == 'python' else r) for r in rows]
    changes = wal2json_changes(docs, version, reader)
    kinds = kinds_of(changes)
    columns = NATIVE if edition == 'native' else PORTABLE
    want_kinds = {c: {'number' if c in numbers else 'string'} for c in columns}
    if kinds != want_kinds:
        check(False, '%s: JSON kinds %s, documented %s' % (label, sorted(kinds.items()), sorted(want_kinds.items())))
    wrong, values, complete = compare(label, edition, changes, lambda column, value, want: value[1], omits_old_nulls=(version == 1))
    # a double holds an integer exactly when float() of it gives it back
    unsafe = {}
    for change in expected_changes(edition):
        for row in (change['old'], change['new']):
            for column, (text, _) in (row or {}).items():
                if column in numbers and text is not None and int(float(int(text))) != int(text):
                    unsafe.setdefault(column, set()).add(text)
    expected_wrong = unsafe if parser == 'node' else {}
    got_wrong = {c: {w[0] for w in ws} for c, ws in wrong.items()}
    if got_wrong != expected_wrong:
        check(False, '%s: values read wrong %s; expected wrong: %s' % (label, sorted((c, sorted(v)) for c, v in got_wrong.items()),
                                                                       sorted((c, sorted(v)) for c, v in expected_wrong.items())))
    elif complete and kinds == want_kinds:
        kinds_text = ', '.join('%s %s' % (c, 'number' if c in numbers else 'string') for c in columns if c != 'n')
        if wrong:
            # the smallest and the largest such value of each column
            examples = '; '.join('%s %s read as %s' % (c, w[0], w[1]) for c, ws in sorted(wrong.items())
                                 for w in sorted({min(ws, key=lambda w: int(w[0])), max(ws, key=lambda w: int(w[0]))}, key=lambda w: int(w[0])))
            check(True, '%s: %d changes, %d values (%s): strings exact; JSON.parse changed exactly the %d numbers a double cannot hold (%s)'
                  % (label, len(changes), values, kinds_text, sum(len(ws) for ws in wrong.values()), examples))
        else:
            check(True, '%s: %d changes, %d values (%s), every value read exactly' % (label, len(changes), values, kinds_text))
    if parser == 'python':
        for doc in docs:
            for change in doc['change'] if version == 1 else [doc]:
                if (change['kind'] == 'insert' and change['columnvalues'][0] in (4, '4') if version == 1
                        else change['action'] == 'I' and change['columns'][0]['value'] in (4, '4')):
                    sample(label, json.dumps(change, separators=(',', ':')))


for edition in ('native', 'portable'):
    columns = NATIVE if edition == 'native' else PORTABLE
    # test_decoding: quoted text for every type but the numeric ones it knows (by the column's type oid)
    rows = [bytes.fromhex(r).decode() for r in lines(edition, 'test_decoding.hex')]
    changes, types = test_decoding_changes(rows)
    label = 'test_decoding, %s' % edition
    for row in rows:
        if row.startswith('table public.captured: INSERT: n[integer]:4 '):
            sample(label, row)
    wrong, values, complete = compare(label, edition, changes, lambda column, value, want: value[1], omits_old_nulls=True)
    kinds = kinds_of(changes)
    want = {c: {'bare' if c in NUMBERS[edition] else 'quoted'} for c in columns}
    if wrong:
        check(False, '%s: values read wrong: %s' % (label, sorted(wrong.items())[:3]))
    elif kinds != want:
        check(False, '%s: forms %s, documented %s' % (label, sorted(kinds.items()), sorted(want.items())))
    elif complete:
        check(True, '%s: %d changes, %d values, every value exactly its text (%s)' % (
            label, len(changes), values, ', '.join('%s[%s] %s' % (c, types[c], 'bare' if c in NUMBERS[edition] else "'quoted'") for c in columns)))
    # pgoutput, text and binary
    for mode in ('text', 'binary'):
        if mode == 'binary' and binary != 'yes':
            continue
        label = 'pgoutput %s (proto_version 1), %s' % (mode, edition)
        changes, announced = pgoutput_changes(lines(edition, 'pgoutput-%s.hex' % mode))
        if announced != ANNOUNCED[edition]:
            check(False, '%s: the columns\' types announced as %s, documented %s' % (label, announced, ANNOUNCED[edition]))
            continue
        sends = []
        for op, _, new in changes:
            if op == 'INSERT' and new['n'] in (('text', '4'), ('binary', b'\0\0\0\4')):
                sample(label, ' '.join('%s:%s' % (c, 'n' if v is None else "t'%s'" % v[1] if v[0] == 'text' else 'b' + v[1].hex())
                                       for c, v in new.items()))

        def recover(column, value, want, mode=mode):
            kind, payload = value
            if mode == 'text':
                return payload if kind == 'text' else None
            if kind != 'binary':
                return None
            if payload.hex() != want[1]:
                sends.append((column, payload.hex(), want[1]))
                return None
            return BINARY[announced[column]](payload)
        wrong, values, complete = compare(label, edition, changes, recover)
        if wrong:
            check(False, '%s: values read wrong (recorded, read, kind): %s%s' % (label, sorted(wrong.items())[:3],
                                                                             '; bytes, send form: %s' % sends[:3] if sends else ''))
        elif complete:
            how = 'each the text form' if mode == 'text' else "each its type's send form, decoded by the announced type to the text form"
            check(True, '%s: %d changes, %d values, %s (types: %s)' % (label, len(changes), values, how,
                                                                     ', '.join('%s %s' % (c, announced[c]) for c in columns)))
    if wal2json != 'yes':
        continue
    variants = [('v1', 1, NUMBERS[edition]), ('v1-domain', 1, NUMBERS[edition] | ({'distributedid'} if edition == 'portable' else set())),
                ('v2', 2, NUMBERS[edition])]
    if strings == 'yes':
        variants += [('v1-strings', 1, set()), ('v1-domain-strings', 1, set()), ('v2-strings', 2, set())]
    for name, version, numbers in variants:
        json_checks(edition, name, version, 'python', from_python_json, numbers)
        if node == 'yes':
            json_checks(edition, name, version, 'node', from_node, numbers)
        if os.path.exists(os.path.join(work, edition, 'wal2json-%s.node-source.json' % name)):
            json_checks(edition, name, version, 'node-source', from_node, numbers)

print('\n'.join(samples + results))
PY
python3 "$work/check.py" "$work" "$([ -z "$wal2json_skip" ] && echo yes || echo no)" \
	"$([ -z "$wal2json_skip" ] && [ -z "$node_skip" ] && echo yes || echo no)" $strings $binary >"$work/results" 2>&1 ||
	echo "FAILED: the checker: $(tail -n 3 "$work/results")" >>"$work/results"
printf '%s\n' "${checks[@]}" >>"$work/results"
grep -v '^$' "$work/results"
[ -n "$wal2json_skip" ] && echo "skipped: wal2json (v1, v2, with Python and Node): $wal2json_skip"
[ -z "$wal2json_skip" ] && [ -n "$node_skip" ] && echo "skipped: Node's JSON.parse of wal2json: $node_skip"
[ "$strings" = unknown ] && echo "note: wal2json $wal2json_version has no option numeric-data-types-as-string (\"unknown\"; wal2json 2.6 added it): bigint and numeric stay JSON numbers"

passed=$(grep -c '^ok - ' "$work/results")
failed=$(grep -c '^FAILED: ' "$work/results")
echo
echo "change_data_capture: $passed checks passed, $failed failed, in $((SECONDS - started)) s"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
