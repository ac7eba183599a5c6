#!/usr/bin/env python3
"""identities_psycopg.django with Django 5.2 against a real server (test_orm.sh django runs it in a venv where the wheel
is installed). The README's example project (settings.py, the rides app and its first migration, ride.py) is written
into a scratch directory, migrated with makemigrations and migrate into a scratch database, and run; then each kind
of value goes through the ORM, with the SQL sent and its EXPLAIN checked."""

import datetime
import os
import re
import sys
import tempfile
import uuid
from decimal import Decimal

from checks import check, exit_status, fresh_database, run, write_readme_files
from identities_psycopg import DistributedId, Iuid, Siq

DATABASE = "identities_django"
UTC = datetime.timezone.utc
project = tempfile.mkdtemp(prefix="identities-django-")
fresh_database(DATABASE)
write_readme_files(project, ["settings.py", "rides/models.py", "rides/migrations/0001_identities.py", "ride.py"])
for package in ("rides", "rides/migrations"):
    open(os.path.join(project, package, "__init__.py"), "w").close()
with open(os.path.join(project, "settings.py"), "a") as settings:
    settings.write('SECRET_KEY = "identities tests"\n')  # what a real project has besides the README's lines


def django_admin(*arguments):
    return run(["-m", "django", *arguments, "--settings", "settings"], project, DATABASE)


@check
def makemigrations_writes_the_fields_and_defaults():
    django_admin("makemigrations", "rides")
    with open(os.path.join(project, "rides", "migrations", "0002_initial.py")) as file:
        migration = file.read()
    for expected in ("import identities_psycopg.django",
                     "('rides', '0001_identities')",
                     "('id', identities_psycopg.django.DistributedIdField(db_default="
                     "identities_psycopg.django.DistributedIdGenerate(), primary_key=True, serialize=False))",
                     "('trip', identities_psycopg.django.IuidField("
                     "db_default=identities_psycopg.django.IuidGenerate(1, 2), db_index=True))",
                     "('ref', identities_psycopg.django.SiqField("
                     "db_default=identities_psycopg.django.SiqGenerate('event'), null=True, unique=True))",
                     "('stops', django.contrib.postgres.fields.ArrayField("
                     "base_field=identities_psycopg.django.DistributedIdField(null=True), null=True, size=None))"):
        assert expected in migration, f"{expected} not in:\n{migration}"
    sql = django_admin("sqlmigrate", "rides", "0002")
    for expected in ('"id" distributedid DEFAULT (distributedid_generate()) NOT NULL PRIMARY KEY',
                     '"trip" iuid DEFAULT (iuid_generate(1, 2)) NOT NULL', '"stops" distributedid[] NULL',
                     '"ref" siq DEFAULT (siq_generate(\'event\')) NULL UNIQUE'):
        assert expected in sql, f"{expected} not in:\n{sql}"


@check
def migrate_creates_the_table_with_its_defaults():
    django_admin("migrate")
    output = django_admin("makemigrations", "--check", "--dry-run")  # the fields deconstruct as they were written
    assert "No changes detected" in output, output
    import psycopg
    with psycopg.connect(dbname=DATABASE) as connection:
        columns = connection.execute("SELECT column_name, udt_name, column_default FROM information_schema.columns"
                                     " WHERE table_name = 'rides_ride' ORDER BY ordinal_position").fetchall()
        key = connection.execute("SELECT pg_get_constraintdef(oid) FROM pg_constraint"
                                 " WHERE conrelid = 'rides_ride'::regclass AND contype = 'p'").fetchone()
    assert columns == [("id", "distributedid", "distributedid_generate()"),
                       ("trip", "iuid", "iuid_generate(1, 2)"), ("ref", "siq", "siq_generate('event'::text)"),
                       ("stops", "_distributedid", None), ("fare", "int4", None)], columns
    assert key == ("PRIMARY KEY (id)",), key


os.environ.update(PGDATABASE=DATABASE, DJANGO_SETTINGS_MODULE="settings")
sys.path.insert(0, project)
import django  # noqa: E402

django.setup()
from django.core.exceptions import ValidationError  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Func, Value  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402
from rides.models import Ride  # noqa: E402

from identities_psycopg.django import DistributedIdField, IuidField, SiqField  # noqa: E402


def explained(queryset):
    """EXPLAIN with sequential scans off: an index the comparison can use shows."""
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
    try:
        return queryset.explain()
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET enable_seqscan")


def assert_uses_index(queryset, index):
    shown = explained(queryset)
    assert re.search(rf"Index (Only )?Scan (using|on) {index}", shown), f"{queryset.query}:\n{shown}"


@check
def readme_program_runs():
    output = run(["ride.py"], project, DATABASE)
    printed = r"ride \d+: trip [0-9a-f-]{36}, ref [0-9a-f]{28}, 1 ride\(s\) in the last day\n"
    assert re.fullmatch(printed, output), output


@check
def default_generated_ids_read_back_as_native_values():
    with CaptureQueriesContext(connection) as queries:
        ride = Ride.objects.create(fare=1)
    assert len(queries) == 1 and 'RETURNING "rides_ride"."id", "rides_ride"."trip", "rides_ride"."ref"' in queries[0][
        "sql"], queries.captured_queries
    assert (type(ride.id), type(ride.trip), type(ride.ref)) == (DistributedId, Iuid, Siq), vars(ride)
    read = Ride.objects.values_list("id", "trip", "ref").get(pk=ride.pk)
    assert read == (ride.id, ride.trip, ride.ref) and type(read[2]) is Siq, read
    # bulk_create: one INSERT; Django 5.2 sets what RETURNING gave on the objects, but not a primary key of db_default.
    made = Ride.objects.bulk_create([Ride(fare=2), Ride(fare=3)])
    assert all(type(r.trip) is Iuid and type(r.ref) is Siq for r in made), [vars(r) for r in made]
    assert Ride.objects.filter(ref__in=[r.ref for r in made]).count() == 2
    # Without the adapter on a connection (the app skips one made before the extension existed) the text form reads.
    for field, text, value in ((DistributedIdField(), str(ride.id), ride.id), (IuidField(), str(ride.trip), ride.trip),
                               (SiqField(), str(ride.ref), ride.ref)):
        assert field.from_db_value(text, None, connection) == value, (field, text)


@check
def typed_parameters_use_the_primary_key():
    ride = Ride.objects.create(fare=4)
    for value in (ride.id, int(ride.id), str(ride.id), Decimal(ride.id)):
        found = Ride.objects.filter(pk=value)
        with CaptureQueriesContext(connection) as queries:
            assert found.get().fare == 4, value
        assert f"\"rides_ride\".\"id\" = '{ride.id}'::distributedid" in queries[0]["sql"], queries[0]["sql"]
        assert_uses_index(found, "rides_ride_pkey")
    assert_uses_index(Ride.objects.filter(id__in=[ride.id, 1, 2]), "rides_ride_pkey")
    for found in (Ride.objects.filter(trip=uuid.UUID(int=ride.trip.int)), Ride.objects.filter(trip=str(ride.trip))):
        assert found.get().id == ride.id
        assert_uses_index(found, "rides_ride_trip_")
    for found in (Ride.objects.filter(ref=int(ride.ref)), Ride.objects.filter(ref=str(ride.ref))):
        assert found.get().id == ride.id
        assert_uses_index(found, "rides_ride_ref_")


@check
def siq_compares_by_value_not_as_hex():
    ride = Ride.objects.create(ref=255)
    for value in (255, Siq(255), "ff", "FF", Decimal(255)):
        assert Ride.objects.get(ref=value).id == ride.id, value
    assert not Ride.objects.filter(ref=0x255).exists()
    assert Ride.objects.filter(ref__gt=254, ref__lt=256).get().id == ride.id


@check
def arrays_of_the_types():
    stops = [DistributedId(10**27), None, DistributedId(0)]
    ride = Ride.objects.create(stops=[10**27, None, 0])  # plain ints, converted by the base field
    read = Ride.objects.get(pk=ride.pk).stops
    assert read == stops and [type(s) for s in read] == [DistributedId, type(None), DistributedId], read
    assert Ride.objects.filter(stops=stops).get().id == ride.id
    assert Ride.objects.filter(stops__contains=[DistributedId(0)]).filter(pk=ride.pk).exists()
    assert Ride.objects.filter(stops__0=10**27).filter(pk=ride.pk).exists()
    with connection.cursor() as cursor:  # raw SQL reads the arrays natively too: the app's adapter
        cursor.execute("SELECT ARRAY[iuid_generate(1, 1)], ARRAY[siq_generate('tag'), NULL], stops FROM rides_ride"
                       " WHERE id = %s", [ride.id])
        trips, tags, raw_stops = cursor.fetchone()
    assert type(trips[0]) is Iuid and type(tags[0]) is Siq and tags[1] is None and raw_stops == stops, (trips, tags)


@check
def nulls():
    ride = Ride.objects.create(ref=None, stops=None)  # an explicit None is NULL; left out, the DEFAULT
    read = Ride.objects.get(pk=ride.pk)
    assert read.ref is None and read.stops is None and type(read.trip) is Iuid, vars(read)
    assert Ride.objects.filter(ref__isnull=True, pk=ride.pk).exists()


@check
def bad_values_are_refused_before_anything_is_written():
    rows_before = Ride.objects.count()
    bad_rides = (dict(id=10**28), dict(id=-1), dict(id=1.5), dict(id=Decimal("1.5")), dict(id="1e3"),
                 dict(ref=2**112), dict(ref="0x1f"), dict(ref=1.0), dict(trip=uuid.uuid4()), dict(trip="not a uuid"),
                 dict(trip=12), dict(stops=[1, -1]))
    for bad in bad_rides:
        field = next(iter(bad))
        try:
            Ride(**bad).full_clean()
            raise AssertionError(f"{bad} validated")
        except ValidationError as error:
            assert field in error.message_dict, (bad, error.message_dict)
            if field != "stops":  # ArrayField words its own message around the item's
                assert error.error_dict[field][0].code == "invalid", (bad, error.error_dict)
        with CaptureQueriesContext(connection) as queries:
            try:
                Ride.objects.create(**bad)
                raise AssertionError(f"{bad} saved")
            except (ValueError, TypeError) as error:
                assert f"Field '{field}' expected a" in str(error), (bad, error)
        assert len(queries) == 0, (bad, queries.captured_queries)
    for lookup in (dict(id=-5), dict(trip=uuid.UUID(int=0)), dict(ref__lt="g"), dict(id__in=[1, 2.5])):
        with CaptureQueriesContext(connection) as queries:
            try:
                list(Ride.objects.filter(**lookup))
                raise AssertionError(f"{lookup} sent")
            except (ValueError, TypeError):
                pass
        assert len(queries) == 0, (lookup, queries.captured_queries)
    assert Ride.objects.count() == rows_before


@check
def time_window_uses_the_primary_key():
    # The README's "created in the last day", and a closed window on ids made at known instants.
    at = datetime.datetime(2020, 1, 1, 10, 30, tzinfo=UTC)
    for minutes in (-31, -30, 0, 29, 30):  # 10:00 and 10:59 are in [10:00, 11:00), 9:59 and 11:00 are not
        made = Value(at + datetime.timedelta(minutes=minutes))
        Ride.objects.create(id=Func(made, function="distributedid_generate_at"), fare=minutes,
                            trip=Func(made, Value(3), Value(4), function="iuid_generate_at"),
                            ref=Func(made, Value(minutes + 100), Value("event"), function="siq_generate_at"))
    window = (datetime.datetime(2020, 1, 1, 10, tzinfo=UTC), datetime.datetime(2020, 1, 1, 11, tzinfo=UTC))
    for field, index in (("id", "rides_ride_pkey"), ("trip", "rides_ride_trip_"), ("ref", "rides_ride_ref_")):
        in_window = Ride.objects.filter(**{f"{field}__within": window})
        assert sorted(in_window.values_list("fare", flat=True)) == [-30, 0, 29], field
        assert_uses_index(in_window, index)
        assert f"_within(\"rides_ride\".\"{field}\", tstzrange(" in str(in_window.query), in_window.query
    made_by_default = Ride.objects.count() - 5  # every other ride was made by the DEFAULT during this run
    now = timezone.now()
    last_day = Ride.objects.filter(id__within=(now - datetime.timedelta(days=1), now)).count()
    assert last_day == made_by_default > 0, (last_day, made_by_default)
    assert Ride.objects.filter(id__within=(window[1], None)).count() == made_by_default + 1
    assert Ride.objects.filter(id__within=(None, window[0])).count() == 1


@check
def inspectdb_maps_the_types():
    output = django_admin("inspectdb", "rides_ride")
    for expected in ("id = identities_psycopg.django.DistributedIdField(primary_key=True)",
                     "trip = identities_psycopg.django.IuidField()",
                     "ref = identities_psycopg.django.SiqField(unique=True, blank=True, null=True)"):
        assert expected in output, f"{expected} not in:\n{output}"


@check
def migrate_back_to_zero():
    connection.close()
    django_admin("migrate", "rides", "zero")
    import psycopg
    with psycopg.connect(dbname=DATABASE) as admin:
        left = admin.execute("SELECT count(*) FROM pg_class WHERE relname = 'rides_ride'").fetchone()[0]
        extension = admin.execute("SELECT count(*) FROM pg_extension WHERE extname = 'identities'").fetchone()[0]
    assert (left, extension) == (0, 0), (left, extension)


sys.exit(exit_status())
