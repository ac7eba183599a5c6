package identitiespgx

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// uint128 is an unsigned 128-bit integer: the value of a distributedid (below 10^28) or of a siq (below 2^112).
type uint128 struct{ hi, lo uint64 }

func (u uint128) isZero() bool { return u.hi == 0 && u.lo == 0 }

func (u uint128) compare(v uint128) int {
	if u.hi != v.hi {
		return cmp.Compare(u.hi, v.hi)
	}
	return cmp.Compare(u.lo, v.lo)
}

// divMod returns u / d and u % d.
func (u uint128) divMod(d uint64) (uint128, uint64) {
	hi, remainder := u.hi/d, u.hi%d
	lo, remainder := bits.Div64(remainder, u.lo, d)
	return uint128{hi, lo}, remainder
}

// mulAdd returns u*m + a, and false when that does not fit in 128 bits.
func (u uint128) mulAdd(m, a uint64) (uint128, bool) {
	hiOverflow, hi := bits.Mul64(u.hi, m)
	carry, lo := bits.Mul64(u.lo, m)
	hi, carryHi := bits.Add64(hi, carry, 0)
	lo, carryLo := bits.Add64(lo, a, 0)
	hi, carryLoHi := bits.Add64(hi, carryLo, 0)
	return uint128{hi, lo}, hiOverflow == 0 && carryHi == 0 && carryLoHi == 0
}

func (u uint128) bigInt() *big.Int {
	n := new(big.Int).SetUint64(u.hi)
	return n.Lsh(n, 64).Or(n, new(big.Int).SetUint64(u.lo))
}

func uint128FromBig(n *big.Int) (uint128, bool) {
	if n.Sign() < 0 || n.BitLen() > 128 {
		return uint128{}, false
	}
	var bytes [16]byte
	n.FillBytes(bytes[:])
	return uint128FromBytes(bytes[:]), true
}

// uint128FromBytes reads up to 16 big-endian bytes.
func uint128FromBytes(b []byte) uint128 {
	var bytes [16]byte
	copy(bytes[16-len(b):], b)
	return uint128{binary.BigEndian.Uint64(bytes[:8]), binary.BigEndian.Uint64(bytes[8:])}
}

func (u uint128) appendBytes(buf []byte, size int) []byte {
	var bytes [16]byte
	binary.BigEndian.PutUint64(bytes[:8], u.hi)
	binary.BigEndian.PutUint64(bytes[8:], u.lo)
	return append(buf, bytes[16-size:]...)
}

func (u uint128) decimal() string {
	if u.hi == 0 {
		return strconv.FormatUint(u.lo, 10)
	}
	const nineteenDigits = 10_000_000_000_000_000_000
	high, low := u.divMod(nineteenDigits)
	return high.decimal() + leftPad(strconv.FormatUint(low, 10), 19)
}

func (u uint128) hex(digits int) string {
	if u.hi == 0 {
		return leftPad(strconv.FormatUint(u.lo, 16), digits)
	}
	return leftPad(strconv.FormatUint(u.hi, 16), digits-16) + leftPad(strconv.FormatUint(u.lo, 16), 16)
}

func leftPad(digits string, width int) string {
	if len(digits) >= width {
		return digits
	}
	return strings.Repeat("0", width-len(digits)) + digits
}

var (
	errNotDigits  = errors.New("not its text form")
	errOutOfRange = errors.New("out of range")
)

// parseDigits reads digits in base 10 or 16 (either case), surrounding spaces allowed as the server allows them;
// maxDigits bounds their count (0: no bound), limit the value.
func parseDigits(text string, base uint64, maxDigits int, limit uint128) (uint128, error) {
	digits := strings.TrimSpace(text)
	if digits == "" || (maxDigits > 0 && len(digits) > maxDigits) {
		return uint128{}, errNotDigits
	}
	var value uint128
	for i := 0; i < len(digits); i++ {
		digit, ok := digitValue(digits[i])
		if !ok || digit >= base {
			return uint128{}, errNotDigits
		}
		value, _ = value.mulAdd(base, digit) // never overflows: value <= limit < 2^112 before each step
		if value.compare(limit) > 0 {
			return uint128{}, errOutOfRange
		}
	}
	return value, nil
}

func digitValue(c byte) (uint64, bool) {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0'), true
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10, true
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10, true
	}
	return 0, false
}

// numeric's binary form (PostgreSQL's numeric_send): int16 ndigits, int16 weight, uint16 sign, uint16 dscale, then
// ndigits base-10000 digits, the first of which multiplies 10000^weight; big-endian.
const (
	numericHeaderSize = 8
	numericPositive   = 0x0000
	numericNegative   = 0x4000
	numericNaN        = 0xC000
	numericBase       = 10000
)

// appendNumeric appends numeric_send's bytes of u: dscale 0, trailing zero digits left out.
func appendNumeric(buf []byte, u uint128) []byte {
	var digits [10]uint16 // least significant first; 2^128 has 39 decimal digits
	count := 0
	for !u.isZero() {
		var digit uint64
		u, digit = u.divMod(numericBase)
		digits[count] = uint16(digit)
		count++
	}
	weight := max(count-1, 0)
	lowest := 0
	for lowest < count && digits[lowest] == 0 {
		lowest++
	}
	buf = binary.BigEndian.AppendUint16(buf, uint16(count-lowest))
	buf = binary.BigEndian.AppendUint16(buf, uint16(weight))
	buf = binary.BigEndian.AppendUint16(buf, numericPositive)
	buf = binary.BigEndian.AppendUint16(buf, 0)
	for i := count - 1; i >= lowest; i-- {
		buf = binary.BigEndian.AppendUint16(buf, digits[i])
	}
	return buf
}

// parseNumeric reads numeric's binary form of an integer from 0 to limit (any form: 7.00, or zero digits left
// out); a fraction, a negative number, NaN or an infinity is an error.
func parseNumeric(src []byte, limit uint128) (uint128, error) {
	if len(src) < numericHeaderSize {
		return uint128{}, errors.New("numeric's binary form has an 8-byte header")
	}
	count := int(binary.BigEndian.Uint16(src))
	weight := int(int16(binary.BigEndian.Uint16(src[2:])))
	sign := binary.BigEndian.Uint16(src[4:])
	if len(src) != numericHeaderSize+2*count {
		return uint128{}, errors.New("numeric's binary form: the length does not match its digits")
	}
	switch sign {
	case numericPositive:
	case numericNegative:
		return uint128{}, errOutOfRange
	case numericNaN:
		return uint128{}, errors.New("NaN is not an integer")
	default:
		return uint128{}, errors.New("an infinity is not an integer")
	}
	var value uint128
	for i := range count {
		digit := uint64(binary.BigEndian.Uint16(src[numericHeaderSize+2*i:]))
		if digit >= numericBase {
			return uint128{}, errors.New("numeric's binary form: a digit above 9999")
		}
		if weight-i < 0 { // a digit after the decimal point
			if digit != 0 {
				return uint128{}, errors.New("a fraction is not an integer")
			}
			continue
		}
		var ok bool
		if value, ok = value.mulAdd(numericBase, digit); !ok || value.compare(limit) > 0 {
			return uint128{}, errOutOfRange
		}
	}
	for range max(weight-count+1, 0) { // the zero digits left out at the end
		var ok bool
		if value, ok = value.mulAdd(numericBase, 0); !ok || value.compare(limit) > 0 {
			return uint128{}, errOutOfRange
		}
	}
	return value, nil
}

// fromNumeric reads an integer that pgx holds as a numeric, n × 10^exponent.
func fromNumeric(n *big.Int, exponent int32, limit uint128) (uint128, error) {
	value := new(big.Int).Set(n)
	switch {
	case n.Sign() == 0:
	case exponent > 40: // 10^40 > 2^128
		return uint128{}, errOutOfRange
	case exponent > 0:
		value.Mul(value, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(exponent)), nil))
	case exponent < 0:
		power := new(big.Int).Exp(big.NewInt(10), big.NewInt(-int64(exponent)), nil)
		if _, remainder := value.QuoRem(value, power, new(big.Int)); remainder.Sign() != 0 {
			return uint128{}, errors.New("a fraction is not an integer")
		}
	}
	result, ok := uint128FromBig(value)
	if !ok || result.compare(limit) > 0 {
		return uint128{}, errOutOfRange
	}
	return result, nil
}
