using Npgsql.Identities;
using Npgsql.Identities.Internal;
using System.Numerics;
using Xunit;

namespace NpgsqlIdentities.Tests;

// The converters' encodings and checks with no server: numeric's binary form (the bytes numeric_send sends for the
// same integer), every refusal of a form the types cannot hold, and the edges of each type's range.
public class ConverterTests
{
    static readonly UInt128 DistributedIdMax = UInt128.Parse("9999999999999999999999999999");
    static readonly UInt128 SiqMax = (UInt128.One << 112) - 1;

    // numeric's binary form as numeric_send writes it: ndigits, weight, sign, dscale, then the base-10000 digits.
    static byte[] Form(short weight, ushort sign, params ushort[] digits)
    {
        var bytes = new byte[8 + 2 * digits.Length];
        System.Buffers.Binary.BinaryPrimitives.WriteInt16BigEndian(bytes, (short)digits.Length);
        System.Buffers.Binary.BinaryPrimitives.WriteInt16BigEndian(bytes.AsSpan(2), weight);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt16BigEndian(bytes.AsSpan(4), sign);
        for (var i = 0; i < digits.Length; i++)
            System.Buffers.Binary.BinaryPrimitives.WriteUInt16BigEndian(bytes.AsSpan(8 + 2 * i), digits[i]);
        return bytes;
    }

    // The digits and weight NumericForm writes, as numeric_send writes them (PostgreSQL's own output for these values).
    [Theory]
    [InlineData("0", 0, new ushort[0])]
    [InlineData("1", 0, new ushort[] { 1 })]
    [InlineData("10000", 1, new ushort[] { 1 })]
    [InlineData("123456789", 2, new ushort[] { 1, 2345, 6789 })]
    [InlineData("100000000000000000000", 5, new ushort[] { 1 })]
    [InlineData("9999999999999999999999999999", 6, new ushort[] { 9999, 9999, 9999, 9999, 9999, 9999, 9999 })]
    [InlineData("5192296858534827628530496329220095", 8, new ushort[] { 51, 9229, 6858, 5348, 2762, 8530, 4963, 2922, 95 })]
    public void Digits_are_numeric_sends(string value, short weight, ushort[] digits)
    {
        Span<ushort> written = stackalloc ushort[10];
        var count = NumericForm.Digits(UInt128.Parse(value), written, out var writtenWeight);
        Assert.Equal(digits, written[..count].ToArray());
        Assert.Equal(weight, writtenWeight);
        Assert.Equal(UInt128.Parse(value), NumericForm.Decode(Form(weight, 0, digits), SiqMax, "siq"));
    }

    [Fact]
    public void Decode_takes_every_form_of_an_integer()
    {
        Assert.Equal(7u, NumericForm.Decode(Form(0, 0, 7, 0), DistributedIdMax, "distributedid")); // 7.0000 (dscale not read)
        Assert.Equal(70000u, NumericForm.Decode(Form(2, 0, 0, 7, 0), DistributedIdMax, "distributedid")); // a leading zero digit
        Assert.Equal(0u, NumericForm.Decode(Form(0, 0x4000), DistributedIdMax, "distributedid")); // a negative zero
        Assert.Equal(9_999_999_999_999_999_999_999_999_999m, DistributedIdConverter.Decode(Form(6, 0, 9999, 9999, 9999, 9999, 9999, 9999, 9999)));
        Assert.Equal(SiqMax, (UInt128)SiqConverter.Decode(Form(8, 0, 51, 9229, 6858, 5348, 2762, 8530, 4963, 2922, 95)));
    }

    public static TheoryData<string, byte[]> Refused => new()
    {
        { "a fraction", Form(0, 0, 1, 5000) },
        { "a negative value", Form(0, 0x4000, 1) },
        { "NaN", Form(0, 0xC000) },
        { "an infinity", Form(0, 0xD000) },
        { "10^28", Form(7, 0, 1) },
        { "a digit above 9999", Form(0, 0, 10000) },
        { "a length that does not match the digits", Form(0, 0, 1)[..^1] },
        { "a header cut short", new byte[] { 0, 1, 0 } },
    };

    [Theory]
    [MemberData(nameof(Refused))]
    public void Decode_refuses_what_no_distributedid_is(string what, byte[] form)
    {
        var e = Assert.Throws<InvalidCastException>(() => DistributedIdConverter.Decode(form));
        Assert.True(e.Message.Contains("distributedid"), $"{what}: {e.Message}");
    }

    [Fact]
    public void Siq_decodes_past_decimal_and_refuses_2_to_the_112()
    {
        Assert.Throws<InvalidCastException>(() => SiqConverter.Decode(Form(8, 0, 51, 9229, 6858, 5348, 2762, 8530, 4963, 2922, 96)));
        Assert.Equal(BigInteger.Pow(10, 30), SiqConverter.Decode(Form(7, 0, 100)));
    }

    [Fact]
    public void DistributedId_checks_its_range_and_integrality()
    {
        DistributedIdConverter.Validate(0m);
        DistributedIdConverter.Validate(9_999_999_999_999_999_999_999_999_999m);
        DistributedIdConverter.Validate(7.000m); // an integral value of another scale
        Assert.Contains("10^28", Assert.Throws<ArgumentOutOfRangeException>(() => DistributedIdConverter.Validate(10_000_000_000_000_000_000_000_000_000m)).Message);
        Assert.Contains("not negative", Assert.Throws<ArgumentOutOfRangeException>(() => DistributedIdConverter.Validate(-1m)).Message);
        Assert.Contains("integer", Assert.Throws<ArgumentException>(() => DistributedIdConverter.Validate(1.5m)).Message);
    }

    [Fact]
    public void Iuid_checks_version_8_and_variant_10_and_its_length()
    {
        IuidConverter.Validate(Guid.Parse("01a20942-04f9-8001-8086-1378e8435031"));
        IuidConverter.Validate(Guid.Parse("ffffffff-ffff-8fff-bfff-ffffffffffff"));
        Assert.Throws<ArgumentException>(() => IuidConverter.Validate(Guid.Parse("01a20942-04f9-7001-8086-1378e8435031"))); // version 7
        Assert.Throws<ArgumentException>(() => IuidConverter.Validate(Guid.Parse("01a20942-04f9-8001-c086-1378e8435031"))); // variant 110
        Assert.Throws<ArgumentException>(() => IuidConverter.Validate(Guid.Empty));
        var bytes = Convert.FromHexString("01a2094204f9800180861378e8435031");
        Assert.Equal(Guid.Parse("01a20942-04f9-8001-8086-1378e8435031"), IuidConverter.Decode(bytes)); // RFC byte order
        Assert.Throws<InvalidCastException>(() => IuidConverter.Decode(bytes[..15]));
    }

    [Fact]
    public void Siq_checks_its_112_bits_and_encodes_its_14_bytes()
    {
        SiqConverter.Validate(BigInteger.Zero);
        SiqConverter.Validate((BigInteger.One << 112) - 1);
        Assert.Contains("2^112", Assert.Throws<ArgumentOutOfRangeException>(() => SiqConverter.Validate(BigInteger.One << 112)).Message);
        Assert.Throws<ArgumentOutOfRangeException>(() => SiqConverter.Validate(BigInteger.MinusOne));
        Span<byte> bytes = stackalloc byte[SiqConverter.Length];
        SiqConverter.Encode(0x0102, bytes);
        Assert.Equal("0000000000000000000000000102", Convert.ToHexString(bytes));
    }

    // The Unix milliseconds of a vector's ISO 8601 instant, past the year 9999 too (a DateTimeOffset stops there): the
    // year moved back by 400-year cycles, which are whole weeks of 146097 days.
    internal static long UnixMillisecondsOf(string text)
    {
        var year = int.Parse(text[..text.IndexOf('-')]);
        var cycles = year > 9999 ? (year - 9000) / 400 + 1 : 0;
        var instant = DateTimeOffset.Parse($"{year - 400 * cycles:D4}{text[text.IndexOf('-')..]}",
            System.Globalization.CultureInfo.InvariantCulture);
        return instant.ToUnixTimeMilliseconds() + cycles * 146097L * 86_400_000;
    }

    [Fact]
    public void Ulid_reads_and_writes_the_vectors()
    {
        foreach (var row in Vectors.Rows("ulid", "id"))
        {
            var ulid = Ulid.Parse(row["ulid"]!);
            Assert.Equal(row["ulid"], ulid.ToString());
            Assert.Equal(row["uuid"], ulid.ToGuid().ToString());
            Assert.Equal(ulid, new Ulid(Guid.Parse(row["uuid"]!)));
            Assert.Equal(row["uuid"]!.Replace("-", ""), Convert.ToHexStringLower(ulid.ToByteArray()));
            Assert.Equal(ulid, UlidConverter.Decode(ulid.ToByteArray()));
            Assert.Equal(UnixMillisecondsOf(row["timestamp"]!), ulid.UnixMilliseconds);
            if (ulid.UnixMilliseconds <= DateTimeOffset.MaxValue.ToUnixTimeMilliseconds())
                Assert.Equal(DateTimeOffset.Parse(row["timestamp"]!, System.Globalization.CultureInfo.InvariantCulture), ulid.Timestamp);
            else
                Assert.Throws<ArgumentOutOfRangeException>(() => ulid.Timestamp);
        }
        foreach (var row in Vectors.Rows("ulid", "input"))
            Assert.Equal(row["ulid"], Ulid.Parse(row["text"]!).ToString());
        foreach (var row in Vectors.Rows("ulid", "invalid"))
        {
            // The server's 22003 (a first character above 7) is an OverflowException, its 22P02 a FormatException.
            if (row["sqlstate"] == "22003")
                Assert.Throws<OverflowException>(() => Ulid.Parse(row["text"]!));
            else
                Assert.Throws<FormatException>(() => Ulid.Parse(row["text"]!));
            Assert.False(Ulid.TryParse(row["text"], out _), row["text"]);
        }
    }

    [Fact]
    public void Ulid_orders_formats_and_refuses_other_lengths()
    {
        Assert.True(Ulid.Parse("01BX5ZZKBKACTAV9WEVGEMMVRZ") < Ulid.Parse("01BX5ZZKBKACTAV9WEVGEMMVS0"));
        Assert.Equal("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", Ulid.MaxValue.ToString());
        Assert.Equal("00000000000000000000000000", Ulid.MinValue.ToString());
        Assert.Equal("01ARZ3NDEKTSV4RRFFQ69G5FAV", $"{Ulid.Parse("01arz3ndektsv4rrffq69g5fav")}"); // TryFormat
        Assert.False(Ulid.TryParse((string?)null, out _));
        Assert.Throws<ArgumentException>(() => new Ulid(new byte[15]));
        Assert.Throws<InvalidCastException>(() => UlidConverter.Decode(new byte[17]));
    }
}
