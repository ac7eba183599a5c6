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
    ulid          -> Ulid, a str (the 26 characters of Crockford's base32, upper case)

and those classes are sent as their own types, so `WHERE id = %s` compares with the column's operator. A plain
int or UUID fills a column of these types on INSERT and UPDATE too (the extension's assignment casts).
json.dumps(value, cls=identities_psycopg.JSONEncoder) writes them as the server's to_json does: JSON strings of their
text forms (json_value(value) gives that form for any other serializer).
In binary, distributedid and siq travel in numeric's binary form (extension 0.2.0 on; register() reads the
12 and 14 raw bytes of a database still on 0.1.0), iuid and ulid as uuid's 16 bytes (a ulid's are its 128 bits,
big-endian: a uuid.UUID of the same bytes fills a ulid column).
The types may live in any schema (on the search path or not); register() looks them up once with TypeInfo.fetch.

identities_psycopg.sqlalchemy has SQLAlchemy's column types and identities_psycopg.django Django's model fields, on
these same values (the extras [sqlalchemy] and [django]).
"""

from __future__ import annotations

import datetime
import json
import operator
import re
import struct
import uuid
from decimal import Decimal
from typing import Any, Optional, Tuple, Type, TypeVar, Union, cast

from psycopg import AsyncConnection, BaseConnection, Connection, sql
from psycopg.abc import AdaptContext, Buffer
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

__all__ = ["DistributedId", "Siq", "Iuid", "Ulid", "JSONEncoder", "json_value", "register", "register_async"]

DISTRIBUTEDID_MAX = 10**28 - 1
DISTRIBUTEDID_SIZE = 12  # binary form in extension 0.1.0: 12 big-endian bytes (numeric's binary form since 0.2.0)
SIQ_MAX = 2**112 - 1
SIQ_SIZE = 14  # binary form in extension 0.1.0: 14 big-endian bytes (numeric's binary form since 0.2.0)


_DECIMAL_TEXT = re.compile(r"[0-9]+")
_HEX_TEXT = re.compile(r"[0-9a-fA-F]{1,28}")


def _integer(value: Any, type_name: str, text_form: "re.Pattern[str]", base: int) -> int:
    """An int, an integral Decimal, or the type's text form; never a float or a fraction, which int() would
    truncate."""
    if isinstance(value, str):
        text = value.strip()
        if not text_form.fullmatch(text):
            raise ValueError(f"{value!r} is not the text form of a {type_name}")
        return int(text, base)
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)  # what psycopg loads a numeric as, when it holds an integer
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"a {type_name} is made of an int or its text form, not {type(value).__name__}") from None


class DistributedId(int):
    """A distributedid (Architect.Identities' DistributedId): an integer from 0 to 10**28 - 1."""

    def __new__(cls, value: Any = 0) -> "DistributedId":
        number = int.__new__(cls, _integer(value, "distributedid", _DECIMAL_TEXT, 10))
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
        number = int.__new__(cls, _integer(value, "siq", _HEX_TEXT, 16))
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


# Crockford's base32 as ULID writes it (no I, L, O, U); reading takes either case and I and L as 1, O as 0.
ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ULID_VALUES = {character: value for value, character in enumerate(ULID_ALPHABET)}
_ULID_VALUES.update({character.lower(): value for character, value in _ULID_VALUES.items()})
_ULID_VALUES.update({"I": 1, "i": 1, "L": 1, "l": 1, "O": 0, "o": 0})
ULID_LENGTH = 26


# Ulid's properties int, bytes, uuid and datetime hide those names in its class body, annotations included.
_Int = int
_Bytes = bytes
_UUID = uuid.UUID
_DateTime = datetime.datetime


class Ulid(str):
    """A ulid (github.com/ulid/spec): 48-bit Unix milliseconds then 80 random bits, as its canonical text, the 26
    upper-case characters of Crockford's base32 (so ulids sort as text in the order of their bits and times).

    Ulid(text) reads the text as the server does: either case, I and L as 1, O as 0; anything else (another length,
    U, a character outside the alphabet) is a ValueError, and so is a first character above 7 (past 2**128 - 1).
    Ulid.from_int, from_bytes (the 16 bytes, big-endian) and from_uuid (the same 128 bits) make one of the bits."""

    __slots__ = ()

    def __new__(cls, text: str) -> "Ulid":
        if not isinstance(text, str):
            raise TypeError(f"a ulid is made of its text (26 characters), not {type(text).__name__}; "
                            "use Ulid.from_uuid, from_bytes or from_int")
        return str.__new__(cls, _ulid_text(_parse_ulid(text)))

    @classmethod
    def from_int(cls, number: int) -> "Ulid":
        if not 0 <= number < 2**128:
            raise ValueError(f"{number} is out of range for a ulid (0 ... 2**128 - 1)")
        return str.__new__(cls, _ulid_text(number))

    @classmethod
    def from_bytes(cls, data: bytes) -> "Ulid":
        if len(data) != 16:
            raise ValueError(f"a ulid is 16 bytes, not {len(data)}")
        return str.__new__(cls, _ulid_text(int.from_bytes(data, "big")))

    @classmethod
    def from_uuid(cls, value: uuid.UUID) -> "Ulid":
        return str.__new__(cls, _ulid_text(value.int))

    @property
    def int(self) -> _Int:
        """The 128 bits as an integer."""
        return _parse_ulid(self)

    @property
    def bytes(self) -> _Bytes:
        """The 16 bytes, big-endian: the spec's binary form, the server's binary form."""
        return self.int.to_bytes(16, "big")

    @property
    def uuid(self) -> _UUID:
        """The uuid of the same 128 bits (what ulid::uuid gives)."""
        return uuid.UUID(int=self.int)

    @property
    def milliseconds(self) -> _Int:
        """The timestamp: the 48-bit Unix milliseconds of the first 10 characters."""
        return self.int >> 80

    @property
    def datetime(self) -> _DateTime:
        """The timestamp as an aware UTC datetime (ulid_extract_timestamp's instant); a ValueError past the year 9999,
        which a datetime cannot hold (the largest ulid's is in 10889)."""
        try:
            return _UNIX_EPOCH + datetime.timedelta(milliseconds=self.milliseconds)
        except OverflowError:
            raise ValueError(f"the timestamp of {self} is past the year 9999, beyond a datetime") from None

    def __repr__(self) -> str:
        return f"Ulid('{self}')"


_UNIX_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def _parse_ulid(text: str) -> int:
    if len(text) != ULID_LENGTH:
        raise ValueError(f"{text!r} is not a ulid: a ulid is {ULID_LENGTH} characters of Crockford's base32")
    number = 0
    for character in text:
        value = _ULID_VALUES.get(character)
        if value is None:
            raise ValueError(f"{text!r} is not a ulid: {character!r} is not a character of Crockford's base32")
        number = number << 5 | value
    if number >> 128:  # 26 characters hold 130 bits; the first may carry the top 3 of the 128 only
        raise ValueError(f"{text!r} is out of range for a ulid: its first character is above 7")
    return number


def _ulid_text(number: int) -> str:
    return "".join(ULID_ALPHABET[number >> shift & 31] for shift in range(125, -1, -5))


def json_value(value: Any) -> Any:
    """value with every DistributedId, Siq, Iuid and Ulid in it (in dicts, lists and tuples) replaced by its text form, as
    the server's to_json writes them: JSON strings that every language reads exactly (a DistributedId past 2**53 is
    not a JavaScript number, and a SIQ's text is hex). Everything else is left as it is."""
    if isinstance(value, (DistributedId, Siq, Iuid, Ulid)):
        return str(value)
    if isinstance(value, dict):
        return {key: json_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(item) for item in value]
    return value


class JSONEncoder(json.JSONEncoder):
    """json.dumps(value, cls=JSONEncoder): our values as JSON strings of their text forms, as the server writes
    them. json's own encoder writes an int subclass as a number before any default() is asked, so the values are
    replaced first (json_value)."""

    def encode(self, o: Any) -> str:
        return super().encode(json_value(o))

    def iterencode(self, o: Any, _one_shot: bool = False) -> Any:
        return super().iterencode(json_value(o), _one_shot)


_Value = TypeVar("_Value", bound=Union[DistributedId, Siq, Iuid])


def _as_value(value_type: Type[_Value], value: Any) -> _Value:
    """value as a DistributedId, Siq or Iuid, as the ORM layers send it: the constructors' rules, and an Iuid also
    from a uuid.UUID; TypeError or ValueError otherwise."""
    if isinstance(value, value_type):
        return value
    if value_type is Iuid:
        if isinstance(value, uuid.UUID):
            return cast(_Value, Iuid.from_uuid(value))  # value_type is Iuid here
        if not isinstance(value, str):
            raise TypeError(f"an iuid is made of a uuid.UUID or its text form, not {type(value).__name__}")
    return value_type(value)


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
        return _new_distributedid(_from_numeric_binary(data, "distributedid", DISTRIBUTEDID_MAX, "0 ... 10**28 - 1"))


class _DistributedIdRawLoader(Loader):  # extension 0.1.0
    format = Format.BINARY

    def load(self, data: Buffer) -> DistributedId:
        return _new_distributedid(_from_raw(data, DISTRIBUTEDID_SIZE, "distributedid", DISTRIBUTEDID_MAX))


class _SiqTextLoader(Loader):
    def load(self, data: Buffer) -> Siq:
        return _new_siq(int(bytes(data), 16))


class _SiqBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> Siq:
        return _new_siq(_from_numeric_binary(data, "siq", SIQ_MAX, "0 ... 2**112 - 1"))


class _SiqRawLoader(Loader):  # extension 0.1.0
    format = Format.BINARY

    def load(self, data: Buffer) -> Siq:
        return _new_siq(_from_raw(data, SIQ_SIZE, "siq", SIQ_MAX))


class _IuidTextLoader(Loader):
    def load(self, data: Buffer) -> Iuid:
        return _new_iuid(int(bytes(data).replace(b"-", b""), 16))


class _UlidTextLoader(Loader):
    def load(self, data: Buffer) -> Ulid:
        return str.__new__(Ulid, bytes(data).decode("ascii"))  # the server's text is canonical


class _UlidBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> Ulid:
        return Ulid.from_bytes(bytes(data))


class _IuidBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data: Buffer) -> Iuid:
        if len(data) != 16:
            raise ValueError(f"an iuid is 16 bytes in binary, not {len(data)}")
        return _new_iuid(int.from_bytes(data, "big"))


# The dumpers take any int or UUID (COPY ... set_types() passes plain values); the range checks are the server's.
class _DistributedIdTextDumper(Dumper):
    def dump(self, obj: int) -> bytes:
        return str(int(obj)).encode()


class _DistributedIdBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: int) -> bytes:
        return _numeric_binary(obj, "distributedid")


class _DistributedIdRawDumper(Dumper):  # extension 0.1.0
    format = Format.BINARY

    def dump(self, obj: int) -> bytes:
        return _big_endian(obj, DISTRIBUTEDID_SIZE, "distributedid")


class _SiqTextDumper(Dumper):
    def dump(self, obj: int) -> bytes:
        return format(int(obj), "x").encode()  # siq's text form is hex, never decimal


class _SiqBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: int) -> bytes:
        return _numeric_binary(obj, "siq")


class _SiqRawDumper(Dumper):  # extension 0.1.0
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


# A Ulid is sent as a ulid; COPY ... set_types(["ulid"]) also passes plain values here: a str, and in a binary COPY a
# uuid.UUID (a text COPY writes a UUID with psycopg's own dumper, whatever the types set).
class _UlidTextDumper(Dumper):
    def dump(self, obj: Union[str, uuid.UUID]) -> bytes:
        return str(_as_ulid(obj)).encode()


class _UlidBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: Union[str, uuid.UUID]) -> bytes:
        return _as_ulid(obj).bytes


def _as_ulid(obj: Union[str, uuid.UUID]) -> Ulid:
    if isinstance(obj, Ulid):
        return obj
    return Ulid.from_uuid(obj) if isinstance(obj, uuid.UUID) else Ulid(obj)


def _big_endian(obj: int, size: int, type_name: str) -> bytes:
    try:
        return int(obj).to_bytes(size, "big")
    except OverflowError:
        raise ValueError(f"{obj} is out of range for a {type_name}") from None


def _from_raw(data: Buffer, size: int, type_name: str, maximum: int) -> int:
    if len(data) != size:
        raise ValueError(f"a {type_name} of extension 0.1.0 is {size} bytes, not {len(data)}")
    number = int.from_bytes(data, "big")
    if number > maximum:  # 12 bytes hold up to 2**96 - 1, above a distributedid's 10**28 - 1
        raise ValueError(f"{number} is out of range for a {type_name}")
    return number


# numeric's binary form (PostgreSQL's numeric_send): int16 ndigits, int16 weight, uint16 sign, uint16 dscale, then
# ndigits base-10000 digits, the first of which multiplies 10000**weight; big-endian.
_NUMERIC_HEADER = struct.Struct(">HhHH")
_NUMERIC_POSITIVE = 0x0000


def _numeric_binary(obj: Any, type_name: str) -> bytes:
    """numeric_send's bytes of a non-negative integer (dscale 0, trailing zero digits left out); the server checks
    the type's range."""
    number = _integer(obj, type_name, _DECIMAL_TEXT, 10)
    if number < 0:
        raise ValueError(f"{obj} is out of range for a {type_name}: it is negative")
    digits = []  # least significant first
    while number:
        number, digit = divmod(number, 10000)
        digits.append(digit)
    weight = len(digits) - 1 if digits else 0
    while digits and digits[0] == 0:
        digits.pop(0)
    digits.reverse()
    return _NUMERIC_HEADER.pack(len(digits), weight, _NUMERIC_POSITIVE, 0) + struct.pack(f">{len(digits)}H", *digits)


_NUMERIC_DIGITS: "dict[int, struct.Struct]" = {}  # ndigits -> its digits' Struct, made once
_NUMERIC_BASE = 10000
_NUMERIC_NEGATIVE = 0x4000
_NUMERIC_NAN = 0xC000
_NUMERIC_INFINITIES = (0xD000, 0xF000)  # +Infinity, -Infinity
_NUMERIC_MAX_DSCALE = 0x3FFF  # numeric's largest display scale (NUMERIC_DSCALE_MASK): numeric_recv refuses more
_NUMERIC_MAX_PLACES = 10  # 10000**10 = 10**40 is above every type's range


def _from_numeric_binary(data: Buffer, type_name: str, maximum: int, range_text: str) -> int:
    """The integer 0 ... maximum in numeric's binary form. Any valid form of an integer is taken, as the server's
    receive takes it: digits not normalised (leading or trailing zero digits), a dscale above 0 with zero fractional
    digits (7.00), a negative zero. Anything else is a ValueError naming the type, never another number: a malformed
    form (a length that does not match ndigits, a digit above 9999, a sign that is none of numeric's, a dscale above
    numeric's), a fraction, a negative number, NaN, an infinity, a value above maximum."""
    def refused(reason: str) -> ValueError:
        return ValueError(f"not a {type_name} in numeric's binary form: {reason} ({bytes(data).hex()})")

    if len(data) < _NUMERIC_HEADER.size:
        raise refused(f"{len(data)} bytes, shorter than its 8-byte header")
    ndigits, weight, sign, dscale = _NUMERIC_HEADER.unpack_from(data)
    if len(data) != _NUMERIC_HEADER.size + 2 * ndigits:
        raise refused(f"its header announces {ndigits} digits ({_NUMERIC_HEADER.size + 2 * ndigits} bytes) but the "
                      f"value is {len(data)} bytes long")
    if sign == _NUMERIC_NAN:
        raise refused("NaN is not an integer")
    if sign in _NUMERIC_INFINITIES:
        raise refused("an infinity is not an integer")
    if sign != _NUMERIC_POSITIVE and sign != _NUMERIC_NEGATIVE:
        raise refused(f"its sign field is {sign:#06x}, none of numeric's")
    if dscale > _NUMERIC_MAX_DSCALE:
        raise refused(f"its display scale is {dscale}, above numeric's {_NUMERIC_MAX_DSCALE}")
    form = _NUMERIC_DIGITS.get(ndigits) or _NUMERIC_DIGITS.setdefault(ndigits, struct.Struct(f">{ndigits}H"))
    digits = form.unpack_from(data, _NUMERIC_HEADER.size)
    if digits and max(digits) >= _NUMERIC_BASE:
        index, digit = next((index, digit) for index, digit in enumerate(digits) if digit >= _NUMERIC_BASE)
        raise refused(f"its digit {index + 1} is {digit}, above 9999 (digits are base 10000)")
    above_range = f"above the range of a {type_name} ({range_text})"
    # The first digit multiplies 10000**weight: the digits at index weight + 1 on stand after the decimal point.
    whole = max(0, min(ndigits, weight + 1))
    if any(digits[whole:]):
        raise refused("a fraction is not an integer")
    number = 0
    for digit in digits[:whole]:
        number = number * _NUMERIC_BASE + digit
        if number > maximum:
            raise refused(above_range)
    if number:
        places = weight + 1 - whole  # the zero digits left out at the end
        if places > _NUMERIC_MAX_PLACES:
            raise refused(above_range)
        number *= _NUMERIC_BASE ** places
        if number > maximum:
            raise refused(above_range)
        if sign == _NUMERIC_NEGATIVE:
            raise refused("a negative number")
    return number


_ADAPTERS = {
    "distributedid": (DistributedId, _DistributedIdTextLoader, _DistributedIdBinaryLoader,
                      _DistributedIdTextDumper, _DistributedIdBinaryDumper),
    "siq": (Siq, _SiqTextLoader, _SiqBinaryLoader, _SiqTextDumper, _SiqBinaryDumper),
    "iuid": (Iuid, _IuidTextLoader, _IuidBinaryLoader, _IuidTextDumper, _IuidBinaryDumper),
    "ulid": (Ulid, _UlidTextLoader, _UlidBinaryLoader, _UlidTextDumper, _UlidBinaryDumper),
}
# Types a database still on 0.1.0 does not have (its update to 0.2.0 creates them): left out there.
_SINCE_0_2_0 = {"ulid"}
# A database whose extension is still 0.1.0 sends and receives the raw big-endian bytes.
_RAW_BINARY = {
    "distributedid": (_DistributedIdRawLoader, _DistributedIdRawDumper),
    "siq": (_SiqRawLoader, _SiqRawDumper),
}


# The schema the extension lives in: its types are found there even when it is not on the search path.
_SCHEMA_QUERY = """SELECT n.nspname, e.extversion FROM pg_catalog.pg_extension e
                     JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities'"""


def register(context: AdaptContext) -> None:
    """Registers the loaders and dumpers of distributedid, siq, iuid and ulid (and their arrays) on a connection, or on
    a cursor for that cursor only. The types are looked up in the connection's database (their oids differ from
    one database to the next); raises LookupError if the extension is not installed there. For an
    AsyncConnection, use `await register_async(...)`."""
    connection = context if isinstance(context, BaseConnection) else context.connection
    if not isinstance(connection, Connection):
        raise TypeError("register() takes a Connection or a Cursor; use await register_async() for async ones")
    schema, version = _schema(connection.execute(_SCHEMA_QUERY).fetchone())
    for name in _names(version):
        _install(context, name, TypeInfo.fetch(connection, sql.Identifier(schema, name)), version)


async def register_async(context: AdaptContext) -> None:
    """register() for an AsyncConnection or an AsyncCursor."""
    connection = context if isinstance(context, BaseConnection) else context.connection
    if not isinstance(connection, AsyncConnection):
        raise TypeError("register_async() takes an AsyncConnection or an AsyncCursor")
    schema, version = _schema(await (await connection.execute(_SCHEMA_QUERY)).fetchone())
    for name in _names(version):
        _install(context, name, await TypeInfo.fetch(connection, sql.Identifier(schema, name)), version)


def _names(version: str) -> "list[str]":
    return [name for name in _ADAPTERS if not (version == "0.1.0" and name in _SINCE_0_2_0)]


def _schema(row: Optional[Tuple[Any, ...]]) -> Tuple[str, str]:
    if row is None:
        raise LookupError("the identities extension is not installed in this database")
    return row[0], row[1]


def _install(context: AdaptContext, name: str, info: Optional[TypeInfo], version: str) -> None:
    if info is None:
        raise LookupError(f'type "{name}" of the identities extension not found')
    python_type, text_loader, binary_loader, text_dumper, binary_dumper = _ADAPTERS[name]
    if version == "0.1.0" and name in _RAW_BINARY:
        binary_loader, binary_dumper = _RAW_BINARY[name]
    info.register(context)  # also the loaders and dumpers of distributedid[], siq[], iuid[] and ulid[]
    adapters = context.adapters
    adapters.register_loader(info.oid, text_loader)  # type: ignore[type-abstract]  # the classes above are concrete
    adapters.register_loader(info.oid, binary_loader)  # type: ignore[type-abstract]
    # The oid is per database, so each registration gets its own dumper classes.
    for dumper in (text_dumper, binary_dumper):
        adapters.register_dumper(python_type, type(dumper.__name__, (dumper,), {"oid": info.oid}))
