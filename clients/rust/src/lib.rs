//! The identities PostgreSQL extension's types as Rust values, for tokio-postgres and sqlx:
//!
//! | PostgreSQL      | Rust              | inside                              | text form                 |
//! |-----------------|-------------------|-------------------------------------|---------------------------|
//! | `distributedid` | [`DistributedId`] | `u128`, 0 ..= 10^28 - 1             | decimal digits            |
//! | `siq`           | [`Siq`]           | `u128`, 0 ..= 2^112 - 1             | 28 lowercase hex digits   |
//! | `iuid`          | [`Iuid`]          | `uuid::Uuid`, version 8, variant 10 | the canonical uuid        |
//! | `ulid`          | [`Ulid`]          | `u128`, any                         | 26 characters, base32     |
//!
//! Cargo features: `tokio-postgres` (postgres-types' `FromSql` and `ToSql`, so also the synchronous `postgres`
//! crate) and `sqlx` (`Type`, `Encode` and `Decode` for `Postgres`, `PgHasArrayType`). Both read and write the
//! binary forms: numeric's for `distributedid` and `siq`, uuid's 16 bytes for `iuid` and `ulid` (sqlx's text
//! results too).
//! A value of these types is valid by construction: the constructors refuse anything the type cannot hold, so a
//! bad id fails in Rust, before anything is sent. The types are known by name (their OIDs differ from one
//! database to the next): tokio-postgres in any schema, sqlx on the search path. The extension must be 0.2.0
//! or later (0.1.0 sent `distributedid` and `siq` in another binary form).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub use uuid::Uuid;

mod numeric_binary;
#[cfg(feature = "sqlx")]
mod sqlx_types;
#[cfg(feature = "tokio-postgres")]
mod tokio_postgres_types;

const DISTRIBUTEDID_RANGE: &str = "0 ... 10^28 - 1";
const SIQ_RANGE: &str = "0 ... 2^112 - 1";

/// Why a value is not an id of the type it was meant for.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A number outside the type's range (`distributedid`: 0 ... 10^28 - 1, `siq`: 0 ... 2^112 - 1).
    OutOfRange { type_name: &'static str, value: u128 },
    /// A text that is not the type's text form (or, for `distributedid` and `siq`, that holds a number out of its
    /// range).
    InvalidText { type_name: &'static str, text: String },
    /// A text in the type's form that holds a number above its range (a `ulid` whose first character is above 7:
    /// more than 128 bits; the server's 22003, where [`Error::InvalidText`] is its 22P02).
    TextOutOfRange { type_name: &'static str, text: String },
    /// A UUID that is not of version 8 and variant 10 (RFC 4122), so not an iUID.
    NotAnIuid { uuid: Uuid },
    /// Bytes received that are not the type's binary form, or a number it cannot hold (a fraction, a negative
    /// number, NaN, above the range).
    InvalidBinary { type_name: &'static str, reason: String },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::OutOfRange { type_name, value } => {
                let range = if *type_name == "siq" { SIQ_RANGE } else { DISTRIBUTEDID_RANGE };
                write!(f, "{value} is out of range for a {type_name} ({range})")
            }
            Error::InvalidText { type_name, text } => match *type_name {
                "distributedid" => write!(f, "{text:?} is not a distributedid: 1 to 28 decimal digits expected"),
                "siq" => write!(f, "{text:?} is not a siq: 1 to 28 hexadecimal digits expected"),
                "ulid" => write!(f, "{text:?} is not a ulid: 26 characters of Crockford's base32 expected"),
                _ => write!(f, "{text:?} is not a uuid"),
            },
            Error::TextOutOfRange { type_name, text } => {
                write!(f, "{text:?} is out of range for a {type_name} (00000000000000000000000000 ... {})", Ulid::MAX)
            }
            Error::NotAnIuid { uuid } => write!(
                f,
                "{uuid} is not an iuid: a UUID of version 8 and variant 10 expected (it has version {} and {})",
                uuid.get_version_num(),
                variant_name(uuid)
            ),
            Error::InvalidBinary { type_name, reason } => {
                write!(f, "invalid binary value for a {type_name}: {reason}")
            }
        }
    }
}

fn variant_name(uuid: &Uuid) -> &'static str {
    match uuid.get_variant() {
        uuid::Variant::NCS => "the NCS variant",
        uuid::Variant::RFC4122 => "variant 10",
        uuid::Variant::Microsoft => "the Microsoft variant",
        _ => "the future variant",
    }
}

impl std::error::Error for Error {}

/// A `distributedid` (Architect.Identities' DistributedId): an integer from 0 to 10^28 - 1, shown in decimal.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DistributedId(u128);

impl DistributedId {
    /// The largest, 10^28 - 1.
    pub const MAX: DistributedId = DistributedId(10u128.pow(28) - 1);

    /// The id of this value, or [`Error::OutOfRange`] above 10^28 - 1.
    pub fn new(value: u128) -> Result<Self, Error> {
        if value <= Self::MAX.0 {
            Ok(DistributedId(value))
        } else {
            Err(Error::OutOfRange { type_name: "distributedid", value })
        }
    }

    /// Its value.
    pub const fn get(self) -> u128 {
        self.0
    }
}

impl From<u64> for DistributedId {
    fn from(value: u64) -> Self {
        DistributedId(value.into())
    }
}

impl TryFrom<u128> for DistributedId {
    type Error = Error;

    fn try_from(value: u128) -> Result<Self, Error> {
        DistributedId::new(value)
    }
}

impl From<DistributedId> for u128 {
    fn from(id: DistributedId) -> u128 {
        id.0
    }
}

impl fmt::Display for DistributedId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for DistributedId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DistributedId({})", self.0)
    }
}

/// The text form: decimal digits only (no sign, no point, no spaces).
impl FromStr for DistributedId {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let invalid = || Error::InvalidText { type_name: "distributedid", text: text.to_owned() };
        parse_digits(text, 10, 28).and_then(|value| DistributedId::new(value).ok()).ok_or_else(invalid)
    }
}

/// A `siq` (SUOU's SIQ): an integer from 0 to 2^112 - 1, shown as 28 lowercase hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Siq(u128);

impl Siq {
    /// The largest, 2^112 - 1.
    pub const MAX: Siq = Siq((1 << 112) - 1);

    /// The id of this value, or [`Error::OutOfRange`] above 2^112 - 1.
    pub fn new(value: u128) -> Result<Self, Error> {
        if value <= Self::MAX.0 {
            Ok(Siq(value))
        } else {
            Err(Error::OutOfRange { type_name: "siq", value })
        }
    }

    /// Its value.
    pub const fn get(self) -> u128 {
        self.0
    }
}

impl From<u64> for Siq {
    fn from(value: u64) -> Self {
        Siq(value.into())
    }
}

impl TryFrom<u128> for Siq {
    type Error = Error;

    fn try_from(value: u128) -> Result<Self, Error> {
        Siq::new(value)
    }
}

impl From<Siq> for u128 {
    fn from(id: Siq) -> u128 {
        id.0
    }
}

/// The 28 lowercase hexadecimal digits, as PostgreSQL shows a siq.
impl fmt::Display for Siq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:028x}", self.0)
    }
}

impl fmt::Debug for Siq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Siq(0x{:028x})", self.0)
    }
}

/// The text form: 1 to 28 hexadecimal digits, either case (a siq's text is never decimal).
impl FromStr for Siq {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let invalid = || Error::InvalidText { type_name: "siq", text: text.to_owned() };
        parse_digits(text, 16, 28).and_then(|value| Siq::new(value).ok()).ok_or_else(invalid)
    }
}

/// 1 to max_length digits of radix, nothing else (u128::from_str_radix would take a leading '+').
fn parse_digits(text: &str, radix: u32, max_length: usize) -> Option<u128> {
    let digits_only = text.chars().all(|c| c.is_digit(radix));
    if text.is_empty() || text.len() > max_length || !digits_only {
        return None;
    }
    u128::from_str_radix(text, radix).ok()
}

/// An `iuid` (inDrive's iUID): a [`Uuid`] of version 8 and variant 10.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Iuid(Uuid);

impl Iuid {
    /// The iUID of this UUID, or [`Error::NotAnIuid`] when it is not of version 8 and variant 10.
    pub fn new(uuid: Uuid) -> Result<Self, Error> {
        if uuid.get_version_num() == 8 && uuid.get_variant() == uuid::Variant::RFC4122 {
            Ok(Iuid(uuid))
        } else {
            Err(Error::NotAnIuid { uuid })
        }
    }

    /// The iUID of these 16 bytes (big-endian, as PostgreSQL sends a uuid).
    pub fn from_bytes(bytes: [u8; 16]) -> Result<Self, Error> {
        Iuid::new(Uuid::from_bytes(bytes))
    }

    /// The UUID, e.g. for a `uuid` column or an API that takes one.
    pub const fn as_uuid(&self) -> &Uuid {
        &self.0
    }

    /// Its 16 bytes, the binary form of a uuid and of an iuid.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        self.0.as_bytes()
    }
}

impl TryFrom<Uuid> for Iuid {
    type Error = Error;

    fn try_from(uuid: Uuid) -> Result<Self, Error> {
        Iuid::new(uuid)
    }
}

impl From<Iuid> for Uuid {
    fn from(id: Iuid) -> Uuid {
        id.0
    }
}

/// The canonical lowercase text, as PostgreSQL shows it.
impl fmt::Display for Iuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.hyphenated(), f)
    }
}

impl fmt::Debug for Iuid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Iuid({})", self.0.hyphenated())
    }
}

/// Any text the uuid crate parses (canonical, braced, simple, urn), then checked as [`Iuid::new`] does.
impl FromStr for Iuid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let uuid =
            Uuid::parse_str(text).map_err(|_| Error::InvalidText { type_name: "iuid", text: text.to_owned() })?;
        Iuid::new(uuid)
    }
}

/// A `ulid` (github.com/ulid/spec): a 48-bit Unix millisecond timestamp and 80 random bits, one `u128` (every
/// value is a ULID). Its binary form is the 16 bytes big-endian, the spec's and a `uuid`'s (the database casts a
/// ulid to the uuid of the same 128 bits and compares the two); its text the 26 characters of Crockford's base32.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ulid(u128);

/// Crockford's base32, as ULIDs write it: no I, L, O or U.
const ULID_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

impl Ulid {
    /// The largest, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ (2^128 - 1).
    pub const MAX: Ulid = Ulid(u128::MAX);

    /// The ULID of these 128 bits.
    pub const fn from_u128(value: u128) -> Self {
        Ulid(value)
    }

    /// Its 128 bits.
    pub const fn get(self) -> u128 {
        self.0
    }

    /// The ULID of these 16 bytes (big-endian, the spec's binary form, as PostgreSQL sends a ulid or a uuid).
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Ulid(u128::from_be_bytes(bytes))
    }

    /// Its 16 bytes, big-endian.
    pub const fn to_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }

    /// The embedded timestamp, its first 48 bits: milliseconds since 1970-01-01 UTC.
    pub const fn unix_millis(self) -> u64 {
        (self.0 >> 80) as u64
    }

    /// The embedded timestamp, as `ulid_extract_timestamp` reads it (the largest ULID's is in the year 10889).
    pub fn timestamp(self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(self.unix_millis())
    }

    /// The uuid of the same 128 bits, e.g. for a `uuid` column or an API that takes one.
    pub const fn to_uuid(self) -> Uuid {
        Uuid::from_u128(self.0)
    }
}

impl From<u128> for Ulid {
    fn from(value: u128) -> Self {
        Ulid(value)
    }
}

impl From<Ulid> for u128 {
    fn from(id: Ulid) -> u128 {
        id.0
    }
}

/// The same 128 bits, as the database's casts between `uuid` and `ulid`.
impl From<Uuid> for Ulid {
    fn from(uuid: Uuid) -> Self {
        Ulid(uuid.as_u128())
    }
}

impl From<Ulid> for Uuid {
    fn from(id: Ulid) -> Uuid {
        id.to_uuid()
    }
}

/// The 26 upper-case characters of Crockford's base32, as PostgreSQL shows a ulid (they sort as the ids).
impl fmt::Display for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; 26];
        for (position, character) in text.iter_mut().enumerate() {
            let shift = 5 * (25 - position);
            *character = ULID_ALPHABET[(self.0 >> shift) as usize & 31];
        }
        f.write_str(std::str::from_utf8(&text).expect("ASCII"))
    }
}

impl fmt::Debug for Ulid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ulid({self})")
    }
}

/// The value of a character of Crockford's base32, as it decodes: either case, I and L as 1, O as 0.
fn ulid_digit(character: u8) -> Option<u128> {
    match character.to_ascii_uppercase() {
        b'I' | b'L' => Some(1),
        b'O' => Some(0),
        upper => ULID_ALPHABET.iter().position(|&c| c == upper).map(|value| value as u128),
    }
}

/// The text as the database reads it: 26 characters of Crockford's base32 in either case, I and L read as 1, O as
/// 0. Another length or character (U among them) is [`Error::InvalidText`]; a first character above 7 (more than
/// 128 bits) [`Error::TextOutOfRange`].
impl FromStr for Ulid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let digits: Option<Vec<u128>> = text.bytes().map(ulid_digit).collect();
        let digits = match digits {
            Some(digits) if digits.len() == 26 => digits,
            _ => return Err(Error::InvalidText { type_name: "ulid", text: text.to_owned() }),
        };
        if digits[0] > 7 {
            return Err(Error::TextOutOfRange { type_name: "ulid", text: text.to_owned() });
        }
        Ok(Ulid(digits.iter().fold(0, |value, digit| value << 5 | digit)))
    }
}

/// The binary form of each type (what the extension's send and receive functions use), for both drivers.
#[cfg_attr(not(any(feature = "sqlx", feature = "tokio-postgres")), allow(dead_code))]
trait BinaryForm: Sized {
    const TYPE_NAME: &'static str;

    fn from_binary(bytes: &[u8]) -> Result<Self, Error>;

    fn write_binary(&self, out: &mut impl Extend<u8>);
}

impl BinaryForm for DistributedId {
    const TYPE_NAME: &'static str = "distributedid";

    fn from_binary(bytes: &[u8]) -> Result<Self, Error> {
        numeric_binary::decode(bytes, Self::MAX.0, Self::TYPE_NAME, DISTRIBUTEDID_RANGE).map(DistributedId)
    }

    fn write_binary(&self, out: &mut impl Extend<u8>) {
        out.extend(numeric_binary::encode(self.0).as_bytes().iter().copied());
    }
}

impl BinaryForm for Siq {
    const TYPE_NAME: &'static str = "siq";

    fn from_binary(bytes: &[u8]) -> Result<Self, Error> {
        numeric_binary::decode(bytes, Self::MAX.0, Self::TYPE_NAME, SIQ_RANGE).map(Siq)
    }

    fn write_binary(&self, out: &mut impl Extend<u8>) {
        out.extend(numeric_binary::encode(self.0).as_bytes().iter().copied());
    }
}

impl BinaryForm for Iuid {
    const TYPE_NAME: &'static str = "iuid";

    fn from_binary(bytes: &[u8]) -> Result<Self, Error> {
        let bytes: [u8; 16] = bytes.try_into().map_err(|_| Error::InvalidBinary {
            type_name: Self::TYPE_NAME,
            reason: format!("{} bytes instead of a uuid's 16", bytes.len()),
        })?;
        Iuid::from_bytes(bytes)
    }

    fn write_binary(&self, out: &mut impl Extend<u8>) {
        out.extend(self.as_bytes().iter().copied());
    }
}

impl BinaryForm for Ulid {
    const TYPE_NAME: &'static str = "ulid";

    fn from_binary(bytes: &[u8]) -> Result<Self, Error> {
        let bytes: [u8; 16] = bytes.try_into().map_err(|_| Error::InvalidBinary {
            type_name: Self::TYPE_NAME,
            reason: format!("{} bytes instead of a uuid's 16", bytes.len()),
        })?;
        Ok(Ulid::from_bytes(bytes))
    }

    fn write_binary(&self, out: &mut impl Extend<u8>) {
        out.extend(self.to_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_refuse_values_out_of_range() {
        assert_eq!(DistributedId::new(10u128.pow(28) - 1), Ok(DistributedId::MAX));
        let refused = DistributedId::new(10u128.pow(28)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "10000000000000000000000000000 is out of range for a distributedid (0 ... 10^28 - 1)"
        );
        assert_eq!(Siq::new((1 << 112) - 1), Ok(Siq::MAX));
        assert!(Siq::new(1 << 112).unwrap_err().to_string().contains("out of range for a siq (0 ... 2^112 - 1)"));
        assert!(DistributedId::try_from(u128::MAX).is_err());
        assert_eq!(DistributedId::from(u64::MAX).get(), u128::from(u64::MAX));
    }

    #[test]
    fn text_forms() {
        assert_eq!("0".parse(), Ok(DistributedId(0)));
        assert_eq!("9999999999999999999999999999".parse(), Ok(DistributedId::MAX));
        for bad in ["", "-1", "+1", "1.5", " 1", "1e3", "10000000000000000000000000000", "0x10", "٣"] {
            assert!(bad.parse::<DistributedId>().is_err(), "{bad:?}");
        }
        assert_eq!(DistributedId::MAX.to_string(), "9999999999999999999999999999");
        assert_eq!("FF".parse(), Ok(Siq(255)), "hex, either case");
        assert_eq!(Siq(255).to_string(), "00000000000000000000000000ff");
        assert_eq!(Siq::MAX.to_string(), "ffffffffffffffffffffffffffff");
        for bad in ["", "-1", "+ff", "g", "1ffffffffffffffffffffffffffff", "did:siq:x"] {
            assert!(bad.parse::<Siq>().is_err(), "{bad:?}");
        }
        let iuid: Iuid = "01A20942-04F9-8001-8086-1378E8435031".parse().unwrap();
        assert_eq!(iuid.to_string(), "01a20942-04f9-8001-8086-1378e8435031");
        assert!(matches!("0190f6d0-0000-7000-8000-000000000000".parse::<Iuid>(), Err(Error::NotAnIuid { .. })));
        assert!(matches!("not a uuid".parse::<Iuid>(), Err(Error::InvalidText { .. })));
    }

    #[test]
    fn ulid_text_form() {
        let ulid: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
        assert_eq!(ulid.to_uuid(), Uuid::from_u128(0x01563e3a_b5d3_d676_4c61_efb99302bd5b));
        assert_eq!(ulid.unix_millis(), 1_469_922_850_259);
        for same in ["01arz3ndektsv4rrffq69g5fav", "OIARZ3NDEKTSV4RRFFQ69G5FAV", "0LARZ3NDEKTSV4RRFFQ69G5FAV"] {
            assert_eq!(same.parse(), Ok(ulid), "{same}: either case, I and L as 1, O as 0");
        }
        assert_eq!(ulid.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assert_eq!(Ulid::MAX.to_string(), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assert_eq!(Ulid::default().to_string(), "00000000000000000000000000");
        for bad in [
            "",
            "01ARZ3NDEKTSV4RRFFQ69G5FAU",
            "01ARZ3NDEKTSV4RRFFQ69G5FA",
            " 1ARZ3NDEKTSV4RRFFQ69G5FAV",
            "8ZZZZZZZZZZZZZZZZZZZZZZZZU",
        ] {
            assert!(matches!(bad.parse::<Ulid>(), Err(Error::InvalidText { .. })), "{bad:?}");
        }
        let refused = "80000000000000000000000000".parse::<Ulid>().unwrap_err();
        assert_eq!(
            refused.to_string(),
            "\"80000000000000000000000000\" is out of range for a ulid (00000000000000000000000000 ... \
             7ZZZZZZZZZZZZZZZZZZZZZZZZZ)"
        );
        assert!(Ulid::from_binary(&[0; 17]).unwrap_err().to_string().contains("17 bytes instead of a uuid's 16"));
    }

    #[test]
    fn iuid_is_version_8_variant_10() {
        let v8 = Uuid::from_u128(0x01a20942_04f9_8001_8086_1378e8435031);
        assert_eq!(Iuid::new(v8).map(Uuid::from), Ok(v8));
        let v4 = Uuid::from_u128(0x01a20942_04f9_4001_8086_1378e8435031);
        assert_eq!(
            Iuid::new(v4).unwrap_err().to_string(),
            "01a20942-04f9-4001-8086-1378e8435031 is not an iuid: a UUID of version 8 and variant 10 expected \
             (it has version 4 and variant 10)"
        );
        let microsoft_variant = Uuid::from_u128(0x01a20942_04f9_8001_c086_1378e8435031);
        assert!(Iuid::new(microsoft_variant).unwrap_err().to_string().contains("the Microsoft variant"));
        assert!(Iuid::from_binary(&[0; 15]).unwrap_err().to_string().contains("15 bytes instead of a uuid's 16"));
    }
}
