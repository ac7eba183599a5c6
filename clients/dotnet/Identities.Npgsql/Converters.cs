using System;
using System.Buffers.Binary;
using System.Numerics;
using Npgsql.Internal;

namespace Npgsql.Identities.Internal;

// Each converter reads and writes its type's binary form (the extension's send and recv: numeric's binary form for
// distributedid and siq since extension 0.2.0, uuid's 16 bytes for iuid and ulid) and checks a value when Npgsql sizes it,
// before anything is sent: the write size is declared as an upper bound, which makes Npgsql call GetSize for every
// value while it binds the parameters or a COPY row (CheckedFixedLengthConverter, CheckedNumericFormConverter).

// A type of fixed length in its binary form, whose values are checked when Npgsql sizes them.
abstract class CheckedFixedLengthConverter<T>(int length) : PgBufferedConverter<T>
{
    public sealed override bool CanConvert(DataFormat format, out BufferRequirements bufferRequirements)
    {
        bufferRequirements = BufferRequirements.Create(Size.Create(length), Size.CreateUpperBound(length));
        return format is DataFormat.Binary;
    }

    public sealed override Size GetSize(SizeContext context, T value, ref object? writeState)
    {
        Check(value);
        return length;
    }

    // Throws an ArgumentException that says why the value is not one of the type's.
    protected abstract void Check(T value);
}

// numeric's binary form (PostgreSQL's numeric_send and numeric_recv), the binary form of distributedid and siq from
// extension 0.2.0 on: int16 ndigits, int16 weight, uint16 sign, uint16 dscale, then ndigits base-10000 digits, the
// first of which multiplies 10000^weight, all big-endian. Written as numeric_send writes an integer (dscale 0,
// trailing zero digits left out), so the bytes are those of a numeric column of the same value.
static class NumericForm
{
    public const int HeaderLength = 8;
    const ushort Positive = 0x0000;
    const ushort Negative = 0x4000;

    public static int Length(int digitCount) => HeaderLength + 2 * digitCount;

    // The base-10000 digits of value, most significant first, trailing zeros left out; returns their count.
    public static int Digits(UInt128 value, Span<ushort> digits, out short weight)
    {
        Span<ushort> reversed = stackalloc ushort[10];
        var count = 0;
        while (value > ulong.MaxValue) // one 128-bit division for four digits, then 64-bit ones
        {
            var low = (ulong)(value % 10_000_000_000_000_000UL);
            value /= 10_000_000_000_000_000UL;
            for (var i = 0; i < 4; i++, low /= 10000)
                reversed[count++] = (ushort)(low % 10000);
        }
        for (var rest = (ulong)value; rest != 0; rest /= 10000)
            reversed[count++] = (ushort)(rest % 10000);
        weight = (short)(count == 0 ? 0 : count - 1);
        var trailing = 0;
        while (trailing < count && reversed[trailing] == 0)
            trailing++;
        for (var i = 0; i < count - trailing; i++)
            digits[i] = reversed[count - 1 - i];
        return count - trailing;
    }

    public static int DigitCount(UInt128 value) => Digits(value, stackalloc ushort[10], out _);

    public static void Write(PgWriter writer, UInt128 value)
    {
        Span<ushort> digits = stackalloc ushort[10];
        var count = Digits(value, digits, out var weight);
        writer.WriteInt16((short)count);
        writer.WriteInt16(weight);
        writer.WriteUInt16(Positive);
        writer.WriteUInt16(0);
        foreach (var digit in digits[..count])
            writer.WriteUInt16(digit);
    }

    // The integer 0 ... max (below 2^114) in these bytes; an InvalidCastException naming the type for anything else
    // (the server sends integers in range only).
    public static UInt128 Decode(ReadOnlySpan<byte> bytes, UInt128 max, string typeName)
    {
        if (bytes.Length < HeaderLength)
            throw Invalid(bytes, typeName);
        var count = BinaryPrimitives.ReadUInt16BigEndian(bytes);
        var weight = BinaryPrimitives.ReadInt16BigEndian(bytes[2..]);
        var sign = BinaryPrimitives.ReadUInt16BigEndian(bytes[4..]);
        if (bytes.Length != Length(count) || (sign != Positive && sign != Negative))
            throw Invalid(bytes, typeName);
        UInt128 value = 0;
        for (var i = 0; i < count; i++)
        {
            var digit = BinaryPrimitives.ReadUInt16BigEndian(bytes[(HeaderLength + 2 * i)..]);
            if (digit > 9999)
                throw Invalid(bytes, typeName);
            if (weight - i < 0)
            {
                if (digit != 0)
                    throw Invalid(bytes, typeName); // a fraction
                continue;
            }
            value = value * 10000 + digit; // no overflow: value <= max < 2^114 before
            if (value > max)
                throw Invalid(bytes, typeName);
        }
        for (var position = weight - count; position >= 0 && value != 0; position--)
        {
            value *= 10000;
            if (value > max)
                throw Invalid(bytes, typeName);
        }
        if (sign == Negative && value != 0)
            throw Invalid(bytes, typeName);
        return value;
    }

    static InvalidCastException Invalid(ReadOnlySpan<byte> bytes, string typeName)
        => new($"Not a {typeName} in numeric's binary form (extension 0.2.0 or later): {Convert.ToHexString(bytes)}.");

    public static UInt128 Read(PgReader reader, int maxLength, UInt128 max, string typeName)
    {
        var length = reader.CurrentRemaining;
        if (length > maxLength)
            throw new InvalidCastException($"Not a {typeName} in numeric's binary form: {length} bytes.");
        Span<byte> bytes = stackalloc byte[maxLength];
        reader.ReadBytes(bytes[..length]);
        return Decode(bytes[..length], max, typeName);
    }
}

// A number in numeric's binary form (of variable length, at most MaxLength bytes), checked when Npgsql sizes it.
abstract class CheckedNumericFormConverter<T>(int maxLength) : PgBufferedConverter<T>
{
    protected int MaxLength => maxLength;

    public sealed override bool CanConvert(DataFormat format, out BufferRequirements bufferRequirements)
    {
        bufferRequirements = BufferRequirements.Create(Size.CreateUpperBound(maxLength));
        return format is DataFormat.Binary;
    }

    public sealed override Size GetSize(SizeContext context, T value, ref object? writeState)
    {
        Check(value);
        return NumericForm.Length(NumericForm.DigitCount(ToInteger(value)));
    }

    protected sealed override void WriteCore(PgWriter writer, T value) => NumericForm.Write(writer, ToInteger(value));

    protected abstract UInt128 ToInteger(T value);

    // Throws an ArgumentException that says why the value is not one of the type's.
    protected abstract void Check(T value);
}

// distributedid: a 93-bit unsigned integer below 10^28, sent as numeric (a DECIMAL(28,0)): at most 7 digits.
sealed class DistributedIdConverter() : CheckedNumericFormConverter<decimal>(MaxFormLength)
{
    const int MaxFormLength = 8 + 2 * 7;
    static readonly decimal Limit = 10_000_000_000_000_000_000_000_000_000m; // 10^28
    static readonly UInt128 Max = UInt128.Parse("9999999999999999999999999999");

    protected override decimal ReadCore(PgReader reader) => ToDecimal(NumericForm.Read(reader, MaxLength, Max, "distributedid"));

    // A column's bytes, read by NpgsqlIdentitiesBinaryExportExtensions.
    internal static decimal Decode(ReadOnlySpan<byte> bytes) => ToDecimal(NumericForm.Decode(bytes, Max, "distributedid"));

    static decimal ToDecimal(UInt128 value)
        => new(unchecked((int)(uint)value), unchecked((int)(uint)(value >> 32)), unchecked((int)(uint)(value >> 64)), false, 0);

    // An integral value of another scale (1.0m) is written as the integer it is.
    protected override UInt128 ToInteger(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(decimal.Truncate(value), bits);
        return ((UInt128)(uint)bits[2] << 64) | ((UInt128)(uint)bits[1] << 32) | (uint)bits[0];
    }

    protected override void Check(decimal value) => Validate(value);

    // Throws the ArgumentException that says why a decimal is not a distributedid (EF Core's literals check too).
    internal static void Validate(decimal value)
    {
        if (value < 0)
            throw new ArgumentOutOfRangeException(nameof(value), value, "A distributedid is not negative.");
        if (value >= Limit)
            throw new ArgumentOutOfRangeException(nameof(value), value,
                "A distributedid is below 10^28 (at most 28 digits, DECIMAL(28,0)).");
        if (decimal.Truncate(value) != value)
            throw new ArgumentException($"A distributedid is an integer, not {value}.", nameof(value));
    }
}

// iuid: inDrive's UUIDv8, 16 bytes in RFC order as uuid's; the server refuses any other version or variant.
sealed class IuidConverter() : CheckedFixedLengthConverter<Guid>(Length)
{
    const int Length = 16;

    protected override Guid ReadCore(PgReader reader)
    {
        Span<byte> bytes = stackalloc byte[Length];
        reader.ReadBytes(bytes);
        return new Guid(bytes, bigEndian: true);
    }

    internal static Guid Decode(ReadOnlySpan<byte> bytes)
        => bytes.Length == Length
            ? new Guid(bytes, bigEndian: true)
            : throw new InvalidCastException($"An iuid is {Length} bytes, not {bytes.Length}.");

    protected override void WriteCore(PgWriter writer, Guid value)
    {
        Span<byte> bytes = stackalloc byte[Length];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        writer.WriteBytes(bytes);
    }

    protected override void Check(Guid value) => Validate(value);

    // Throws the ArgumentException that says why a Guid is not an iuid.
    internal static void Validate(Guid value)
    {
        Span<byte> bytes = stackalloc byte[Length];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        if (bytes[6] >> 4 != 8 || bytes[8] >> 6 != 0b10)
            throw new ArgumentException(
                $"{value} is not an iuid: an iUID is a UUID of version 8 and variant 10 (its text reads xxxxxxxx-xxxx-8xxx-[89ab]xxx-xxxxxxxxxxxx).",
                nameof(value));
    }
}

// ulid: its 128 bits, 16 bytes big-endian as uuid's (every 128 bits are a ulid: nothing to check).
sealed class UlidConverter() : CheckedFixedLengthConverter<Ulid>(Ulid.ByteLength)
{
    protected override Ulid ReadCore(PgReader reader)
    {
        Span<byte> bytes = stackalloc byte[Ulid.ByteLength];
        reader.ReadBytes(bytes);
        return new Ulid(bytes);
    }

    internal static Ulid Decode(ReadOnlySpan<byte> bytes)
        => bytes.Length == Ulid.ByteLength
            ? new Ulid(bytes)
            : throw new InvalidCastException($"A ulid is {Ulid.ByteLength} bytes, not {bytes.Length}.");

    protected override void WriteCore(PgWriter writer, Ulid value)
    {
        Span<byte> bytes = stackalloc byte[Ulid.ByteLength];
        value.TryWriteBytes(bytes);
        writer.WriteBytes(bytes);
    }

    protected override void Check(Ulid value) { }
}

// ulid as the Guid of the same 128 bits (ulid::uuid), when asked for one.
sealed class UlidGuidConverter() : CheckedFixedLengthConverter<Guid>(Ulid.ByteLength)
{
    protected override Guid ReadCore(PgReader reader)
    {
        Span<byte> bytes = stackalloc byte[Ulid.ByteLength];
        reader.ReadBytes(bytes);
        return new Guid(bytes, bigEndian: true);
    }

    protected override void WriteCore(PgWriter writer, Guid value)
    {
        Span<byte> bytes = stackalloc byte[Ulid.ByteLength];
        value.TryWriteBytes(bytes, bigEndian: true, out _);
        writer.WriteBytes(bytes);
    }

    protected override void Check(Guid value) { }
}

// siq: a 112-bit unsigned integer, sent as numeric (at most 9 digits; its text form is hexadecimal, so it is never
// sent as text).
sealed class SiqConverter() : CheckedNumericFormConverter<BigInteger>(MaxFormLength)
{
    // The stored form: 14 bytes, big-endian (the hexadecimal of the text form, EF Core's literals).
    internal const int Length = 14;
    internal const int MaxFormLength = 8 + 2 * 9;
    static readonly BigInteger Limit = BigInteger.One << 112;
    static readonly UInt128 Max = (UInt128.One << 112) - 1;

    protected override BigInteger ReadCore(PgReader reader) => NumericForm.Read(reader, MaxLength, Max, "siq");

    // A column's bytes, read by NpgsqlIdentitiesBinaryExportExtensions.
    internal static BigInteger Decode(ReadOnlySpan<byte> bytes) => NumericForm.Decode(bytes, Max, "siq");

    protected override UInt128 ToInteger(BigInteger value) => (UInt128)value;

    // The 14 bytes of a valid siq, big-endian (its text form is their hexadecimal).
    internal static void Encode(BigInteger value, Span<byte> bytes)
    {
        bytes.Clear();
        var count = value.GetByteCount(isUnsigned: true);
        value.TryWriteBytes(bytes[(Length - count)..], out _, isUnsigned: true, isBigEndian: true);
    }

    protected override void Check(BigInteger value) => Validate(value);

    // Throws the ArgumentException that says why a BigInteger is not a siq.
    internal static void Validate(BigInteger value)
    {
        if (value.Sign < 0)
            throw new ArgumentOutOfRangeException(nameof(value), value, "A siq is not negative.");
        if (value >= Limit)
            throw new ArgumentOutOfRangeException(nameof(value), value, "A siq is below 2^112 (112 bits).");
    }
}

// siq as UInt128: the same form, no BigInteger allocated per value (a siq's 112 bits fit in a UInt128).
sealed class SiqUInt128Converter() : CheckedNumericFormConverter<UInt128>(SiqConverter.MaxFormLength)
{
    internal static readonly UInt128 Max = (UInt128.One << 112) - 1;

    protected override UInt128 ReadCore(PgReader reader) => NumericForm.Read(reader, MaxLength, Max, "siq");

    protected override UInt128 ToInteger(UInt128 value) => value;

    protected override void Check(UInt128 value)
    {
        if (value > Max)
            throw new ArgumentOutOfRangeException(nameof(value), value, "A siq is below 2^112 (112 bits).");
    }
}
