"""Django model fields for the identities extension: DistributedIdField, IuidField and SiqField.

    from identities_psycopg.django import DistributedIdField, DistributedIdGenerate

    class Ride(models.Model):
        id = DistributedIdField(primary_key=True, db_default=DistributedIdGenerate())

The fields hold identities_psycopg's values (DistributedId, Iuid, Siq): a value that is not one fails validation
(full_clean(): ValidationError) and is refused before any query is sent (save(), filter(): TypeError or
ValueError). DistributedIdGenerate(), IuidGenerate(country, service_entity) and SiqGenerate(qualifier) are the
extension's generators, for db_default. The lookup `within` takes a (start, end) pair of datetimes (None for an open
end): `Ride.objects.filter(id__within=(start, end))` is the extension's time window, a range on the primary key.
With "identities_psycopg.django" in INSTALLED_APPS, every PostgreSQL connection gets identities_psycopg's adapter
(arrays, ArrayField and raw SQL read as these values) and inspectdb maps the three types to these fields.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple, Type

from django.core.exceptions import ValidationError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import DateTimeField, Field, Func, Lookup, Value
from django.db.models.sql.compiler import SQLCompiler
from django.utils.translation import gettext_lazy

from .. import DistributedId, Iuid, Siq, _as_value

__all__ = ["DistributedIdField", "IuidField", "SiqField", "DistributedIdGenerate", "IuidGenerate", "SiqGenerate"]


class _IdentitiesField(Field):  # type: ignore[type-arg]
    """A column of one of the extension's types, holding the adapter's value class."""

    type_name: str
    value_type: Type[Any]
    empty_strings_allowed = False
    default_error_messages = {"invalid": gettext_lazy("“%(value)s” is not a valid %(type)s: %(reason)s")}

    def db_type(self, connection: BaseDatabaseWrapper) -> str:
        return self.type_name

    def from_db_value(self, value: Any, expression: Any, connection: BaseDatabaseWrapper) -> Any:
        # The adapter's value where the app registered it on the connection; the type's text form otherwise.
        return value if value is None or isinstance(value, self.value_type) else _as_value(self.value_type, value)

    def to_python(self, value: Any) -> Any:
        if value is None:
            return None
        try:
            return _as_value(self.value_type, value)
        except (TypeError, ValueError) as error:
            raise ValidationError(self.error_messages["invalid"], code="invalid",
                                  params={"value": value, "type": self.type_name, "reason": error}) from None

    def validate(self, value: Any, model_instance: Any) -> None:
        super().validate(value, model_instance)
        self.to_python(value)  # ArrayField validates its items here, never through their to_python

    def get_prep_value(self, value: Any) -> Any:
        value = super().get_prep_value(value)
        if value is None:
            return None
        try:
            return _as_value(self.value_type, value)
        except (TypeError, ValueError) as error:
            raise type(error)(f"Field '{self.name}' expected a {self.type_name} but got {value!r}: {error}") from error


class DistributedIdField(_IdentitiesField):
    """distributedid, as a DistributedId (an int)."""

    description = "A distributedid (identities extension)"
    type_name = "distributedid"
    value_type = DistributedId


class IuidField(_IdentitiesField):
    """iuid, as an Iuid (a uuid.UUID of version 8); a plain uuid.UUID or its text is taken too, and checked."""

    description = "An iuid (identities extension)"
    type_name = "iuid"
    value_type = Iuid


class SiqField(_IdentitiesField):
    """siq, as a Siq (an int; its text form, which a str is read as, is hex)."""

    description = "A siq (identities extension)"
    type_name = "siq"
    value_type = Siq


class DistributedIdGenerate(Func):
    """distributedid_generate(), for db_default."""

    function = "distributedid_generate"
    arity = 0
    output_field = DistributedIdField()


class IuidGenerate(Func):
    """iuid_generate(country, service_entity), for db_default."""

    function = "iuid_generate"
    arity = 2
    output_field = IuidField()

    def __init__(self, country: int, service_entity: int) -> None:
        super().__init__(Value(country), Value(service_entity))


class SiqGenerate(Func):
    """siq_generate(qualifier), for db_default (the server must preload the extension's library)."""

    function = "siq_generate"
    arity = 1
    output_field = SiqField()

    def __init__(self, qualifier: str) -> None:
        super().__init__(Value(qualifier))  # a bare str would be read as a column's name


@_IdentitiesField.register_lookup
class Within(Lookup):
    """field__within=(start, end): <type>_within(field, tstzrange(start, end)), the ids made in [start, end), which
    the planner turns into a range on the column (its index, its partitions)."""

    lookup_name = "within"
    prepare_rhs = False  # a pair of datetimes, not ids

    def as_sql(self, compiler: SQLCompiler, connection: BaseDatabaseWrapper) -> Tuple[str, Tuple[Any, ...]]:
        lhs_sql, lhs_params = self.process_lhs(compiler, connection)
        start, end = self.rhs
        window: list[Optional[Any]] = [DateTimeField().get_db_prep_value(at, connection) for at in (start, end)]
        return f"{self.lhs.output_field.type_name}_within({lhs_sql}, tstzrange(%s, %s))", (*lhs_params, *window)
