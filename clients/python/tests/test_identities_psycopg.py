#!/usr/bin/env python3
"""Round trips of every identities type through psycopg 3 and identities_psycopg, against a real server.

Connects with libpq's environment (PGHOST, PGPORT, PGUSER, PGDATABASE) to a database with the extension, on a
server that preloads it and has a public-id key. Runs with the python of a venv where the identities-psycopg wheel
is installed (clients/python/install_wheel.sh): the package's sources are not on its path. Prints "ok - NAME" or
"not ok - NAME: why" per check (test/clients/run counts them) and exits 1 if any failed.
"""

import asyncio
import datetime
import importlib.metadata
import os
import struct
import subprocess
import sys
import tempfile
import traceback
import uuid
from decimal import Decimal

import psycopg
from psycopg import errors
from psycopg.pq import Format
from psycopg.types import TypeInfo

import identities_psycopg

sys.dont_write_bytecode = True  # checks.py, imported from the repository's tree: no __pycache__ left there
from checks import readme_files  # noqa: E402
from identities_psycopg import (DistributedId, Iuid, JSONEncoder, Siq, Ulid, json_value, register,  # noqa: E402
                                register_async)

UTC = datetime.timezone.utc
failures = 0


def check(function):
    """Runs one check at once and reports it."""
    global failures
    try:
        function()
        print(f"ok - {function.__name__}")
    except Exception as error:  # noqa: BLE001 (any failure is reported, the run goes on)
        failures += 1
        where = traceback.extract_tb(error.__traceback__)[-1]
        print(f"not ok - {function.__name__}: {type(error).__name__}: {error} (line {where.lineno})")
    return function


# The known answers live in test/vectors (one file per format, test/vectors/README.md): IDENTITIES_VECTORS, or the
# repository's directory next to this file.
VECTORS = os.environ.get("IDENTITIES_VECTORS") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                               "..", "..", "test", "vectors")


def vectors(name, kind=None):
    """The rows of test/vectors/NAME.tsv (of that kind), each a dict of column name to field (None when empty)."""
    with open(os.path.join(VECTORS, name + ".tsv"), encoding="utf-8") as file:
        lines = [line.rstrip("\n") for line in file if line.strip() and not line.startswith("#")]
    header = lines[0].split("\t")
    rows = [dict(zip(header, (field or None for field in line.split("\t")))) for line in lines[1:]]
    return [row for row in rows if kind is None or row["kind"] == kind]


def instant_of(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def unix_ms_of(text):
    """The Unix milliseconds of a vector's ISO 8601 instant, past the year 9999 too (a datetime stops there): the
    year moved back by 400-year cycles, which are whole weeks of 146097 days."""
    year, rest = text.split("-", 1)
    cycles = max(0, (int(year) - 9000) // 400 + 1) if int(year) > 9999 else 0
    instant = instant_of(f"{int(year) - 400 * cycles:04d}-{rest}")
    return ms(instant) + cycles * 146097 * 86_400_000


def connect():
    conn = psycopg.connect(autocommit=True)
    register(conn)
    return conn


def ms(instant):
    return (instant - datetime.datetime(1970, 1, 1, tzinfo=UTC)) // datetime.timedelta(milliseconds=1)


# Ids composed in Python, field by field, as another service would make them (layouts in the README).
SNOWFLAKE_EPOCH_MS = 1420070400000  # Discord's, 2015-01-01


def snowflake(instant, worker, process, increment):
    return (ms(instant) - SNOWFLAKE_EPOCH_MS) << 22 | worker << 17 | process << 12 | increment


def iuid(instant, country, service_entity, random_bits):
    # [48-bit unix ms][version 8][4-bit format version 0][8-bit country][variant 10][8-bit service entity][54 bits]
    return Iuid(int=ms(instant) << 80 | 8 << 76 | 0 << 72 | country << 64 | 0b10 << 62 | service_entity << 54
                | random_bits)


def siq(instant, shard, domain_hash, serial_and_qualifier):
    # [40-bit unix seconds][16-bit fraction, 1/65536 s][8-bit shard][32-bit domain hash][16 bits]
    ticks = int(instant.timestamp()) << 16 | instant.microsecond * 65536 // 1_000_000
    return Siq(ticks << 56 | shard << 48 | domain_hash << 16 | serial_and_qualifier)


def distributedid(instant, random_bits):
    # [ms since 1900-01-01 (Architect subtracts 1 s when generating; the stored value is what it reads)][48 bits]
    since_1900 = ms(instant) + 2_208_988_800_000
    return DistributedId(since_1900 << 48 | random_bits)


def distributedid128(instant, random_bits):
    # [48-bit ms since 1700-01-01][version 7][12 bits][a 0 bit][63 bits] (random_bits: 75 bits)
    since_1700 = ms(instant) + 8_520_336_000_000
    return uuid.UUID(int=since_1700 << 80 | 7 << 76 | (random_bits >> 63) << 64 | (random_bits & (2**63 - 1)))


conn = connect()
INSTANT = datetime.datetime(2026, 11, 23, 12, 34, 56, 789000, tzinfo=UTC)
conn.execute("CREATE TEMP TABLE ids (n serial, d distributedid, s siq, i iuid, da distributedid[], sa siq[],"
             " ia iuid[])")


@check
def imported_from_the_installed_wheel():
    installed = importlib.metadata.distribution("identities-psycopg")
    assert os.path.dirname(identities_psycopg.__file__) == str(installed.locate_file("identities_psycopg")), (
        identities_psycopg.__file__, installed.locate_file(""))
    assert identities_psycopg.__file__.startswith(sys.prefix + os.sep) and sys.prefix != sys.base_prefix, sys.prefix
    assert os.path.isfile(os.path.join(os.path.dirname(identities_psycopg.__file__), "py.typed"))
    print(f"# identities-psycopg {installed.version} with psycopg {psycopg.__version__},"
          f" Python {sys.version.split()[0]}")


@check
def readme_first_query_prints_what_it_shows():
    program = readme_files()["first_query.py"]
    shown = program.split("print(row)  # prints:\n    # ", 1)[1].splitlines()[0]
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "first_query.py")
        with open(path, "w") as file:
            file.write(program)
        printed = subprocess.run([sys.executable, path], check=True, text=True, stdout=subprocess.PIPE).stdout
    assert printed == shown + "\n", (printed, shown)


@check
def generated_in_the_database_arrive_as_native_values():
    query = ("SELECT d, d::numeric::text, s, s::numeric::text, i, i::text FROM"
             " (SELECT distributedid_generate() AS d, siq_generate('user') AS s, iuid_generate(1, 2) AS i) AS t")
    for binary in (False, True):
        d, d_text, s, s_text, i, i_text = conn.cursor(binary=binary).execute(query).fetchone()
        assert type(d) is DistributedId and d == int(d_text), (binary, d, d_text)
        assert type(s) is Siq and s == int(s_text), (binary, s, s_text)
        assert type(i) is Iuid and str(i) == i_text and i.version == 8, (binary, i, i_text)


@check
def uuid_and_bigint_formats_arrive_as_uuid_and_int():
    query = ("SELECT v, v::text FROM (VALUES (distributedid128_generate()), (hotguid_generate(42)),"
             " (luuid_generate('g', 7)), (uuidv7_generate()), (public_id(distributedid_generate()))) AS t(v)")
    for binary in (False, True):
        for value, text in conn.cursor(binary=binary).execute(query):
            assert type(value) is uuid.UUID and str(value) == text, (binary, value, text)
        flake, flake_text = conn.cursor(binary=binary).execute(
            "SELECT v, v::text FROM snowflake_generate() AS v").fetchone()
        assert type(flake) is int and flake == int(flake_text) and flake > 0, (binary, flake)


@check
def public_id_round_trip_from_python_value():
    d = distributedid(INSTANT, 12345)
    public, back = conn.execute("SELECT p, public_id_to_distributedid(p) FROM public_id(%s::distributedid) AS p",
                                (d,)).fetchone()
    assert type(public) is uuid.UUID and back == d and type(back) is DistributedId, (public, back)


@check
def composed_in_python_and_read_by_the_database():
    flake = snowflake(INSTANT, 3, 5, 77)
    row = conn.execute(
        "SELECT snowflake_extract_timestamp(%s), snowflake_extract_worker(%s), snowflake_extract_process(%s),"
        " snowflake_extract_increment(%s)", (flake,) * 4).fetchone()
    assert row == (INSTANT, 3, 5, 77), row
    i = iuid(INSTANT, 42, 7, 2**54 - 1)
    row = conn.execute("SELECT iuid_extract_timestamp(%s), iuid_extract_country(%s), iuid_extract_service_entity(%s),"
                       " iuid_extract_format_version(%s)", (i,) * 4).fetchone()
    assert row == (INSTANT, 42, 7, 0), row
    s = siq(INSTANT, 9, 2261653831, 0)
    row = conn.execute("SELECT siq_extract_timestamp(%s), siq_extract_shard(%s), siq_extract_domain_hash(%s)",
                       (s,) * 3).fetchone()
    assert abs(row[0] - INSTANT) < datetime.timedelta(microseconds=16) and row[1:] == (9, 2261653831), row
    d = distributedid(INSTANT, 2**48 - 1)
    assert conn.execute("SELECT distributedid_extract_timestamp(%s)", (d,)).fetchone()[0] == INSTANT
    d128 = distributedid128(INSTANT, 2**75 - 1)
    row = conn.execute("SELECT distributedid128_extract_timestamp(%s), distributedid128_to_numeric(%s)",
                       (d128, d128)).fetchone()
    assert row == (INSTANT, d128.int), row


@check
def architect_vectors():
    # Architect.Identities' own values (test/vectors): DistributedId's, composed here and read by the server, and
    # DistributedId128's, composed here from their instant and random sequence.
    for row in vectors("distributedid"):
        d = distributedid(instant_of(row["timestamp"]), int(row["random_sequence"]))
        assert d == int(row["distributedid"]) and int(row["ms_since_1900"]) << 48 | int(row["random_sequence"]) == d
        assert conn.execute("SELECT distributedid_extract_timestamp(%s), to_alphanumeric(%s), to_hexadecimal(%s)",
                            (d,) * 3).fetchone() == (instant_of(row["timestamp"]), row["alphanumeric"],
                                                     row["hexadecimal"]), row
    for row in vectors("distributedid128", "compose"):
        d128 = distributedid128(instant_of(row["timestamp"]), int(row["random_sequence"]))
        assert str(d128) == row["id"] and d128.int == int(row["numeric"]), (d128, row)
        assert conn.execute("SELECT to_alphanumeric(%s)", (d128,)).fetchone()[0] == row["alphanumeric"], row


@check
def vector_values_through_the_adapters():
    # Each known distributedid, siq and iuid (test/vectors) sent and read by the adapters in text and binary: the
    # value arrives as the server's text says, and the server's value arrives as the file says.
    values = ([(DistributedId(int(r["distributedid"])), r["distributedid"], "distributedid")
               for r in vectors("distributedid")]
              + [(Siq(int(r["numeric"])), r["siq"], "siq") for r in vectors("siq", "forms")]
              + [(Iuid(r["iuid"]), r["iuid"], "iuid") for r in vectors("iuid")])
    for binary in (False, True):
        cursor = conn.cursor(binary=binary)
        for value, text, type_name in values:
            back, server_text = cursor.execute("SELECT v, v::text FROM (SELECT %s AS v) AS t", (value,)).fetchone()
            assert back == value and type(back) is type(value) and server_text == text, (binary, value, back)
            read = cursor.execute(f"SELECT %s::{type_name}", (text,)).fetchone()[0]
            assert read == value and type(read) is type(value), (binary, text, read)


@check
def ulid_codec_reads_the_vectors():
    # No server: test/vectors/ulid.tsv's ids (text, uuid of the same bits, timestamp), the texts read as Crockford
    # reads them, and the texts refused: 22003 (first character above 7) as "out of range", 22P02 as "not a ulid".
    for row in vectors("ulid", "id"):
        value = Ulid(row["ulid"])
        assert type(value) is Ulid and value == row["ulid"] and str(value.uuid) == row["uuid"], (value, row)
        assert value.milliseconds == unix_ms_of(row["timestamp"]) and value.int == uuid.UUID(row["uuid"]).int, row
        assert Ulid.from_uuid(uuid.UUID(row["uuid"])) == value and Ulid.from_bytes(value.bytes) == value, row
        assert Ulid.from_int(value.int) == value and value.bytes == uuid.UUID(row["uuid"]).bytes, row
        if value.milliseconds < unix_ms_of("9999-12-31T23:59:59.999Z"):
            assert value.datetime == instant_of(row["timestamp"]), (value.datetime, row)
    for row in vectors("ulid", "input"):
        assert Ulid(row["text"]) == row["ulid"] and repr(Ulid(row["text"])) == f"Ulid('{row['ulid']}')", row
    for row in vectors("ulid", "invalid"):
        try:
            raise AssertionError(f"{row['text']} read as {Ulid(row['text'])!r}")
        except ValueError as error:
            assert ("out of range" in str(error)) == (row["sqlstate"] == "22003"), (row, error)
    assert sorted([Ulid("01BX5ZZKBKACTAV9WEVGEMMVS0"), Ulid("01BX5ZZKBKACTAV9WEVGEMMVRZ")]) == [
        "01BX5ZZKBKACTAV9WEVGEMMVRZ", "01BX5ZZKBKACTAV9WEVGEMMVS0"]  # text order is id order
    for bad in (lambda: Ulid(uuid.uuid4()), lambda: Ulid.from_int(2**128), lambda: Ulid.from_bytes(bytes(15))):
        try:
            raise AssertionError(f"made {bad()!r}")
        except (TypeError, ValueError):
            pass


@check
def ulid_vectors_through_the_adapters():
    # Each ulid of test/vectors sent and read by the adapters in text and binary: the server's text, uuid and
    # timestamp of the value sent are the file's, and its value of each text (either case, I L O) arrives as a Ulid.
    # The texts the codec refuses, the server refuses with the file's SQLSTATE.
    for binary in (False, True):
        cursor = conn.cursor(binary=binary)
        for row in vectors("ulid", "id"):
            back, text, as_uuid, unix_ms = cursor.execute(
                "SELECT v, v::text, v::uuid, (extract(epoch FROM ulid_extract_timestamp(v)) * 1000)::bigint"
                " FROM (SELECT %s AS v) AS t", (Ulid(row["ulid"]),)).fetchone()
            assert type(back) is Ulid and back == text == row["ulid"], (binary, back, text)
            assert str(as_uuid) == row["uuid"] and unix_ms == back.milliseconds == unix_ms_of(row["timestamp"]), row
        for row in vectors("ulid", "input"):
            read = cursor.execute("SELECT %s::ulid", (row["text"],)).fetchone()[0]
            assert type(read) is Ulid and read == row["ulid"] == Ulid(row["text"]), (binary, row, read)
    for row in vectors("ulid", "invalid"):
        try:
            conn.execute("SELECT %s::ulid", (row["text"],))
            raise AssertionError(f"{row['text']} accepted")
        except psycopg.Error as error:
            assert error.sqlstate == row["sqlstate"], (row, error.sqlstate)


@check
def ulid_generated_arrays_copy_and_plain_uuids():
    conn.execute("CREATE TEMP TABLE ulids (n serial, u ulid, ua ulid[])")
    for binary in (False, True):
        cursor = conn.cursor(binary=binary)
        u, text, unix_ms, us = cursor.execute(
            "SELECT u, u::text, (extract(epoch FROM ulid_extract_timestamp(u)) * 1000)::bigint, ARRAY[u, NULL]"
            " FROM ulid_generate() AS u").fetchone()
        assert type(u) is Ulid and u == text and u.milliseconds == unix_ms and us == [u, None], (binary, u, us)
        # A plain uuid.UUID fills a ulid column (uuid -> ulid on assignment): the same 128 bits.
        plain = uuid.uuid4()
        row = cursor.execute("INSERT INTO ulids (u, ua) VALUES (%s, %s) RETURNING u, ua",
                             (plain, [Ulid.from_uuid(plain), None])).fetchone()
        assert row == (Ulid.from_uuid(plain), [Ulid.from_uuid(plain), None]) and type(row[0]) is Ulid, row
        found = cursor.execute("SELECT count(*) FROM ulids WHERE u = %s AND %s = ANY (ua)",
                               (Ulid.from_uuid(plain), Ulid.from_uuid(plain))).fetchone()[0]
        assert found == 1, found
    conn.execute("INSERT INTO ulids (u, ua) SELECT ulid_generate(), ARRAY[ulid_generate()] FROM generate_series(1, 20)")
    for fmt in ("TEXT", "BINARY"):
        with conn.cursor().copy(f"COPY (SELECT u, ua FROM ulids ORDER BY n) TO STDOUT (FORMAT {fmt})") as copy:
            copy.set_types(["ulid", "ulid[]"])
            rows = list(copy.rows())
        assert len(rows) == 22 and all(type(u) is Ulid and type(ua[0]) is Ulid for u, ua in rows), rows[0]
        conn.execute("CREATE TEMP TABLE ulids_pasted (n serial, u ulid, ua ulid[])")
        with conn.cursor().copy(f"COPY ulids_pasted (u, ua) FROM STDIN (FORMAT {fmt})") as copy:
            copy.set_types(["ulid", "ulid[]"])
            for u, ua in rows:  # a plain str goes too, and in binary a plain uuid.UUID (in text psycopg writes a
                # UUID with its own dumper, whatever the type set: 32 hex digits, which no ulid's text is)
                copy.write_row((u.uuid if fmt == "BINARY" else str(u), [str(ua[0])] + ua[1:]))
        pasted = conn.execute("SELECT u, ua FROM ulids_pasted ORDER BY n").fetchall()
        assert pasted == [tuple(row) for row in rows], (fmt, pasted[:2], rows[:2])
        conn.execute("DROP TABLE ulids_pasted")


@check
def plain_int_and_uuid_parameters_fill_the_columns():
    # psycopg sends an int as smallint, integer, bigint or numeric and a UUID as uuid: assignment casts apply.
    d, s, i = distributedid(INSTANT, 1), siq(INSTANT, 1, 2, 3), iuid(INSTANT, 1, 2, 3)
    for placeholder in ("%t", "%b"):
        for plain_d, plain_s in ((int(d), int(s)), (5, 7), (70000, 70000), (5 * 10**9, 5 * 10**9)):
            row = conn.execute(f"INSERT INTO ids (d, s, i) VALUES ({placeholder}, {placeholder}, {placeholder})"
                               " RETURNING d, s, i", (plain_d, plain_s, uuid.UUID(int=i.int))).fetchone()
            assert row == (plain_d, plain_s, i) and type(row[0]) is DistributedId, (placeholder, row)
        n = conn.execute(f"UPDATE ids SET s = {placeholder} WHERE d = '5' RETURNING n", (42,)).rowcount
        assert n == 1 + (placeholder == "%b"), n


@check
def wrapped_values_compare_with_the_columns_operators():
    d, s, i = distributedid(INSTANT, 99), siq(INSTANT, 9, 9, 9), iuid(INSTANT, 9, 9, 9)
    conn.execute("INSERT INTO ids (d, s, i) VALUES (%s, %s, %s)", (d, s, i))
    for placeholder in ("%t", "%b"):
        query = f"SELECT count(*) FROM ids WHERE d = {placeholder} AND s = {placeholder} AND i = {placeholder}"
        assert conn.execute(query, (d, s, i)).fetchone()[0] == 1, placeholder
        query = f"SELECT count(*) FROM ids WHERE d >= {placeholder} AND s <= {placeholder}"
        assert conn.execute(query, (DistributedId(0), Siq(2**112 - 1))).fetchone()[0] >= 1, placeholder


@check
def edge_values_round_trip():
    for binary in (False, True):
        for value in (DistributedId(0), DistributedId(10**28 - 1), Siq(0), Siq(2**112 - 1)):
            back = conn.cursor(binary=binary).execute("SELECT %s", (value,)).fetchone()[0]
            assert back == value and type(back) is type(value), (binary, value, back)
        assert conn.execute("SELECT %s::text", (Siq(2**112 - 1),)).fetchone()[0] == "f" * 28


@check
def json_as_the_server_writes_it():
    """json.dumps with JSONEncoder writes what the server's to_json writes, byte for byte, and json.loads reads back
    each value's text form: generated values and the edges."""
    import json
    row = conn.execute("""SELECT d, s, i, to_json(d)::text, to_json(s)::text, to_json(i)::text,
            json_build_object('d', d, 's', s, 'i', i, 'list', json_build_array(d, s, i))::text
        FROM (VALUES (distributedid_generate(), siq_generate('message'), iuid_generate(42, 7)),
            ('0'::distributedid, '0'::siq, '00000000-0000-8000-8000-000000000000'::iuid),
            ('9999999999999999999999999999', 'ffffffffffffffffffffffffffff', 'ffffffff-ffff-8fff-bfff-ffffffffffff'))
            AS v(d, s, i)""").fetchall()
    for d, s, i, d_json, s_json, i_json, object_json in row:
        assert isinstance(d, DistributedId) and isinstance(s, Siq) and isinstance(i, Iuid)
        for value, server in ((d, d_json), (s, s_json), (i, i_json)):
            mine = json.dumps(value, cls=JSONEncoder)
            assert mine == server, (mine, server)
            assert json.loads(mine) == str(value), mine
        mine = json.dumps({"d": d, "s": s, "i": i, "list": (d, s, i)}, cls=JSONEncoder)
        assert json.loads(mine) == json.loads(object_json), (mine, object_json)
    assert json.dumps([DistributedId(5), 7], cls=JSONEncoder) == '["5", 7]'  # a plain int (a Snowflake) stays a number
    assert json_value({"k": [Siq(255)]}) == {"k": ["00000000000000000000000000ff"]}


@check
def bad_values_are_refused_with_their_sqlstates():
    assert DistributedId(Decimal("12")) == 12 and DistributedId(" 12 ") == 12 and Siq("ff") == 255
    for bad in (lambda: DistributedId(10**28), lambda: DistributedId(-1), lambda: Siq(2**112), lambda: Siq(-1),
                lambda: Iuid(str(uuid.uuid4())), lambda: DistributedId("1_000"), lambda: Siq("0x1f"),
                lambda: Siq("f" * 29), lambda: DistributedId(1.5), lambda: DistributedId(Decimal("12.9")),
                lambda: Siq(2.7)):
        try:
            value = bad()
            raise AssertionError(f"accepted as {value!r}")
        except (ValueError, TypeError):
            pass
    refused = ((f"INSERT INTO ids (d) VALUES (%s)", 10**28, errors.NumericValueOutOfRange),  # 22003
               (f"INSERT INTO ids (s) VALUES (%s)", -1, errors.NumericValueOutOfRange),
               (f"INSERT INTO ids (i) VALUES (%s)", uuid.uuid4(), errors.InvalidTextRepresentation))  # 22P02
    for query, value, error in refused:
        try:
            conn.execute(query, (value,))
            raise AssertionError(f"{value} accepted")
        except error:
            pass


@check
def arrays():
    for binary in (False, True):
        cursor = conn.cursor(binary=binary)
        ds, ss, iss = cursor.execute("SELECT ARRAY[distributedid_generate(), NULL], ARRAY[siq_generate('tag')],"
                                     " ARRAY[iuid_generate(3, 4), iuid_generate(3, 4)]").fetchone()
        assert [type(v) for v in ds] == [DistributedId, type(None)], ds
        assert type(ss[0]) is Siq and [type(v) for v in iss] == [Iuid, Iuid] and iss[0] < iss[1], (ss, iss)
    values = ([distributedid(INSTANT, 1), DistributedId(0)], [Siq(1), siq(INSTANT, 1, 1, 1)],
              [iuid(INSTANT, 1, 1, 1), iuid(INSTANT, 2, 2, 2)])
    for inserted, placeholder in enumerate(("%t", "%b"), start=1):
        row = conn.execute(f"INSERT INTO ids (da, sa, ia) VALUES ({placeholder}, {placeholder}, {placeholder})"
                           " RETURNING da, sa, ia", values).fetchone()
        assert row == values, (placeholder, row)
        found = conn.execute(f"SELECT count(*) FROM ids WHERE da = {placeholder}", (values[0],)).fetchone()[0]
        assert found == inserted, found
    # Plain ints and UUIDs: int8[]/numeric[] and uuid[] convert element by element on assignment.
    plain = ([5, 10**27], [7], [uuid.UUID(int=values[2][0].int)])
    row = conn.execute("INSERT INTO ids (da, sa, ia) VALUES (%s, %s, %s) RETURNING da, sa, ia", plain).fetchone()
    assert row == plain, row


@check
def copy_text_and_binary():
    conn.execute("CREATE TEMP TABLE copied (d distributedid, s siq, i iuid, da distributedid[])")
    conn.execute("INSERT INTO copied SELECT distributedid_generate(), siq_generate('event'), iuid_generate(5, 6),"
                 " ARRAY[distributedid_generate(), NULL] FROM generate_series(1, 99)")
    conn.execute("INSERT INTO copied VALUES (NULL, NULL, NULL, ARRAY[NULL]::distributedid[])")
    types = ["distributedid", "siq", "iuid", "distributedid[]"]
    for fmt in ("TEXT", "BINARY"):
        with conn.cursor() as cursor:
            with cursor.copy(f"COPY copied TO STDOUT (FORMAT {fmt})") as copy:
                copy.set_types(types)
                rows = list(copy.rows())
        typed = [r for r in rows if r[0] is not None]
        assert len(typed) == 99 and all(type(r[0]) is DistributedId and type(r[1]) is Siq and type(r[2]) is Iuid
                                        and type(r[3][0]) is DistributedId and r[3][1] is None for r in typed), rows[0]
        assert [r for r in rows if r[0] is None] == [(None, None, None, [None])], rows
        conn.execute("CREATE TEMP TABLE pasted (LIKE copied)")
        with conn.cursor() as cursor:
            with cursor.copy(f"COPY pasted FROM STDIN (FORMAT {fmt})") as copy:
                copy.set_types(types)
                for d, s, i, da in rows:  # plain values too: the dumpers go by the column types here
                    copy.write_row((d if d is None else int(d), s, i if i is None else uuid.UUID(int=i.int), da))
        differing = conn.execute("SELECT count(*) FROM ((TABLE copied EXCEPT TABLE pasted)"
                                 " UNION ALL (TABLE pasted EXCEPT TABLE copied)) AS d").fetchone()[0]
        assert differing == 0 and conn.execute("SELECT count(*) FROM pasted").fetchone()[0] == 100, fmt
        conn.execute("DROP TABLE pasted")


# Issue 39: the edge values of distributedid and siq, as numeric reads them.
EDGE_VALUES = [0, 1, 7, 9999, 10000, 10001, 10**8, 2**63 - 1, 2**64, 10**24, 10**28 - 1] + [
    int(row["distributedid"]) for row in vectors("distributedid")]
SIQ_EDGE_VALUES = EDGE_VALUES + [10**28, 2**96 - 1, 2**112 - 1]


@check
def generic_numeric_reader_binary_copy():
    # No adapter: a reader that declares the columns as numeric, the type they are numbers of, reads the true
    # values from a binary COPY (0.1.0's raw bytes read as numeric gave distributedid 7 as Decimal('70000')).
    with psycopg.connect(autocommit=True) as plain:
        plain.execute("CREATE TEMP TABLE generic (n integer, d distributedid, s siq)")
        with plain.cursor().copy("COPY generic FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["int4", "numeric", "numeric"])  # and written as numeric, the server reads them
            for n, value in enumerate(SIQ_EDGE_VALUES):
                copy.write_row((n, Decimal(value) if value < 10**28 else None, Decimal(value)))
            copy.write_row((len(SIQ_EDGE_VALUES), Decimal("7.00"), 7))  # any numeric form of an integer
        stored = plain.execute("SELECT n, d::text, s::numeric::text FROM generic ORDER BY n").fetchall()
        expected = [(n, str(v) if v < 10**28 else None, str(v)) for n, v in enumerate(SIQ_EDGE_VALUES)]
        assert stored == expected + [(len(SIQ_EDGE_VALUES), "7", "7")], stored
        with plain.cursor().copy("COPY generic TO STDOUT (FORMAT BINARY)") as copy:
            copy.set_types(["int4", "numeric", "numeric"])
            rows = list(copy.rows())
        read = [(n, d, s) for n, d, s in rows]
        assert read[:-1] == [(n, Decimal(v) if v < 10**28 else None, Decimal(v))
                             for n, v in enumerate(SIQ_EDGE_VALUES)], read
        assert all(d is None or d == d.to_integral_value() for _, d, _ in read), read
        # What is not an id is refused with the numeric casts' SQLSTATE, never stored as something else.
        for value, column in ((Decimal(-1), "d"), (Decimal("1.5"), "d"), (Decimal("NaN"), "d"),
                              (Decimal("Infinity"), "s"), (Decimal(10**28), "d"), (Decimal(2**112), "s")):
            try:
                with plain.cursor().copy(f"COPY generic ({column}) FROM STDIN (FORMAT BINARY)") as copy:
                    copy.set_types(["numeric"])
                    copy.write_row((value,))
                raise AssertionError(f"{value} accepted as a {column}")
            except errors.NumericValueOutOfRange:
                pass


def numeric_form(ndigits, weight, sign, dscale, *digits):
    """numeric's binary form, field by field (ndigits as given, so it may disagree with the digits)."""
    return struct.pack(f">HhHH{len(digits)}H", ndigits, weight, sign, dscale, *digits)


def loaded_in_binary(type_name, form):
    """form as the registered binary loader of type_name loads it from a result row: the bytes come back from the
    server as a bytea, which this cursor loads with that loader."""
    cursor = conn.cursor(binary=True)
    oid = TypeInfo.fetch(conn, type_name).oid
    cursor.adapters.register_loader("bytea", conn.adapters.get_loader(oid, Format.BINARY))
    return cursor.execute("SELECT %b::bytea", (form,)).fetchone()[0]


def refusal_in_binary(type_name, form):
    try:
        value = loaded_in_binary(type_name, form)
    except ValueError as error:
        return str(error)
    raise AssertionError(f"{form.hex()} loaded as the {type_name} {value!r}")


@check
def binary_loaders_take_every_form_of_an_integer():
    # Any valid numeric form of an integer, as the server's receive takes it.
    forms = {numeric_form(1, 0, 0, 2, 7): 7,  # 7.00
             numeric_form(2, 0, 0, 4, 7, 0): 7,  # 7.0000, its zero fractional digit sent
             numeric_form(2, 1, 0, 0, 0, 7): 7,  # a leading zero digit
             numeric_form(3, 2, 0, 0, 1, 0, 0): 10**8,  # trailing zero digits sent
             numeric_form(1, 2, 0, 0, 1): 10**8,  # trailing zero digits left out
             numeric_form(0, 0, 0x4000, 0): 0,  # a negative zero
             numeric_form(1, 0, 0x4000, 0, 0): 0,  # a negative zero with a digit
             numeric_form(1, 30000, 0, 0, 0): 0,  # zero far to the left
             numeric_form(1, -3, 0, 12, 0): 0,  # zero far to the right
             numeric_form(7, 6, 0, 0, *[9999] * 7): 10**28 - 1}
    for form, value in forms.items():
        loaded = loaded_in_binary("distributedid", form)
        assert loaded == value and type(loaded) is DistributedId, (form.hex(), loaded)
    # The server's own numeric_send forms, 7.00 and 70000 among them.
    for numeric, value in (("7.00", 7), ("70000", 70000), ("100000000", 10**8), (str(10**28 - 1), 10**28 - 1)):
        form = conn.execute("SELECT numeric_send(%s::numeric)", (numeric,)).fetchone()[0]
        assert loaded_in_binary("distributedid", form) == value, (numeric, form.hex())
    for value in (10**28, 2**112 - 1):  # a siq goes past a distributedid's range
        form = conn.execute("SELECT numeric_send(%s::numeric)", (str(value),)).fetchone()[0]
        loaded = loaded_in_binary("siq", form)
        assert loaded == value and type(loaded) is Siq, (value, loaded)


@check
def binary_loaders_refuse_what_the_server_refuses():
    # Issue 47: what distributedid's and siq's receive refuse is a ValueError naming the type and why, never
    # another number (a digit of 10000 or more was read as if it carried into the next one; 10**28 was a
    # distributedid).
    refused = [(numeric_form(1, 0, 0, 0, 10000), "above 9999"),  # the digit 10000, read as 1 0000 before
               (numeric_form(2, 1, 0, 0, 1, 65535), "digit 2 is 65535, above 9999"),
               (numeric_form(1, 7, 0, 0, 1), "above the range of a distributedid"),  # 10**28
               (numeric_form(8, 7, 0, 0, 1, *[0] * 7), "above the range"),  # 10**28, every digit sent
               (numeric_form(7, 6, 0, 0, 9999, 9999, 9999, 9999, 9999, 9999, 10000), "above 9999"),  # 10**28 carried
               (numeric_form(1, 30000, 0, 0, 1), "above the range"),  # 10**120000
               (numeric_form(2, 9, 0, 0, 9999, 9999), "above the range"),  # past 2**128
               (numeric_form(2, 0, 0, 1, 7, 5000), "fraction"),  # 7.5
               (numeric_form(1, -1, 0, 4, 1), "fraction"),  # 0.0001
               (numeric_form(1, 0, 0x4000, 0, 7), "negative"),  # -7
               (numeric_form(0, 0, 0xC000, 0), "NaN"),
               (numeric_form(0, 0, 0xD000, 0), "infinity"),
               (numeric_form(0, 0, 0xF000, 0), "infinity"),
               (numeric_form(0, 0, 0x1234, 0), "sign field is 0x1234"),
               (numeric_form(1, 0, 0, 0x4000, 7), "display scale"),
               (numeric_form(2, 0, 0, 0, 7), "announces 2 digits"),
               (b"\x00\x01\x00", "shorter than its 8-byte header")]
    for form, reason in refused:
        message = refusal_in_binary("distributedid", form)
        assert "distributedid" in message and reason in message, (form.hex(), message)
    # The server's own numeric_send forms of numbers that are no distributedid.
    for numeric, reason in (("1.5", "fraction"), ("-1", "negative"), ("NaN", "NaN"), ("Infinity", "infinity"),
                            ("-Infinity", "infinity"), (str(10**28), "above the range"),
                            ("1e34", "above the range")):
        form = conn.execute("SELECT numeric_send(%s::numeric)", (numeric,)).fetchone()[0]
        message = refusal_in_binary("distributedid", form)
        assert reason in message, (numeric, message)
    for form in (conn.execute("SELECT numeric_send(%s::numeric)", (str(2**112),)).fetchone()[0],
                 numeric_form(1, 0, 0, 0, 10000), numeric_form(1, 0, 0x4000, 0, 1)):
        assert "siq" in refusal_in_binary("siq", form), form.hex()
    # 0.1.0's raw forms: 12 bytes hold numbers up to 2**96 - 1, above a distributedid's range; an iuid is 16 bytes.
    raw = identities_psycopg._DistributedIdRawLoader(0, conn)
    for form in ((10**28).to_bytes(12, "big"), (2**96 - 1).to_bytes(12, "big"), bytes(11)):
        try:
            raise AssertionError(f"{form.hex()} loaded as {raw.load(form)!r}")
        except ValueError:
            pass
    assert raw.load((10**28 - 1).to_bytes(12, "big")) == 10**28 - 1
    for form in (bytes(15), bytes(17)):
        assert "16 bytes" in refusal_in_binary("iuid", form), form.hex()


@check
def registered_on_a_database_still_on_0_1_0():
    # The adapter reads 0.1.0's raw binary form (12 and 14 bytes) where the extension has not been updated yet.
    conn.execute("CREATE DATABASE identities_0_1_0")
    try:
        with psycopg.connect(dbname="identities_0_1_0", autocommit=True) as old:
            old.execute("CREATE EXTENSION identities VERSION '0.1.0'")
            register(old)
            values = (DistributedId(10**28 - 1), Siq(2**112 - 1))
            cursor = old.cursor(binary=True)
            row = cursor.execute("SELECT %b::distributedid, %b::siq, distributedid_send(%b), siq_send(%b)",
                                 values * 2).fetchone()
            assert row[:2] == values and type(row[0]) is DistributedId, row
            assert len(row[2]) == 12 and len(row[3]) == 14, row  # the raw forms
    finally:
        conn.execute("DROP DATABASE identities_0_1_0")


@check
def registered_per_cursor_and_per_database():
    with psycopg.connect(autocommit=True) as other:
        cursor = other.cursor()
        register(cursor)
        assert type(cursor.execute("SELECT distributedid_generate()").fetchone()[0]) is DistributedId
        # Unregistered, psycopg shows the types as their text: why register() exists.
        assert type(other.execute("SELECT distributedid_generate()").fetchone()[0]) is str
    async def registered_async():
        async with await psycopg.AsyncConnection.connect() as aconn:
            try:
                register(aconn)
                raise AssertionError("register() took an AsyncConnection")
            except TypeError:
                pass
            await register_async(aconn)
            cursor = await aconn.execute("SELECT siq_generate('tag'), ARRAY[iuid_generate(1, 1)]")
            return await cursor.fetchone()
    s, iuids = asyncio.run(registered_async())
    assert type(s) is Siq and type(iuids[0]) is Iuid, (s, iuids)
    # The extension in a schema off the search path: found there all the same.
    conn.execute("CREATE DATABASE identities_elsewhere")
    try:
        with psycopg.connect(dbname="identities_elsewhere", autocommit=True) as elsewhere:
            elsewhere.execute("CREATE SCHEMA ids")
            elsewhere.execute("CREATE EXTENSION identities SCHEMA ids")
            register(elsewhere)
            value = elsewhere.execute("SELECT ids.distributedid_generate()").fetchone()[0]
            assert type(value) is DistributedId, value
            assert elsewhere.execute("SELECT ids.distributedid_extract_timestamp(%s)", (value,)).fetchone()[0]
    finally:
        conn.execute("DROP DATABASE identities_elsewhere")
    with psycopg.connect(dbname="postgres") as elsewhere:
        try:
            register(elsewhere)
            raise AssertionError("registered where the extension is not installed")
        except LookupError:
            pass


conn.close()
sys.exit(1 if failures else 0)
