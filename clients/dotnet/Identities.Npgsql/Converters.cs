using System;
using System.Buffers.Binary;
using System.Numerics;
using Npgsql.Internal;

namespace Identities.Npgsql;

// Each converter reads and writes its type's binary form (the extension's send and recv) and checks a value when
// Npgsql sizes it, before anything is sent: the write size is declared as an upper bound, which makes Npgsql call
// GetSize for every value while it binds the parameters or a COPY row (CheckedFixedLengthConverter).

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

// distributedid: a 93-bit unsigned integer below 10^28, 12 bytes big-endian: the 96 bits of a decimal of scale 0.
sealed class DistributedIdConverter() : CheckedFixedLengthConverter<decimal>(Length)
{
    const int Length = 12;
    static readonly decimal Limit = 10_000_000_000_000_000_000_000_000_000m; // 10^28

    protected override decimal ReadCore(PgReader reader)
    {
        var hi = reader.ReadUInt32();
        var mid = reader.ReadUInt32();
        var lo = reader.ReadUInt32();
        return new decimal(unchecked((int)lo), unchecked((int)mid), unchecked((int)hi), false, 0);
    }

    internal static decimal Decode(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length != Length)
            throw new InvalidCastException($"A distributedid is {Length} bytes, not {bytes.Length}.");
        return new decimal(BinaryPrimitives.ReadInt32BigEndian(bytes[8..]), BinaryPrimitives.ReadInt32BigEndian(bytes[4..]),
            BinaryPrimitives.ReadInt32BigEndian(bytes), false, 0);
    }

    protected override void WriteCore(PgWriter writer, decimal value)
    {
        // An integral value of another scale (1.0m) is written as the integer it is.
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(decimal.Truncate(value), bits);
        writer.WriteUInt32(unchecked((uint)bits[2]));
        writer.WriteUInt32(unchecked((uint)bits[1]));
        writer.WriteUInt32(unchecked((uint)bits[0]));
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

// siq: a 112-bit unsigned integer, 14 bytes big-endian (its text form is hexadecimal, so it is never sent as text).
sealed class SiqConverter() : CheckedFixedLengthConverter<BigInteger>(Length)
{
    internal const int Length = 14;
    static readonly BigInteger Limit = BigInteger.One << 112;

    protected override BigInteger ReadCore(PgReader reader)
    {
        Span<byte> bytes = stackalloc byte[Length];
        reader.ReadBytes(bytes);
        return new BigInteger(bytes, isUnsigned: true, isBigEndian: true);
    }

    internal static BigInteger Decode(ReadOnlySpan<byte> bytes)
        => bytes.Length == Length
            ? new BigInteger(bytes, isUnsigned: true, isBigEndian: true)
            : throw new InvalidCastException($"A siq is {Length} bytes, not {bytes.Length}.");

    protected override void WriteCore(PgWriter writer, BigInteger value)
    {
        Span<byte> bytes = stackalloc byte[Length];
        Encode(value, bytes);
        writer.WriteBytes(bytes);
    }

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
