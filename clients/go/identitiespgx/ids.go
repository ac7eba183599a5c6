package identitiespgx

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// ErrInvalidID is what every error about a value that is no id of its type matches with errors.Is: out of range,
// negative, a fraction, not its text form, a uuid that is not an iUID. Such a value is refused before anything is
// sent.
var ErrInvalidID = errors.New("not an id of its type")

type invalidIDError struct {
	typeName string
	value    string
	reason   string
}

func (e *invalidIDError) Error() string {
	return fmt.Sprintf("identitiespgx: %s is not a valid %s: %s", e.value, e.typeName, e.reason)
}

func (e *invalidIDError) Is(target error) bool { return target == ErrInvalidID }

// integerKind describes distributedid or siq: integers in numeric's binary form.
type integerKind struct {
	name      string
	limit     uint128
	rangeText string
	textBase  uint64
	maxDigits int // in the text form; 0: any count, leading zeros included
	rawSize   int // the binary form of extension 0.1.0: this many big-endian bytes
}

var (
	distributedIDKind = &integerKind{name: "distributedid", limit: uint128{0x204fce5e, 0x3e2502610fffffff},
		rangeText: "0 … 10^28-1", textBase: 10, rawSize: 12}
	siqKind = &integerKind{name: "siq", limit: uint128{1<<48 - 1, 1<<64 - 1},
		rangeText: "0 … 2^112-1", textBase: 16, maxDigits: 28, rawSize: 14}
)

func (k *integerKind) invalid(value any, reason error) error {
	text := reason.Error()
	if errors.Is(reason, errOutOfRange) {
		text = "out of range (" + k.rangeText + ")"
	} else if errors.Is(reason, errNotDigits) {
		if k.textBase == 16 {
			text = "not its text form (1 to 28 hexadecimal digits)"
		} else {
			text = "not its text form (decimal digits)"
		}
	}
	return &invalidIDError{typeName: k.name, value: fmt.Sprint(value), reason: text}
}

func (k *integerKind) parseText(text string) (uint128, error) {
	value, err := parseDigits(text, k.textBase, k.maxDigits, k.limit)
	if err != nil {
		return uint128{}, k.invalid(fmt.Sprintf("%q", text), err)
	}
	return value, nil
}

func (k *integerKind) formatText(value uint128) string {
	if k.textBase == 16 {
		return value.hex(28)
	}
	return value.decimal()
}

func (k *integerKind) fromBig(n *big.Int) (uint128, error) {
	if n == nil {
		return uint128{}, k.invalid("<nil>", errors.New("a nil *big.Int holds no number"))
	}
	value, ok := uint128FromBig(n)
	if !ok || value.compare(k.limit) > 0 {
		return uint128{}, k.invalid(n, errOutOfRange)
	}
	return value, nil
}

func (k *integerKind) fromNumeric(n pgtype.Numeric) (uint128, error) {
	switch {
	case n.NaN:
		return uint128{}, k.invalid("NaN", errors.New("not a number"))
	case n.InfinityModifier != pgtype.Finite:
		return uint128{}, k.invalid(n.InfinityModifier, errors.New("not a number"))
	case n.Int == nil:
		return uint128{}, k.invalid("a pgtype.Numeric without Int", errors.New("no value"))
	}
	value, err := fromNumeric(n.Int, n.Exp, k.limit)
	if err != nil {
		return uint128{}, k.invalid(numericText(n), err)
	}
	return value, nil
}

func numericText(n pgtype.Numeric) string {
	if text, err := n.MarshalJSON(); err == nil {
		return string(text)
	}
	return fmt.Sprintf("%se%d", n.Int, n.Exp)
}

func int64Value(value uint128, typeName string) (pgtype.Int8, error) {
	if value.hi != 0 || value.lo > math.MaxInt64 {
		return pgtype.Int8{}, fmt.Errorf("identitiespgx: the %s %s does not fit in an int64", typeName, value.decimal())
	}
	return pgtype.Int8{Int64: int64(value.lo), Valid: true}, nil
}

// DistributedID is a distributedid (Architect.Identities' DistributedId): an integer from 0 to 10^28-1, 93 bits
// of which the upper 45 are the milliseconds since 1900-01-01 UTC. The zero value is 0. Values compare with ==
// and Compare, and order as the database orders them (by creation time).
type DistributedID struct{ value uint128 }

// ParseDistributedID reads a distributedid's text form: decimal digits (surrounding spaces allowed).
func ParseDistributedID(text string) (DistributedID, error) {
	value, err := distributedIDKind.parseText(text)
	return DistributedID{value}, err
}

// DistributedIDFromUint64 makes a DistributedID of any uint64 (all of them are below 10^28).
func DistributedIDFromUint64(n uint64) DistributedID { return DistributedID{uint128{lo: n}} }

// DistributedIDFromBigInt makes a DistributedID of n, which must be from 0 to 10^28-1.
func DistributedIDFromBigInt(n *big.Int) (DistributedID, error) {
	value, err := distributedIDKind.fromBig(n)
	return DistributedID{value}, err
}

// String gives the decimal digits, the database's text form.
func (d DistributedID) String() string { return d.value.decimal() }

// BigInt gives the integer as a new *big.Int.
func (d DistributedID) BigInt() *big.Int { return d.value.bigInt() }

// Time gives the embedded timestamp, as distributedid_extract_timestamp does (milliseconds, UTC).
func (d DistributedID) Time() time.Time {
	const unixMillisAt1900 = -2_208_988_800_000
	millisSince1900 := int64(d.value.hi<<16 | d.value.lo>>48)
	return time.UnixMilli(millisSince1900 + unixMillisAt1900).UTC()
}

// Compare returns -1, 0 or +1 as d is less than, equal to or greater than other (for slices.SortFunc).
func (d DistributedID) Compare(other DistributedID) int { return d.value.compare(other.value) }

// NumericValue lets a DistributedID fill a numeric parameter or column (pgtype.NumericValuer).
func (d DistributedID) NumericValue() (pgtype.Numeric, error) {
	return pgtype.Numeric{Int: d.BigInt(), Valid: true}, nil
}

// Int64Value lets a DistributedID fill a smallint, integer or bigint parameter (pgtype.Int64Valuer); above
// 2^63-1 it is an error.
func (d DistributedID) Int64Value() (pgtype.Int8, error) { return int64Value(d.value, "DistributedID") }

// ScanNumeric reads a DistributedID from a numeric column (pgtype.NumericScanner); NULL is an error.
func (d *DistributedID) ScanNumeric(n pgtype.Numeric) error {
	if !n.Valid {
		return fmt.Errorf("identitiespgx: cannot scan NULL into *identitiespgx.DistributedID")
	}
	value, err := distributedIDKind.fromNumeric(n)
	if err == nil {
		d.value = value
	}
	return err
}

// MarshalText gives the decimal digits (a JSON string: JSON numbers lose precision beyond 2^53 in most readers).
func (d DistributedID) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads the decimal digits.
func (d *DistributedID) UnmarshalText(text []byte) error {
	value, err := ParseDistributedID(string(text))
	if err == nil {
		*d = value
	}
	return err
}

// Siq is a siq (SUOU's SIQ): an integer from 0 to 2^112-1, whose text form is 28 hexadecimal digits. The
// zero value is 0. Values compare with == and Compare, and order as the database orders them.
type Siq struct{ value uint128 }

// ParseSiq reads a siq's text form: 1 to 28 hexadecimal digits in either case (surrounding spaces allowed).
// SUOU's "did:siq:" form is read by the database (siq_from_did), not here.
func ParseSiq(text string) (Siq, error) {
	value, err := siqKind.parseText(text)
	return Siq{value}, err
}

// SiqFromUint64 makes a Siq of any uint64.
func SiqFromUint64(n uint64) Siq { return Siq{uint128{lo: n}} }

// SiqFromBigInt makes a Siq of n, which must be from 0 to 2^112-1.
func SiqFromBigInt(n *big.Int) (Siq, error) {
	value, err := siqKind.fromBig(n)
	return Siq{value}, err
}

// String gives the 28 lowercase hexadecimal digits, the database's text form.
func (s Siq) String() string { return s.value.hex(28) }

// BigInt gives the integer as a new *big.Int.
func (s Siq) BigInt() *big.Int { return s.value.bigInt() }

// Time gives the embedded timestamp, as siq_extract_timestamp does (microseconds rounded down, UTC).
func (s Siq) Time() time.Time {
	seconds := int64(s.value.hi >> 8)
	fraction := int64((s.value.hi<<8 | s.value.lo>>56) & 0xffff) // in 1/65536 s
	return time.Unix(seconds, fraction*1_000_000/65536*1000).UTC()
}

// Compare returns -1, 0 or +1 as s is less than, equal to or greater than other (for slices.SortFunc).
func (s Siq) Compare(other Siq) int { return s.value.compare(other.value) }

// NumericValue lets a Siq fill a numeric parameter or column (pgtype.NumericValuer).
func (s Siq) NumericValue() (pgtype.Numeric, error) {
	return pgtype.Numeric{Int: s.BigInt(), Valid: true}, nil
}

// Int64Value lets a Siq fill a smallint, integer or bigint parameter by its value (pgtype.Int64Valuer), where
// pgx would otherwise send String()'s hex digits; above 2^63-1 it is an error.
func (s Siq) Int64Value() (pgtype.Int8, error) { return int64Value(s.value, "Siq") }

// ScanNumeric reads a Siq from a numeric column (pgtype.NumericScanner); NULL is an error.
func (s *Siq) ScanNumeric(n pgtype.Numeric) error {
	if !n.Valid {
		return fmt.Errorf("identitiespgx: cannot scan NULL into *identitiespgx.Siq")
	}
	value, err := siqKind.fromNumeric(n)
	if err == nil {
		s.value = value
	}
	return err
}

// MarshalText gives the 28 hexadecimal digits.
func (s Siq) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads 1 to 28 hexadecimal digits.
func (s *Siq) UnmarshalText(text []byte) error {
	value, err := ParseSiq(string(text))
	if err == nil {
		*s = value
	}
	return err
}

// Iuid is an iuid (inDrive's iUID): a UUID of version 8 and variant 10 (RFC 4122), its 16 bytes in uuid order,
// like pgtype.UUID's Bytes and most Go uuid types (convert with Iuid(u) and [16]byte(i)). The zero value is not
// an iUID: encoding it is an error (a nil *Iuid is NULL).
type Iuid [16]byte

// ParseIuid reads a uuid (canonical form, or 32 hexadecimal digits, either case) that is an iUID.
func ParseIuid(text string) (Iuid, error) {
	uuid, err := parseUUID(text)
	if err != nil {
		return Iuid{}, &invalidIDError{typeName: "iuid", value: fmt.Sprintf("%q", text), reason: "not a uuid"}
	}
	return IuidFromBytes(uuid)
}

// IuidFromBytes checks that a uuid's 16 bytes are an iUID (version 8, variant 10).
func IuidFromBytes(uuid [16]byte) (Iuid, error) {
	i := Iuid(uuid)
	return i, i.check()
}

func (i Iuid) check() error {
	if i[6]>>4 != 8 || i[8]>>6 != 0b10 {
		return &invalidIDError{typeName: "iuid", value: i.String(), reason: "not a uuid of version 8 and variant 10"}
	}
	return nil
}

// String gives the canonical lowercase uuid.
func (i Iuid) String() string { return formatUUID(i) }

// Time gives the embedded timestamp, as iuid_extract_timestamp does (milliseconds, UTC).
func (i Iuid) Time() time.Time {
	millis := int64(uint128FromBytes(i[:6]).lo)
	return time.UnixMilli(millis).UTC()
}

// Country gives the country code inside the id, as iuid_extract_country does.
func (i Iuid) Country() int { return int(i[7]) }

// ServiceEntity gives the service entity inside the id, as iuid_extract_service_entity does.
func (i Iuid) ServiceEntity() int { return int(i[8]&0x3f)<<2 | int(i[9]>>6) }

// Compare returns -1, 0 or +1 as i is less than, equal to or greater than other, in the database's order.
func (i Iuid) Compare(other Iuid) int {
	return uint128FromBytes(i[:]).compare(uint128FromBytes(other[:]))
}

// UUIDValue lets an Iuid fill a uuid parameter or column (pgtype.UUIDValuer).
func (i Iuid) UUIDValue() (pgtype.UUID, error) {
	if err := i.check(); err != nil {
		return pgtype.UUID{}, err
	}
	return pgtype.UUID{Bytes: i, Valid: true}, nil
}

// ScanUUID reads an Iuid from a uuid column (pgtype.UUIDScanner): NULL, or a uuid that is no iUID, is an error.
func (i *Iuid) ScanUUID(uuid pgtype.UUID) error {
	if !uuid.Valid {
		return fmt.Errorf("identitiespgx: cannot scan NULL into *identitiespgx.Iuid")
	}
	value, err := IuidFromBytes(uuid.Bytes)
	if err == nil {
		*i = value
	}
	return err
}

// MarshalText gives the canonical uuid.
func (i Iuid) MarshalText() ([]byte, error) { return []byte(i.String()), nil }

// UnmarshalText reads a uuid that is an iUID.
func (i *Iuid) UnmarshalText(text []byte) error {
	value, err := ParseIuid(string(text))
	if err == nil {
		*i = value
	}
	return err
}

func formatUUID(b [16]byte) string {
	const hexDigits = "0123456789abcdef"
	text := make([]byte, 0, 36)
	for n, c := range b {
		if n == 4 || n == 6 || n == 8 || n == 10 {
			text = append(text, '-')
		}
		text = append(text, hexDigits[c>>4], hexDigits[c&0xf])
	}
	return string(text)
}

func parseUUID(text string) ([16]byte, error) {
	var b [16]byte
	digits := text
	if len(text) == 36 {
		if text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-' {
			return b, errNotDigits
		}
		digits = text[:8] + text[9:13] + text[14:18] + text[19:23] + text[24:]
	}
	if len(digits) != 32 {
		return b, errNotDigits
	}
	for n := range b {
		high, okHigh := digitValue(digits[2*n])
		low, okLow := digitValue(digits[2*n+1])
		if !okHigh || !okLow {
			return b, errNotDigits
		}
		b[n] = byte(high<<4 | low)
	}
	return b, nil
}
