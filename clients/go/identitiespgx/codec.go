package identitiespgx

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5/pgtype"
)

// integerCodec is the pgtype.Codec of distributedid or siq. Binary: numeric's binary form (extension 0.2.0 on), or
// 0.1.0's big-endian bytes where the database has not been updated. Text: decimal digits, or siq's hex digits.
type integerCodec struct {
	kind      *integerKind
	rawBinary bool
}

func (integerCodec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode
}

func (integerCodec) PreferredFormat() int16 { return pgtype.BinaryFormatCode }

// integerOf is how an encode plan gets the integer of one kind of Go value, checked against the type's range.
type integerOf func(kind *integerKind, value any) (uint128, error)

func (c integerCodec) PlanEncode(_ *pgtype.Map, _ uint32, format int16, value any) pgtype.EncodePlan {
	var read integerOf
	switch value.(type) {
	case DistributedID:
		if c.kind != distributedIDKind {
			return encodePlanRefused{"a DistributedID is not a siq"}
		}
		read = func(_ *integerKind, value any) (uint128, error) { return value.(DistributedID).value, nil }
	case Siq:
		if c.kind != siqKind {
			return encodePlanRefused{"a Siq is not a distributedid"}
		}
		read = func(_ *integerKind, value any) (uint128, error) { return value.(Siq).value, nil }
	case *big.Int:
		read = func(kind *integerKind, value any) (uint128, error) { return kind.fromBig(value.(*big.Int)) }
	case pgtype.NumericValuer: // pgtype.Numeric, and pgx's wrapper of a uint64
		read = readNumericValuer
	case pgtype.Float64Valuer: // pgx's wrappers of float32 and float64, whose Int64Value truncates
		read = func(kind *integerKind, value any) (uint128, error) {
			return uint128{}, kind.invalid(value, errors.New("a floating-point number is no id (use an integer)"))
		}
	case pgtype.Int64Valuer: // pgx's wrappers of every other Go integer
		read = readInt64Valuer
	case pgtype.TextValuer: // a string, in a binary COPY or a binary parameter
		read = readTextValuer
	default:
		return nil
	}
	return &encodePlanInteger{codec: c, read: read, format: format}
}

var errNull = errors.New("NULL")

// encodePlanRefused stops pgx from falling back on fmt.Stringer, which would send a Siq's hex digits to a
// distributedid, or a DistributedID's decimal digits to a siq (read as hex): the database has no cast between them.
type encodePlanRefused struct{ why string }

func (p encodePlanRefused) Encode(any, []byte) ([]byte, error) {
	return nil, errors.New("identitiespgx: " + p.why)
}

func readNumericValuer(kind *integerKind, value any) (uint128, error) {
	n, err := value.(pgtype.NumericValuer).NumericValue()
	if err != nil {
		return uint128{}, err
	}
	if !n.Valid {
		return uint128{}, errNull
	}
	return kind.fromNumeric(n)
}

func readInt64Valuer(kind *integerKind, value any) (uint128, error) {
	n, err := value.(pgtype.Int64Valuer).Int64Value()
	if err != nil {
		return uint128{}, err
	}
	if !n.Valid {
		return uint128{}, errNull
	}
	if n.Int64 < 0 {
		return uint128{}, kind.invalid(n.Int64, errOutOfRange)
	}
	return uint128{lo: uint64(n.Int64)}, nil
}

func readTextValuer(kind *integerKind, value any) (uint128, error) {
	text, err := value.(pgtype.TextValuer).TextValue()
	if err != nil {
		return uint128{}, err
	}
	if !text.Valid {
		return uint128{}, errNull
	}
	return kind.parseText(text.String)
}

type encodePlanInteger struct {
	codec  integerCodec
	read   integerOf
	format int16
}

func (p *encodePlanInteger) Encode(value any, buf []byte) ([]byte, error) {
	n, err := p.read(p.codec.kind, value)
	if err == errNull {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	switch {
	case p.format == pgtype.TextFormatCode:
		return append(buf, p.codec.kind.formatText(n)...), nil
	case p.codec.rawBinary:
		return n.appendBytes(buf, p.codec.kind.rawSize), nil
	}
	return appendNumeric(buf, n), nil
}

// integerTarget is how a scan plan hands an integer, or NULL, to one kind of Go target.
type integerTarget struct {
	assign func(kind *integerKind, value uint128, target any) error
	null   func(target any) error
}

func cannotScanNull(target any) error {
	return fmt.Errorf("identitiespgx: cannot scan NULL into %T", target)
}

var (
	distributedIDTarget = integerTarget{
		assign: func(_ *integerKind, value uint128, target any) error {
			*target.(*DistributedID) = DistributedID{value}
			return nil
		},
		null: cannotScanNull,
	}
	siqTarget = integerTarget{
		assign: func(_ *integerKind, value uint128, target any) error {
			*target.(*Siq) = Siq{value}
			return nil
		},
		null: cannotScanNull,
	}
	bigIntTarget = integerTarget{
		assign: func(_ *integerKind, value uint128, target any) error {
			target.(*big.Int).Set(value.bigInt())
			return nil
		},
		null: cannotScanNull,
	}
	numericScannerTarget = integerTarget{
		assign: func(_ *integerKind, value uint128, target any) error {
			return target.(pgtype.NumericScanner).ScanNumeric(pgtype.Numeric{Int: value.bigInt(), Valid: true})
		},
		null: func(target any) error { return target.(pgtype.NumericScanner).ScanNumeric(pgtype.Numeric{}) },
	}
	int64ScannerTarget = integerTarget{
		assign: func(kind *integerKind, value uint128, target any) error {
			if value.hi != 0 || value.lo > 1<<63-1 {
				return fmt.Errorf("identitiespgx: the %s %s does not fit in %T", kind.name, kind.formatText(value), target)
			}
			return target.(pgtype.Int64Scanner).ScanInt64(pgtype.Int8{Int64: int64(value.lo), Valid: true})
		},
		null: func(target any) error { return target.(pgtype.Int64Scanner).ScanInt64(pgtype.Int8{}) },
	}
	textScannerTarget = integerTarget{
		assign: func(kind *integerKind, value uint128, target any) error {
			return target.(pgtype.TextScanner).ScanText(pgtype.Text{String: kind.formatText(value), Valid: true})
		},
		null: func(target any) error { return target.(pgtype.TextScanner).ScanText(pgtype.Text{}) },
	}
)

func (c integerCodec) PlanScan(_ *pgtype.Map, _ uint32, format int16, target any) pgtype.ScanPlan {
	var to integerTarget
	switch target.(type) {
	case *DistributedID:
		if c.kind != distributedIDKind {
			return nil
		}
		to = distributedIDTarget
	case *Siq:
		if c.kind != siqKind {
			return nil
		}
		to = siqTarget
	case *big.Int:
		to = bigIntTarget
	case pgtype.NumericScanner: // pgtype.Numeric, and pgx's wrapper of a uint64
		to = numericScannerTarget
	case pgtype.Int64Scanner: // pgx's wrappers of the other Go integers
		to = int64ScannerTarget
	case pgtype.TextScanner: // a string: the type's text form
		to = textScannerTarget
	default:
		return nil
	}
	return &scanPlanInteger{codec: c, format: format, to: to}
}

type scanPlanInteger struct {
	codec  integerCodec
	format int16
	to     integerTarget
}

func (p *scanPlanInteger) Scan(src []byte, target any) error {
	if src == nil {
		return p.to.null(target)
	}
	value, err := p.codec.decode(p.format, src)
	if err != nil {
		return err
	}
	return p.to.assign(p.codec.kind, value, target)
}

func (c integerCodec) decode(format int16, src []byte) (uint128, error) {
	kind := c.kind
	switch {
	case format == pgtype.TextFormatCode:
		return kind.parseText(string(src))
	case c.rawBinary:
		if len(src) != kind.rawSize {
			return uint128{}, fmt.Errorf("identitiespgx: a %s of extension 0.1.0 has %d bytes, not %d", kind.name,
				kind.rawSize, len(src))
		}
		value := uint128FromBytes(src)
		if value.compare(kind.limit) > 0 {
			return uint128{}, kind.invalid(value.decimal(), errOutOfRange)
		}
		return value, nil
	}
	value, err := parseNumeric(src, kind.limit)
	if err != nil {
		return uint128{}, kind.invalid(fmt.Sprintf("%x", src), err)
	}
	return value, nil
}

// DecodeValue gives a DistributedID or a Siq (rows.Values(), scanning into *any).
func (c integerCodec) DecodeValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	value, err := c.decode(format, src)
	if err != nil {
		return nil, err
	}
	if c.kind == siqKind {
		return Siq{value}, nil
	}
	return DistributedID{value}, nil
}

// DecodeDatabaseSQLValue gives the type's text form (database/sql through pgx's stdlib).
func (c integerCodec) DecodeDatabaseSQLValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	value, err := c.decode(format, src)
	if err != nil {
		return nil, err
	}
	return c.kind.formatText(value), nil
}

// iuidCodec is the pgtype.Codec of iuid: uuid's 16 bytes in binary, the canonical uuid in text.
type iuidCodec struct{}

func (iuidCodec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode
}

func (iuidCodec) PreferredFormat() int16 { return pgtype.BinaryFormatCode }

func (iuidCodec) PlanEncode(_ *pgtype.Map, _ uint32, format int16, value any) pgtype.EncodePlan {
	var read func(value any) (Iuid, error)
	switch value.(type) {
	case Iuid:
		read = func(value any) (Iuid, error) { return value.(Iuid), value.(Iuid).check() }
	case pgtype.UUIDValuer: // pgtype.UUID, and pgx's wrapper of a [16]byte (a google/uuid or gofrs UUID too)
		read = func(value any) (Iuid, error) {
			uuid, err := value.(pgtype.UUIDValuer).UUIDValue()
			if err != nil {
				return Iuid{}, err
			}
			if !uuid.Valid {
				return Iuid{}, errNull
			}
			return IuidFromBytes(uuid.Bytes)
		}
	case pgtype.TextValuer: // a string, in a binary COPY or a binary parameter
		read = func(value any) (Iuid, error) {
			text, err := value.(pgtype.TextValuer).TextValue()
			if err != nil {
				return Iuid{}, err
			}
			if !text.Valid {
				return Iuid{}, errNull
			}
			return ParseIuid(text.String)
		}
	default:
		return nil
	}
	return &encodePlanIuid{read: read, format: format}
}

type encodePlanIuid struct {
	read   func(value any) (Iuid, error)
	format int16
}

func (p *encodePlanIuid) Encode(value any, buf []byte) ([]byte, error) {
	iuid, err := p.read(value)
	if err == errNull {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if p.format == pgtype.TextFormatCode {
		return append(buf, iuid.String()...), nil
	}
	return append(buf, iuid[:]...), nil
}

func (iuidCodec) PlanScan(_ *pgtype.Map, _ uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *Iuid, pgtype.UUIDScanner, pgtype.TextScanner:
		return scanPlanIuid{format: format}
	}
	return nil
}

type scanPlanIuid struct{ format int16 }

func (p scanPlanIuid) Scan(src []byte, target any) error {
	if src == nil {
		switch target := target.(type) {
		case pgtype.UUIDScanner:
			return target.ScanUUID(pgtype.UUID{})
		case pgtype.TextScanner:
			return target.ScanText(pgtype.Text{})
		}
		return cannotScanNull(target)
	}
	iuid, err := decodeIuid(p.format, src)
	if err != nil {
		return err
	}
	switch target := target.(type) {
	case *Iuid:
		*target = iuid
		return nil
	case pgtype.UUIDScanner:
		return target.ScanUUID(pgtype.UUID{Bytes: iuid, Valid: true})
	}
	return target.(pgtype.TextScanner).ScanText(pgtype.Text{String: iuid.String(), Valid: true})
}

// decodeIuid reads what the server sends, which its type has checked.
func decodeIuid(format int16, src []byte) (Iuid, error) {
	if format == pgtype.TextFormatCode {
		uuid, err := parseUUID(string(src))
		if err != nil {
			return Iuid{}, &invalidIDError{typeName: "iuid", value: fmt.Sprintf("%q", src), reason: "not a uuid"}
		}
		return Iuid(uuid), nil
	}
	if len(src) != 16 {
		return Iuid{}, fmt.Errorf("identitiespgx: an iuid has 16 bytes, not %d", len(src))
	}
	return Iuid(src), nil
}

// DecodeValue gives an Iuid (rows.Values(), scanning into *any).
func (iuidCodec) DecodeValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	return decodeIuid(format, src)
}

// DecodeDatabaseSQLValue gives the canonical uuid (database/sql through pgx's stdlib).
func (iuidCodec) DecodeDatabaseSQLValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	iuid, err := decodeIuid(format, src)
	if err != nil {
		return nil, err
	}
	return iuid.String(), nil
}

// ulidCodec is the pgtype.Codec of ulid: uuid's 16 bytes in binary (the 128 bits big-endian), the 26 characters
// of Crockford's base32 in text.
type ulidCodec struct{}

func (ulidCodec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode
}

func (ulidCodec) PreferredFormat() int16 { return pgtype.BinaryFormatCode }

func (ulidCodec) PlanEncode(_ *pgtype.Map, _ uint32, format int16, value any) pgtype.EncodePlan {
	var read func(value any) (Ulid, error)
	switch value.(type) {
	case Ulid:
		read = func(value any) (Ulid, error) { return value.(Ulid), nil }
	case pgtype.UUIDValuer: // pgtype.UUID, and pgx's wrapper of a [16]byte (a google/uuid or gofrs UUID too)
		read = func(value any) (Ulid, error) {
			uuid, err := value.(pgtype.UUIDValuer).UUIDValue()
			if err != nil {
				return Ulid{}, err
			}
			if !uuid.Valid {
				return Ulid{}, errNull
			}
			return Ulid(uuid.Bytes), nil
		}
	case pgtype.TextValuer: // a string, in a binary COPY or a binary parameter
		read = func(value any) (Ulid, error) {
			text, err := value.(pgtype.TextValuer).TextValue()
			if err != nil {
				return Ulid{}, err
			}
			if !text.Valid {
				return Ulid{}, errNull
			}
			return ParseUlid(text.String)
		}
	default:
		return nil
	}
	return &encodePlanUlid{read: read, format: format}
}

type encodePlanUlid struct {
	read   func(value any) (Ulid, error)
	format int16
}

func (p *encodePlanUlid) Encode(value any, buf []byte) ([]byte, error) {
	ulid, err := p.read(value)
	if err == errNull {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if p.format == pgtype.TextFormatCode {
		return append(buf, ulid.String()...), nil
	}
	return append(buf, ulid[:]...), nil
}

func (ulidCodec) PlanScan(_ *pgtype.Map, _ uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *Ulid, pgtype.UUIDScanner, pgtype.TextScanner:
		return scanPlanUlid{format: format}
	}
	return nil
}

type scanPlanUlid struct{ format int16 }

func (p scanPlanUlid) Scan(src []byte, target any) error {
	if src == nil {
		switch target := target.(type) {
		case pgtype.UUIDScanner:
			return target.ScanUUID(pgtype.UUID{})
		case pgtype.TextScanner:
			return target.ScanText(pgtype.Text{})
		}
		return cannotScanNull(target)
	}
	ulid, err := decodeUlid(p.format, src)
	if err != nil {
		return err
	}
	switch target := target.(type) {
	case *Ulid:
		*target = ulid
		return nil
	case pgtype.UUIDScanner:
		return target.ScanUUID(pgtype.UUID{Bytes: ulid, Valid: true})
	}
	return target.(pgtype.TextScanner).ScanText(pgtype.Text{String: ulid.String(), Valid: true})
}

func decodeUlid(format int16, src []byte) (Ulid, error) {
	if format == pgtype.TextFormatCode {
		return ParseUlid(string(src))
	}
	if len(src) != 16 {
		return Ulid{}, fmt.Errorf("identitiespgx: a ulid has 16 bytes, not %d", len(src))
	}
	return Ulid(src), nil
}

// DecodeValue gives a Ulid (rows.Values(), scanning into *any).
func (ulidCodec) DecodeValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	return decodeUlid(format, src)
}

// DecodeDatabaseSQLValue gives the 26 characters (database/sql through pgx's stdlib).
func (ulidCodec) DecodeDatabaseSQLValue(_ *pgtype.Map, _ uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	ulid, err := decodeUlid(format, src)
	if err != nil {
		return nil, err
	}
	return ulid.String(), nil
}
