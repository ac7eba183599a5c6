#!/usr/bin/env python3
"""identities_psycopg.sqlalchemy with SQLAlchemy 2.0 and Alembic against a real server (test_orm.sh sqlalchemy runs it
in a venv where the wheel is installed). The README's example project (models.py, migrations/env.py, the first
revision, rides.py) is written into a scratch directory, migrated with Alembic into a scratch database, and run;
then each kind of value goes through the ORM and Core, with the SQL sent and its EXPLAIN checked."""

import contextlib
import datetime
import io
import os
import re
import sys
import tempfile
import uuid
import warnings
from decimal import Decimal

from alembic import command
from alembic.config import Config
from psycopg.pq import TransactionStatus
from sqlalchemy import (INTEGER, Column, MetaData, Table, any_, bindparam, create_engine, event, func, insert, inspect,
                        null, select, text)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import CompileError, IntegrityError, SAWarning, StatementError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.orm import Session

from checks import check, exit_status, fresh_database, run, write_readme_files
from identities_psycopg import DistributedId, Iuid, Siq
from identities_psycopg.sqlalchemy import DISTRIBUTEDID, IUID, SIQ, register_engine

warnings.simplefilter("error", SAWarning)  # a type SQLAlchemy cannot cache or reflect is a failure
DATABASE = "identities_sqlalchemy"
UTC = datetime.timezone.utc
project = tempfile.mkdtemp(prefix="identities-sqlalchemy-")
fresh_database(DATABASE)
os.environ["PGDATABASE"] = DATABASE  # alembic.ini's URL, postgresql+psycopg://, as the README's, takes libpq's
sys.path.insert(0, project)  # the README's models.py, as its programs import it
URL = f"postgresql+psycopg:///{DATABASE}"


def alembic(command_name, *arguments, **options):
    """An alembic command (alembic.command.NAME, what the command line runs), in this process: a python start
    less for each."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):  # some of its messages go there rather than to config.stdout
        config = Config(os.path.join(project, "alembic.ini"), stdout=output)
        getattr(command, command_name)(config, *arguments, **options)
    return output.getvalue()


@contextlib.contextmanager
def statements_sent(engine):
    """The (statement, parameters) pairs the engine hands psycopg meanwhile."""
    sent = []

    def capture(connection, cursor, statement, parameters, context, executemany):
        sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", capture)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", capture)


def plan(engine, statement, parameters):
    """EXPLAIN of a statement as SQLAlchemy sent it, sequential scans off: an index the comparison can use shows."""
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(f"EXPLAIN (COSTS OFF) {statement}", parameters)
        return "\n".join(row[0] for row in cursor.fetchall())
    finally:
        connection.rollback()
        connection.close()


def assert_uses_index(engine, sent, index):
    (statement, parameters), = [s for s in sent if s[0].lstrip().startswith("SELECT")]
    shown = plan(engine, statement, parameters)
    assert re.search(rf"Index (Only )?Scan (using|on) {index}\b", shown), f"{statement} {parameters}:\n{shown}"
    return statement


@check
def alembic_autogenerate_renders_the_types_and_defaults():
    alembic("init", os.path.join(project, "migrations"))
    ini = os.path.join(project, "alembic.ini")
    with open(ini) as file:
        settings = re.sub(r"(?m)^sqlalchemy\.url = .*$", "sqlalchemy.url = postgresql+psycopg://", file.read())
    with open(ini, "w") as file:
        file.write(settings)
    write_readme_files(project, ["models.py", "rides.py", "migrations/env.py",
                                 "migrations/versions/0001_identities.py"])
    alembic("upgrade", "head")  # the extension, so that autogenerate compares with a database that has its types
    alembic("revision", autogenerate=True, message="rides", rev_id="0002")
    with open(os.path.join(project, "migrations", "versions", "0002_rides.py")) as file:
        migration = file.read()
    for expected in ("from identities_psycopg.sqlalchemy import DISTRIBUTEDID",
                     "from identities_psycopg.sqlalchemy import IUID", "from identities_psycopg.sqlalchemy import SIQ",
                     "sa.Column('id', DISTRIBUTEDID(), server_default=sa.text('distributedid_generate()'),"
                     " nullable=False)",
                     "sa.Column('trip', IUID(), server_default=sa.text('iuid_generate(1, 2)'), nullable=False)",
                     "sa.Column('ref', SIQ(), server_default=sa.text(\"siq_generate('event'::text)\"), nullable=True)",
                     "sa.Column('stops', postgresql.ARRAY(DISTRIBUTEDID()), nullable=True)",
                     "op.drop_table('rides')"):
        assert expected in migration, f"{expected} not in:\n{migration}"


@check
def alembic_upgrade_then_nothing_left_to_change():
    alembic("upgrade", "head")
    # autogenerate again, against the table it made: the reflected types and DEFAULTs compare equal.
    output = alembic("check")  # AutogenerateDiffsDetected otherwise
    assert "No new upgrade operations detected" in output, output


engine = create_engine(URL)
register_engine(engine)
plain_engine = create_engine(URL)  # no adapter on its connections: psycopg hands the types over as text
from models import Ride  # noqa: E402  (the README's, written above)

trips = Table("trips", MetaData(), Column("id", IUID, primary_key=True, server_default=func.iuid_generate(3, 4)),
              Column("ids", ARRAY(IUID)))
tags = Table("tags", MetaData(), Column("id", SIQ, primary_key=True, server_default=func.siq_generate("tag")),
             Column("ids", ARRAY(SIQ)))
for table in (trips, tags):
    table.create(engine)


@check
def reflection_gives_the_types():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Did not recognize type" is a warning
        rides = Table("rides", MetaData(), autoload_with=engine)
        reflected_trips = Table("trips", MetaData(), autoload_with=engine)
    types = {name: type(column.type) for name, column in rides.columns.items()}
    assert types == {"id": DISTRIBUTEDID, "trip": IUID, "ref": SIQ, "stops": ARRAY, "fare": INTEGER}, types
    assert type(rides.c.stops.type.item_type) is DISTRIBUTEDID and type(reflected_trips.c.ids.type.item_type) is IUID
    assert rides.c.id.server_default.arg.text == "distributedid_generate()", rides.c.id.server_default.arg
    assert {c["name"]: c["type"].__class__ for c in inspect(engine).get_columns("tags")} == {"id": SIQ, "ids": ARRAY}


@check
def readme_program_runs():
    output = run(["rides.py"], project, DATABASE)
    printed = r"ride \d+: trip [0-9a-f-]{36}, ref [0-9a-f]{28}, 1 ride\(s\) in the last day\n"
    assert re.fullmatch(printed, output), output


@check
def default_generated_ids_read_back_as_native_values():
    for each_engine in (engine, plain_engine):
        with Session(each_engine) as session, statements_sent(each_engine) as sent:
            ride = Ride(fare=1)
            session.add(ride)
            session.flush()  # one INSERT ... RETURNING, no SELECT after it
            assert len(sent) == 1 and sent[0][0].startswith("INSERT"), sent
            assert "RETURNING rides.id, rides.trip, rides.ref" in sent[0][0], sent[0][0]
            assert (type(ride.id), type(ride.trip), type(ride.ref)) == (DistributedId, Iuid, Siq), vars(ride)
            assert ride.trip.version == 8 and 0 < ride.id < 10**28, vars(ride)
            row = session.execute(select(Ride.id, Ride.trip, Ride.ref).where(Ride.id == ride.id)).one()
            assert row == (ride.id, ride.trip, ride.ref) and type(row.ref) is Siq, row
            session.commit()
        with each_engine.begin() as connection:
            trip, tag = (connection.execute(insert(t).returning(t.c.id)).scalar_one() for t in (trips, tags))
            assert type(trip) is Iuid and type(tag) is Siq, (trip, tag)


@check
def typed_parameters_use_the_primary_key():
    with Session(engine) as session:
        ride = Ride(fare=2)
        session.add(ride)
        session.commit()
        key = ride.id
    # The column's type on every parameter, whatever Python value it was made from: ::distributedid, an index scan.
    for value in (key, int(key), Decimal(key), str(key)):
        with Session(engine) as session, statements_sent(engine) as sent:
            found = session.scalars(select(Ride).where(Ride.id == value)).one()
            assert found.id == key and found.fare == 2, (value, vars(found))
        statement = assert_uses_index(engine, sent, "rides_pkey")
        assert "WHERE rides.id = %(id_1)s::distributedid" in statement, statement
    with Session(plain_engine) as session, statements_sent(plain_engine) as sent:
        assert session.get(Ride, int(key)).fare == 2
        assert session.scalars(select(Ride.fare).where(Ride.id.in_([int(key), 1, 2]))).all() == [2]
    assert "WHERE rides.id = %(pk_1)s::distributedid" in assert_uses_index(plain_engine, sent[:1], "rides_pkey")
    assert "rides.id IN (%(id_1_1)s::distributedid, %(id_1_2)s::distributedid" in assert_uses_index(
        plain_engine, sent[1:], "rides_pkey")
    with engine.begin() as connection:
        trip, tag = (connection.execute(insert(t).returning(t.c.id)).scalar_one() for t in (trips, tags))
    for table, value, index in ((trips, uuid.UUID(int=trip.int), "trips_pkey"), (trips, str(trip), "trips_pkey"),
                                (tags, int(tag), "tags_pkey"), (tags, str(tag), "tags_pkey")):
        with engine.connect() as connection, statements_sent(engine) as sent:
            assert connection.scalar(select(func.count()).where(table.c.id == value)) == 1, (table, value)
        assert_uses_index(engine, sent, index)


@check
def siq_compares_by_value_not_as_hex():
    # An int is a number for a siq column, a str its hex text form: both find the row; 255 never means 0x255.
    with engine.begin() as connection:
        connection.execute(insert(tags).values(id=255))
        for value in (255, Siq(255), "ff", "FF", Decimal(255)):
            assert connection.scalar(select(tags.c.id).where(tags.c.id == value)) == Siq(255), value
        assert connection.scalar(select(func.count()).where(tags.c.id == 0x255)) == 0
        connection.execute(tags.delete().where(tags.c.id == 255))


@check
def literal_binds_render_typed_literals():
    literal = {"literal_binds": True}
    sql = str(select(tags.c.id).where(tags.c.id.in_([Siq(255), 4096])).compile(engine, compile_kwargs=literal))
    assert f"IN ('{Siq(255)}'::siq, '{Siq(4096)}'::siq)" in sql and str(Siq(255)) == "0" * 26 + "ff", sql
    with engine.connect() as connection:
        assert connection.scalar(text(sql)) is None  # runs: no tag 255 or 4096
    for where in (Ride.id == 10**28, trips.c.id == uuid.UUID(int=0)):
        try:
            select(func.count()).where(where).compile(engine, compile_kwargs=literal)
            raise AssertionError(f"{where} rendered as a literal")
        except CompileError as error:
            assert "Could not render literal value" in str(error), error


@check
def arrays_of_the_types():
    stops = [DistributedId(10**27), None, DistributedId(0)]
    with Session(engine) as session:
        ride = Ride(stops=[10**27, None, 0])  # plain ints, converted by the item type
        session.add(ride)
        session.commit()
        assert ride.stops == stops and [type(s) for s in ride.stops] == [DistributedId, type(None), DistributedId]
        found = session.scalars(select(Ride.id).where(Ride.stops == stops)).all()
        assert ride.id in found, found
        assert session.scalars(select(Ride.id).where(Ride.stops.contains([DistributedId(0)]))).all(), "contains"
    trip_ids = [Iuid("01a20942-04f9-8001-8086-1378e8435031"), None]
    tag_ids = [Siq(2**112 - 1), Siq(0), None]
    with engine.begin() as connection:
        connection.execute(insert(trips).values(ids=[uuid.UUID(int=trip_ids[0].int), None]))
        connection.execute(insert(tags).values(ids=[2**112 - 1, "0", None]))
        assert trip_ids in connection.scalars(select(trips.c.ids)).all()
        read = connection.scalars(select(tags.c.ids).where(tags.c.ids == tag_ids)).one()
        assert read == tag_ids and type(read[0]) is Siq, read
        # Any of a list, as one array parameter: = ANY (%(ids)s::distributedid[])
        any_id = any_(bindparam("ids", [int(ride.id), 1], type_=ARRAY(DISTRIBUTEDID)))
        with statements_sent(engine) as sent:
            assert connection.scalars(select(Ride.id).where(Ride.id == any_id)).all() == [ride.id]
        assert "rides.id = ANY (%(ids)s::distributedid[])" in assert_uses_index(engine, sent, "rides_pkey"), sent
    # Without the adapter psycopg hands an array over as its text: refused, never read as ids.
    with plain_engine.connect() as connection:
        try:
            connection.scalars(select(Ride.stops).where(Ride.id == ride.id)).one()
            raise AssertionError("an array read without the adapter")
        except ValueError:
            pass


@check
def nulls():
    with Session(engine) as session:
        ride = Ride(ref=null(), stops=None)  # null(): NULL, where None would leave it to the DEFAULT
        made = Ride()
        session.add_all([ride, made])
        session.commit()
        assert ride.ref is None and ride.stops is None and type(ride.trip) is Iuid, vars(ride)
        assert session.scalars(select(Ride.id).where(Ride.ref.is_(None), Ride.id == ride.id)).one() == ride.id
        made.ref, made.trip = None, None  # UPDATE ... SET ref=%(ref)s::siq with None: NULL
        try:
            session.commit()
            raise AssertionError("a NULL trip accepted")  # NOT NULL: the server's refusal, as the mapping says
        except IntegrityError:
            session.rollback()
        made.ref = None
        session.commit()
        assert session.scalars(select(Ride.ref).where(Ride.id == made.id)).one() is None


@check
def bad_values_are_refused_before_anything_is_written():
    with engine.connect() as connection:
        rows_before = connection.scalar(select(func.count()).select_from(Ride))
    bad_rides = (dict(id=10**28), dict(id=-1), dict(id=1.5), dict(id=Decimal("1.5")), dict(id="1e3"),
                 dict(ref=2**112), dict(ref="0x1f"), dict(ref=1.0), dict(trip=uuid.uuid4()), dict(trip="not a uuid"),
                 dict(trip=12), dict(stops=[1, -1]))
    for bad in bad_rides:
        with Session(engine) as session, statements_sent(engine) as sent:
            session.add(Ride(**bad))
            try:
                session.flush()
                raise AssertionError(f"{bad} accepted")
            except StatementError as error:
                assert isinstance(error.orig, (ValueError, TypeError)), (bad, error)
                assert re.search(r"distributedid|siq|iuid|UUID", str(error.orig)), (bad, error.orig)
            assert not [s for s, _ in sent if "INSERT" in s], (bad, sent)
    for where in (Ride.id == -5, Ride.trip == uuid.UUID(int=0), Ride.ref < "g", Ride.id.in_([1, 2.5])):
        with Session(engine) as session, statements_sent(engine) as sent:
            try:
                session.scalars(select(Ride).where(where)).all()
                raise AssertionError(f"{where} sent")
            except StatementError:
                pass
            assert sent == [], sent
    with engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Ride)) == rows_before


@check
def time_window_uses_the_primary_key():
    # The README's "created in the last day", and a closed window on ids made at known instants.
    at = datetime.datetime(2020, 1, 1, 10, 30, tzinfo=UTC)
    with engine.begin() as connection:
        for minutes in (-31, -30, 0, 29, 30):  # 10:00 and 10:59 are in [10:00, 11:00), 9:59 and 11:00 are not
            made = at + datetime.timedelta(minutes=minutes)
            connection.execute(insert(Ride).values(id=func.distributedid_generate_at(made), fare=minutes))
            connection.execute(insert(trips).values(id=func.iuid_generate_at(made, 3, 4)))
            connection.execute(insert(tags).values(id=func.siq_generate_at(made, minutes + 100, "tag")))
    window = (datetime.datetime(2020, 1, 1, 10, tzinfo=UTC), datetime.datetime(2020, 1, 1, 11, tzinfo=UTC))
    for column, index in ((Ride.id, "rides_pkey"), (trips.c.id, "trips_pkey"), (tags.c.id, "tags_pkey")):
        with engine.connect() as connection, statements_sent(engine) as sent:
            assert connection.scalar(select(func.count()).where(column.within(*window))) == 3, column
        statement = assert_uses_index(engine, sent, index)
        assert re.search(r"(distributedid|iuid|siq)_within\((rides|trips|tags)\.id, tstzrange\(", statement), statement
    with Session(engine) as session:
        fares = session.scalars(select(Ride.fare).where(Ride.id.within(*window)).order_by(Ride.id)).all()
        assert fares == [-30, 0, 29], fares
        # Every other ride was made by the DEFAULT during this run.
        made_by_default = session.scalar(select(func.count()).select_from(Ride)) - 5
        last_day = select(func.count()).where(Ride.id.within(func.now() - datetime.timedelta(days=1), func.now()))
        assert session.scalar(last_day) == made_by_default > 0, (session.scalar(last_day), made_by_default)
        assert session.scalar(select(func.count()).where(Ride.id.within(window[1], None))) == made_by_default + 1
        assert session.scalar(select(func.count()).where(Ride.id.within(None, window[0]))) == 1


@check
def registered_connections_are_handed_out_idle():
    # register()'s look-ups are rolled back: the first transaction is the application's own (its now(), snapshot).
    fresh = create_engine(URL)
    register_engine(fresh)
    with fresh.connect() as connection:
        status = connection.connection.dbapi_connection.info.transaction_status
        assert status == TransactionStatus.IDLE, status
        assert type(connection.scalar(text("SELECT ARRAY[distributedid_generate()]"))[0]) is DistributedId
    fresh.dispose()


@check
def async_engine_reads_the_same():
    import asyncio

    async def read():
        async_engine = create_async_engine(URL)
        register_engine(async_engine)
        async with async_engine.connect() as connection:
            row = (await connection.execute(select(Ride.id, Ride.stops).where(Ride.stops.is_not(None)))).first()
            raw = (await connection.exec_driver_sql("SELECT iuid_generate(1, 1), ARRAY[siq_generate('tag')]")).one()
        await async_engine.dispose()
        return row, raw

    (ride_id, stops), (trip, tags_read) = asyncio.run(read())
    assert type(ride_id) is DistributedId and type(stops[0]) is DistributedId, (ride_id, stops)
    assert type(trip) is Iuid and type(tags_read[0]) is Siq, (trip, tags_read)


@check
def alembic_downgrade_to_base():
    for table in (trips, tags):
        table.drop(engine)
    engine.dispose()
    plain_engine.dispose()
    alembic("downgrade", "base")
    with create_engine(URL).connect() as connection:
        left = connection.scalar(text("SELECT count(*) FROM pg_class WHERE relname = 'rides'"))
        extension = connection.scalar(text("SELECT count(*) FROM pg_extension WHERE extname = 'identities'"))
    assert (left, extension) == (0, 0), (left, extension)
    alembic("upgrade", "head")  # and up again, from nothing
    alembic("check")


sys.exit(exit_status())
