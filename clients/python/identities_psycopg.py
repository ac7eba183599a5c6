"""psycopg 3 adapters for the identities extension's types.

    import psycopg, identities_psycopg
    with psycopg.connect() as conn:
        identities_psycopg.register(conn)
        conn.execute("SELECT distributedid_generate()").fetchone()[0]   # DistributedId, an int

After `register(conn)` (or on a cursor, for that cursor only) every value of these types arrives as a native
value, in text and binary results, in arrays and in COPY:

    distributedid -> DistributedId, an int (0 ... 10**28 - 1)
    siq           -> Siq, an int (0 ... 2**112 - 1)
    iuid          -> Iuid, a uuid.UUID (version 8, variant RFC 4122)

and those classes are sent as their own types, so `WHERE id = %s` compares with the column's operator. A plain
int or UUID fills a column of these types on INSERT and UPDATE too (the extension's assignment casts).
The types may live in any schema on the search path; register() looks them up once with TypeInfo.fetch.
"""

from __future__ import annotations

import uuid
from typing import Any, Optional

from psycopg import BaseConnection
from psycopg.abc import AdaptContext, Buffer
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

__all__ = ["DistributedId", "Siq", "Iuid", "register"]

DISTRIBUTEDID_MAX = 10**28 - 1
DISTRIBUTEDID_SIZE = 12  # binary form: 12 big-endian bytes
SIQ_MAX = 2**112 - 1
SIQ_SIZE = 14  # binary form: 14 big-endian bytes


class DistributedId(int):
    """A distributedid (Architect.Identities' DistributedId): an integer from 0 to 10**28 - 1."""

    def __new__(cls, value: Any = 0) -> "DistributedId":
        number = int.__new__(cls, value)
        if not 0 <= number <= DISTRIBUTEDID_MAX:
            raise ValueError(f"{number} is out of range for a distributedid (0 ... 10**28 - 1)")
        return number

    __str__ = int.__repr__  # the digits (an int subclass's str() would otherwise be the repr below)

    def __repr__(self) -> str:
        return f"DistributedId({int(self)})"


class Siq(int):
    """A siq (SUOU's SIQ): an integer from 0 to 2**112 - 1, shown as 28 hex digits."""

    def __new__(cls, value: Any = 0) -> "Siq":
        # A str is SIQ's own text form (hex), as the database shows and accepts it.
        number = int.__new__(cls, value, 16) if isinstance(value, str) else int.__new__(cls, value)
        if not 0 <= number <= SIQ_MAX:
            raise ValueError(f"{number} is out of range for a siq (0 ... 2**112 - 1)")
        return number

    def __str__(self) -> str:
        return format(self, "028x")

    def __repr__(self) -> str:
        return f"Siq(0x{self:028x})"


class Iuid(uuid.UUID):
    """An iuid (inDrive's iUID): a uuid.UUID of version 8 and the RFC 4122 variant."""

    __slots__ = ()

    def __init__(self, hex: Optional[str] = None, bytes: Optional[bytes] = None, *,
                 int: Optional[int] = None) -> None:  # noqa: A002 (uuid.UUID's own parameter names)
        super().__init__(hex, bytes, int=int)
        if self.version != 8 or self.variant != uuid.RFC_4122:
            raise ValueError(f"{self} is not an iuid (a UUID of version 8 and variant 10)")

    @classmethod
    def from_uuid(cls, value: uuid.UUID) -> "Iuid":
        return cls(int=value.int)

    def __repr__(self) -> str:
        return f"Iuid('{self}')"


def _new_distributedid(number: int) -> DistributedId:
    return int.__new__(DistributedId, number)  # the server checked the range


def _new_siq(number: int) -> Siq:
    return int.__new__(Siq, number)


def _new_iuid(number: int) -> Iuid:
    value = object.__new__(Iuid)
    object.__setattr__(value, "int", number)  # uuid.UUID is immutable; this is how it sets itself
    object.__setattr__(value, "is_safe", uuid.SafeUUID.unknown)
    return value


class _DistributedIdTextLoader(Loader):
    def load(self, data: Buffer) -> DistributedId:
        return _new_distributedid(int(bytes(data)))


class _DistributedIdBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> DistributedId:
        return _new_distributedid(int.from_bytes(data, "big"))


class _SiqTextLoader(Loader):
    def load(self, data: Buffer) -> Siq:
        return _new_siq(int(bytes(data), 16))


class _SiqBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> Siq:
        return _new_siq(int.from_bytes(data, "big"))


class _IuidTextLoader(Loader):
    def load(self, data: Buffer) -> Iuid:
        return _new_iuid(int(bytes(data).replace(b"-", b""), 16))


class _IuidBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> Iuid:
        return _new_iuid(int.from_bytes(data, "big"))


# The dumpers take any int or UUID (COPY ... set_types() passes plain values); the range checks are the server's.
class _DistributedIdTextDumper(Dumper):
    def dump(self, obj: int) -> bytes:
        return str(int(obj)).encode()


class _DistributedIdBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: int) -> bytes:
        return _big_endian(obj, DISTRIBUTEDID_SIZE, "distributedid")


class _SiqTextDumper(Dumper):
    def dump(self, obj: int) -> bytes:
        return format(int(obj), "x").encode()  # siq's text form is hex, never decimal


class _SiqBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: int) -> bytes:
        return _big_endian(obj, SIQ_SIZE, "siq")


class _IuidTextDumper(Dumper):
    def dump(self, obj: uuid.UUID) -> bytes:
        return str(obj).encode()


class _IuidBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: uuid.UUID) -> bytes:
        return obj.bytes


def _big_endian(obj: int, size: int, type_name: str) -> bytes:
    try:
        return int(obj).to_bytes(size, "big")
    except OverflowError:
        raise ValueError(f"{obj} is out of range for a {type_name}") from None


_ADAPTERS = {
    "distributedid": (DistributedId, _DistributedIdTextLoader, _DistributedIdBinaryLoader,
                      _DistributedIdTextDumper, _DistributedIdBinaryDumper),
    "siq": (Siq, _SiqTextLoader, _SiqBinaryLoader, _SiqTextDumper, _SiqBinaryDumper),
    "iuid": (Iuid, _IuidTextLoader, _IuidBinaryLoader, _IuidTextDumper, _IuidBinaryDumper),
}


def register(context: AdaptContext) -> None:
    """Registers the loaders and dumpers of distributedid, siq and iuid (and their arrays) on a connection, or on
    a cursor for that cursor only. The types are looked up in the connection's database (their oids differ from
    one database to the next); raises LookupError if the extension is not installed there."""
    connection = context if isinstance(context, BaseConnection) else context.connection
    for name, (python_type, text_loader, binary_loader, text_dumper, binary_dumper) in _ADAPTERS.items():
        info = TypeInfo.fetch(connection, name)
        if info is None:
            raise LookupError(f'type "{name}" not found: is the identities extension installed in this database?')
        info.register(context)  # also the loaders and dumpers of distributedid[], siq[] and iuid[]
        adapters = context.adapters
        adapters.register_loader(info.oid, text_loader)
        adapters.register_loader(info.oid, binary_loader)
        # The oid is per database, so each registration gets its own dumper classes.
        for dumper in (text_dumper, binary_dumper):
            adapters.register_dumper(python_type, type(dumper.__name__, (dumper,), {"oid": info.oid}))
