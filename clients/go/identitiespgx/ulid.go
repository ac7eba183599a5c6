package identitiespgx

import (
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// Ulid is a ulid (github.com/ulid/spec): a 48-bit Unix millisecond timestamp and 80 random bits, its 16 bytes the
// 128-bit integer big-endian (the spec's binary form, and a uuid of the same bits, as pgtype.UUID's Bytes: convert
// with Ulid(u) and [16]byte(l)). Every 16 bytes are a ULID; the zero value is 00000000000000000000000000. Values
// compare with == and Compare, and order as the database orders them (by creation time).
type Ulid [16]byte

// Crockford's base32, as ULIDs write it: no I, L, O or U.
const ulidAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ulidDigits maps a character to its 5 bits, as Crockford decodes: either case, I and L as 1, O as 0; 0xff for a
// character that is none (U among them).
var ulidDigits = func() (digits [256]byte) {
	for c := range digits {
		digits[c] = 0xff
	}
	for value, c := range ulidAlphabet {
		digits[c] = byte(value)
		digits[c|0x20] = byte(value) // the lower case
	}
	for _, c := range "IiLl" {
		digits[c] = 1
	}
	digits['O'], digits['o'] = 0, 0
	return digits
}()

var errUlidText = errors.New("not its text form (26 characters of Crockford's base32)")

// ParseUlid reads a ULID's text as the database reads it: 26 characters of Crockford's base32 in either case, I and
// L read as 1, O as 0. Another length or character (U among them) is refused, and so is a first character above 7
// (more than 128 bits: "out of range"), both matching ErrInvalidID.
func ParseUlid(text string) (Ulid, error) {
	invalid := func(reason error) (Ulid, error) {
		return Ulid{}, &invalidIDError{typeName: "ulid", value: fmt.Sprintf("%q", text), reason: reason.Error()}
	}
	if len(text) != 26 {
		return invalid(errUlidText)
	}
	for n := 0; n < len(text); n++ {
		if ulidDigits[text[n]] == 0xff {
			return invalid(errUlidText)
		}
	}
	if ulidDigits[text[0]] > 7 {
		return invalid(errors.New("out of range (00000000000000000000000000 … 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)"))
	}
	var value uint128
	for n := 0; n < len(text); n++ {
		value = uint128{value.hi<<5 | value.lo>>59, value.lo<<5 | uint64(ulidDigits[text[n]])}
	}
	return Ulid(value.appendBytes(nil, 16)), nil
}

// String gives the 26 upper-case characters of Crockford's base32, the database's text form, which sort as the ids.
func (u Ulid) String() string {
	value := uint128FromBytes(u[:])
	var text [26]byte
	for n := 25; n >= 0; n-- {
		text[n] = ulidAlphabet[value.lo&31]
		value = uint128{value.hi >> 5, value.hi<<59 | value.lo>>5}
	}
	return string(text[:])
}

// UnixMilli gives the embedded timestamp, the first 48 bits: Unix milliseconds.
func (u Ulid) UnixMilli() int64 { return int64(uint128FromBytes(u[:6]).lo) }

// Time gives the embedded timestamp, as ulid_extract_timestamp does (milliseconds, UTC; the largest ULID's is in
// the year 10889).
func (u Ulid) Time() time.Time { return time.UnixMilli(u.UnixMilli()).UTC() }

// Compare returns -1, 0 or +1 as u is less than, equal to or greater than other, in the database's order.
func (u Ulid) Compare(other Ulid) int {
	return uint128FromBytes(u[:]).compare(uint128FromBytes(other[:]))
}

// UUIDValue lets a Ulid fill a uuid parameter or column (pgtype.UUIDValuer): the same 128 bits.
func (u Ulid) UUIDValue() (pgtype.UUID, error) { return pgtype.UUID{Bytes: u, Valid: true}, nil }

// ScanUUID reads a Ulid from a uuid column (pgtype.UUIDScanner), the same 128 bits; NULL is an error.
func (u *Ulid) ScanUUID(uuid pgtype.UUID) error {
	if !uuid.Valid {
		return fmt.Errorf("identitiespgx: cannot scan NULL into *identitiespgx.Ulid")
	}
	*u = Ulid(uuid.Bytes)
	return nil
}

// MarshalText gives the 26 characters.
func (u Ulid) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText reads a ULID's text, as ParseUlid.
func (u *Ulid) UnmarshalText(text []byte) error {
	value, err := ParseUlid(string(text))
	if err == nil {
		*u = value
	}
	return err
}
