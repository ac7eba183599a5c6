"""The Django app "identities_psycopg.django": identities_psycopg's adapter and inspectdb's mapping on every
PostgreSQL connection."""

from __future__ import annotations

from typing import Any

import psycopg
from django.apps import AppConfig
from django.db import connections
from django.db.backends.base.base import NO_DB_ALIAS, BaseDatabaseWrapper
from django.db.backends.signals import connection_created

from .. import register

# inspectdb writes these dotted paths as they are ("identities_psycopg.django.DistributedIdField(...)").
_INSPECTDB_FIELDS = {"distributedid": "DistributedIdField", "iuid": "IuidField", "siq": "SiqField"}


class IdentitiesConfig(AppConfig):
    name = "identities_psycopg.django"
    label = "identities_psycopg"
    verbose_name = "identities"

    def ready(self) -> None:
        for connection in connections.all(initialized_only=True):  # made before the app registry was ready
            if connection.connection is not None:
                register_connection(connection=connection)
        connection_created.connect(register_connection)


def register_connection(sender: Any = None, *, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """connection_created's receiver: the types' oids differ from one database to the next, so each connection
    looks them up."""
    if (connection.vendor != "postgresql" or connection.alias == NO_DB_ALIAS
            or not isinstance(connection.connection, psycopg.Connection)):
        return
    try:
        register(connection.connection)
    except LookupError:
        return  # the extension is not installed yet (the migration that creates it): the fields read the text form
    types = connection.connection.adapters.types
    connection.introspection.data_types_reverse = {
        **connection.introspection.data_types_reverse,
        **{types[name].oid: f"identities_psycopg.django.{field}" for name, field in _INSPECTDB_FIELDS.items()},
    }
