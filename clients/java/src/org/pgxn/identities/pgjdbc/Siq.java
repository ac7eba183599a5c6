package org.pgxn.identities.pgjdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * A {@code siq} (SUOU's SIQ): an unsigned 112-bit integer. Its text form is 28 lowercase hexadecimal digits.
 *
 * <p>Made from a {@link BigInteger}, an integral {@link BigDecimal}, a {@code long} or its hex digits, and checked
 * then: a negative number, 2^112 or more, or a fraction is refused with an {@link IllegalArgumentException}.
 * Since the type's text form is hexadecimal, a decimal string sent to a {@code siq} is misread; a {@code Siq}
 * sent with {@code setObject} is typed (hex text, or numeric's binary form), so it always arrives as itself.
 *
 * <p>It is a pgjdbc {@link PGobject}, which {@link Identities#register} makes pgjdbc return for the type. The
 * public no-argument constructor is pgjdbc's: it fills the value once, through {@link #setValue} or
 * {@link #setByteValue}; until then the object stands for SQL NULL ({@link #isNull()}).
 */
public final class Siq extends PGobject implements PGBinaryObject, Comparable<Siq> {
    private static final long serialVersionUID = 1L;

    /** The type's name in SQL. */
    public static final String TYPE = "siq";
    /** The largest siq, 2^112 - 1. */
    public static final BigInteger MAX_VALUE = BigInteger.ONE.shiftLeft(112).subtract(BigInteger.ONE);

    private static final int HEX_DIGITS = 28;
    // [40-bit unix seconds][16-bit fraction, 1/65536 s][56 bits: shard, domain hash, serial and qualifier]
    private static final int BELOW_TICKS = 56;

    private BigInteger number; // null: SQL NULL, until pgjdbc sets the value

    /** pgjdbc's constructor: SQL NULL until {@link #setValue} or {@link #setByteValue}. */
    public Siq() {
        type = TYPE;
    }

    /** @throws IllegalArgumentException if the number is negative or 2^112 or more */
    public Siq(BigInteger number) {
        this();
        this.number = checked(Objects.requireNonNull(number, "number"));
    }

    /** @throws IllegalArgumentException if the number has a fraction, is negative, or is 2^112 or more */
    public Siq(BigDecimal number) {
        this(integral(Objects.requireNonNull(number, "number")));
    }

    /** @throws IllegalArgumentException if the number is negative */
    public Siq(long number) {
        this(BigInteger.valueOf(number));
    }

    /**
     * The siq written in its text form: 1 to 28 hexadecimal digits in either case (surrounding whitespace
     * allowed, as the server's input). Decimal digits are read as hex, as the server reads them.
     *
     * @throws IllegalArgumentException if the text is not 1 to 28 hex digits
     */
    public static Siq parse(String text) {
        String digits = Objects.requireNonNull(text, "text").strip();
        if (digits.isEmpty() || digits.length() > HEX_DIGITS || !digits.chars().allMatch(Siq::isHexDigit)) {
            throw new IllegalArgumentException("\"" + text + "\" is not a siq: its text form is 1 to 28 hex digits");
        }
        return new Siq(new BigInteger(digits, 16));
    }

    public BigInteger toBigInteger() {
        return present();
    }

    public BigDecimal toBigDecimal() {
        return new BigDecimal(present());
    }

    /** The instant it embeds, to the microsecond rounded down, as {@code siq_extract_timestamp} reads it. */
    public Instant timestamp() {
        long ticks = present().shiftRight(BELOW_TICKS).longValueExact(); // 1/65536 s since 1970
        long micros = (ticks & 0xffff) * 1_000_000 / 65536;
        return Instant.ofEpochSecond(ticks >>> 16, micros * 1000);
    }

    @Override
    public boolean isNull() {
        return number == null;
    }

    /** The 28 lowercase hex digits; null for SQL NULL. */
    @Override
    public String getValue() {
        Wire.checkType(TYPE, type);
        return number == null ? null : hex(number);
    }

    /** pgjdbc's way to fill it from the text form; a value, once set, does not change. */
    @Override
    public void setValue(String value) throws SQLException {
        if (number != null) {
            throw Wire.unchanging(TYPE);
        }
        if (value != null) {
            try {
                number = parse(value).number;
            } catch (IllegalArgumentException error) {
                throw Wire.badValue(error);
            }
        }
    }

    /** pgjdbc's way to fill it from the binary form (numeric's); a value, once set, does not change. */
    @Override
    public void setByteValue(byte[] value, int offset) throws SQLException {
        if (number != null) {
            throw Wire.unchanging(TYPE);
        }
        BigInteger received = Wire.numericValue(value, offset, TYPE);
        try {
            number = checked(received);
        } catch (IllegalArgumentException error) {
            throw Wire.badValue(error);
        }
    }

    /** The size of its binary form (numeric's); 0 for SQL NULL, which pgjdbc then sends as NULL. */
    @Override
    public int lengthInBytes() {
        Wire.checkType(TYPE, type);
        return number == null ? 0 : Wire.numericBytes(number).length;
    }

    @Override
    public void toBytes(byte[] bytes, int offset) {
        byte[] form = Wire.numericBytes(present());
        System.arraycopy(form, 0, bytes, offset, form.length);
    }

    @Override
    public int compareTo(Siq other) {
        return present().compareTo(other.present());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Siq && Objects.equals(number, ((Siq) other).number);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(number);
    }

    /** The 28 lowercase hex digits, or "NULL". */
    @Override
    public String toString() {
        return number == null ? "NULL" : hex(number);
    }

    private BigInteger present() {
        if (number == null) {
            throw new IllegalStateException("this Siq is SQL NULL");
        }
        return number;
    }

    private static String hex(BigInteger number) {
        String digits = number.toString(16);
        return "0".repeat(HEX_DIGITS - digits.length()) + digits;
    }

    private static boolean isHexDigit(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static BigInteger checked(BigInteger number) {
        if (number.signum() < 0 || number.compareTo(MAX_VALUE) > 0) {
            throw new Wire.OutOfRange(number + " is out of range for a siq (0 ... 2^112 - 1)");
        }
        return number;
    }

    private static BigInteger integral(BigDecimal number) {
        try {
            return number.toBigIntegerExact();
        } catch (ArithmeticException fraction) {
            throw new Wire.OutOfRange(number + " is not a siq: it has a fraction");
        }
    }
}
