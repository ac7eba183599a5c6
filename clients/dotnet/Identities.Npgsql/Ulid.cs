using System;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;

namespace Npgsql.Identities;

/// <summary>
/// A ULID (github.com/ulid/spec), the extension's <c>ulid</c>: 48-bit Unix milliseconds then 80 random bits, 128 bits
/// in all. Its text is 26 characters of Crockford's base32, upper case, which sort as the ids do; its bytes are the 16
/// of the 128-bit integer, big-endian (the spec's binary form, the <c>ulid</c> type's binary form, and a
/// <see cref="Guid"/> or <c>uuid</c> of the same bits: <see cref="ToGuid"/>, <see cref="Ulid(Guid)"/>).
/// </summary>
public readonly struct Ulid : IEquatable<Ulid>, IComparable<Ulid>, IComparable, ISpanFormattable, ISpanParsable<Ulid>
{
    /// <summary>The length of the text: 26 characters.</summary>
    public const int TextLength = 26;

    /// <summary>The length of the binary form: 16 bytes.</summary>
    public const int ByteLength = 16;

    const string Alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's base32: no I, L, O, U

    readonly UInt128 _value;

    /// <summary>The ULID of these 128 bits.</summary>
    public Ulid(UInt128 value) => _value = value;

    /// <summary>The ULID of these 16 bytes, big-endian.</summary>
    /// <exception cref="ArgumentException">Not 16 bytes.</exception>
    public Ulid(ReadOnlySpan<byte> bytes)
        => _value = bytes.Length == ByteLength
            ? BinaryPrimitives.ReadUInt128BigEndian(bytes)
            : throw new ArgumentException($"A ULID is {ByteLength} bytes, not {bytes.Length}.", nameof(bytes));

    /// <summary>The ULID of a <see cref="Guid"/>'s 128 bits, in the order of its text (what <c>uuid::ulid</c> gives).</summary>
    public Ulid(Guid guid)
    {
        Span<byte> bytes = stackalloc byte[ByteLength];
        guid.TryWriteBytes(bytes, bigEndian: true, out _);
        _value = BinaryPrimitives.ReadUInt128BigEndian(bytes);
    }

    /// <summary>00000000000000000000000000.</summary>
    public static Ulid MinValue => default;

    /// <summary>7ZZZZZZZZZZZZZZZZZZZZZZZZZ, 2^128 - 1.</summary>
    public static Ulid MaxValue => new(UInt128.MaxValue);

    /// <summary>The 128 bits.</summary>
    public UInt128 Value => _value;

    /// <summary>The timestamp: the 48-bit Unix milliseconds (of the first 10 characters).</summary>
    public long UnixMilliseconds => (long)(ulong)(_value >> 80);

    /// <summary>The timestamp as an instant (what <c>ulid_extract_timestamp</c> gives).</summary>
    /// <exception cref="ArgumentOutOfRangeException">Past the year 9999, which a <see cref="DateTimeOffset"/> cannot
    /// hold (the largest ULID's is in 10889): <see cref="UnixMilliseconds"/> holds it.</exception>
    public DateTimeOffset Timestamp => DateTimeOffset.FromUnixTimeMilliseconds(UnixMilliseconds);

    /// <summary>The <see cref="Guid"/> of the same 128 bits (what <c>ulid::uuid</c> gives).</summary>
    public Guid ToGuid()
    {
        Span<byte> bytes = stackalloc byte[ByteLength];
        TryWriteBytes(bytes);
        return new Guid(bytes, bigEndian: true);
    }

    /// <summary>The 16 bytes, big-endian.</summary>
    public byte[] ToByteArray()
    {
        var bytes = new byte[ByteLength];
        TryWriteBytes(bytes);
        return bytes;
    }

    /// <summary>Writes the 16 bytes, big-endian; false if <paramref name="destination"/> is shorter.</summary>
    public bool TryWriteBytes(Span<byte> destination)
    {
        if (destination.Length < ByteLength)
            return false;
        BinaryPrimitives.WriteUInt128BigEndian(destination, _value);
        return true;
    }

    /// <summary>The 26 upper-case characters.</summary>
    public override string ToString() => string.Create(TextLength, _value, static (text, value) => Write(value, text));

    /// <summary>The 26 upper-case characters (there is one format).</summary>
    public string ToString(string? format, IFormatProvider? formatProvider) => ToString();

    /// <summary>Writes the 26 upper-case characters; false if <paramref name="destination"/> is shorter.</summary>
    public bool TryFormat(Span<char> destination, out int charsWritten, ReadOnlySpan<char> format = default,
        IFormatProvider? provider = null)
    {
        if (destination.Length < TextLength)
        {
            charsWritten = 0;
            return false;
        }
        Write(_value, destination);
        charsWritten = TextLength;
        return true;
    }

    static void Write(UInt128 value, Span<char> text)
    {
        for (var position = TextLength - 1; position >= 0; position--, value >>= 5)
            text[position] = Alphabet[(int)(value & 31)];
    }

    enum ParseResult { Parsed, Invalid, OutOfRange }

    // As the server's ulid_in: 26 characters in either case, I and L read as 1, O as 0; then the first may carry the
    // top 3 of the 128 bits only (26 characters hold 130).
    static ParseResult TryRead(ReadOnlySpan<char> text, out UInt128 value)
    {
        value = 0;
        if (text.Length != TextLength)
            return ParseResult.Invalid;
        foreach (var character in text)
        {
            var digit = Digit(character);
            if (digit < 0)
                return ParseResult.Invalid;
            value = (value << 5) | (uint)digit;
        }
        return Digit(text[0]) > 7 ? ParseResult.OutOfRange : ParseResult.Parsed;
    }

    static int Digit(char character)
    {
        var upper = character is >= 'a' and <= 'z' ? (char)(character - 'a' + 'A') : character;
        return upper switch
        {
            'I' or 'L' => 1,
            'O' => 0,
            _ => Alphabet.IndexOf(upper),
        };
    }

    /// <summary>Reads a ULID's text as the server does: 26 characters of Crockford's base32 in either case, I and L
    /// read as 1, O as 0.</summary>
    /// <exception cref="FormatException">Another length, or a character outside the alphabet (U among them): the
    /// server's 22P02.</exception>
    /// <exception cref="OverflowException">A first character above 7, past 2^128 - 1: the server's 22003.</exception>
    public static Ulid Parse(ReadOnlySpan<char> s)
        => TryRead(s, out var value) switch
        {
            ParseResult.Parsed => new Ulid(value),
            ParseResult.OutOfRange => throw new OverflowException(
                $"'{s}' is out of range for a ULID: its first character is above 7 (the largest is 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)."),
            _ => throw new FormatException($"'{s}' is not a ULID: a ULID is 26 characters of Crockford's base32."),
        };

    /// <inheritdoc cref="Parse(ReadOnlySpan{char})"/>
    public static Ulid Parse(string s) => Parse((s ?? throw new ArgumentNullException(nameof(s))).AsSpan());

    /// <inheritdoc cref="Parse(ReadOnlySpan{char})"/>
    public static Ulid Parse(string s, IFormatProvider? provider) => Parse(s);

    /// <inheritdoc cref="Parse(ReadOnlySpan{char})"/>
    public static Ulid Parse(ReadOnlySpan<char> s, IFormatProvider? provider) => Parse(s);

    /// <summary>Reads a ULID's text as <see cref="Parse(ReadOnlySpan{char})"/> does; false where it throws.</summary>
    public static bool TryParse(ReadOnlySpan<char> s, out Ulid result)
    {
        var parsed = TryRead(s, out var value) == ParseResult.Parsed;
        result = parsed ? new Ulid(value) : default;
        return parsed;
    }

    /// <inheritdoc cref="TryParse(ReadOnlySpan{char}, out Ulid)"/>
    public static bool TryParse([NotNullWhen(true)] string? s, out Ulid result)
    {
        result = default;
        return s is not null && TryParse(s.AsSpan(), out result);
    }

    /// <inheritdoc cref="TryParse(ReadOnlySpan{char}, out Ulid)"/>
    public static bool TryParse([NotNullWhen(true)] string? s, IFormatProvider? provider, out Ulid result)
        => TryParse(s, out result);

    /// <inheritdoc cref="TryParse(ReadOnlySpan{char}, out Ulid)"/>
    public static bool TryParse(ReadOnlySpan<char> s, IFormatProvider? provider, out Ulid result)
        => TryParse(s, out result);

    /// <inheritdoc/>
    public bool Equals(Ulid other) => _value == other._value;

    /// <inheritdoc/>
    public override bool Equals([NotNullWhen(true)] object? obj) => obj is Ulid other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => _value.GetHashCode();

    /// <summary>The order of the bits, of the text and of the server's operators.</summary>
    public int CompareTo(Ulid other) => _value.CompareTo(other._value);

    /// <inheritdoc/>
    public int CompareTo(object? obj) => obj switch
    {
        null => 1,
        Ulid other => CompareTo(other),
        _ => throw new ArgumentException("Not a Ulid.", nameof(obj)),
    };

#pragma warning disable CS1591 // the operators say what their names say
    public static bool operator ==(Ulid left, Ulid right) => left.Equals(right);
    public static bool operator !=(Ulid left, Ulid right) => !left.Equals(right);
    public static bool operator <(Ulid left, Ulid right) => left._value < right._value;
    public static bool operator <=(Ulid left, Ulid right) => left._value <= right._value;
    public static bool operator >(Ulid left, Ulid right) => left._value > right._value;
    public static bool operator >=(Ulid left, Ulid right) => left._value >= right._value;
#pragma warning restore CS1591
}
