package org.pgxn.identities.pgjdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * A {@code distributedid} (Architect.Identities' DistributedId): an integer from 0 to 10^28 - 1, which is what
 * {@code DECIMAL(28,0)} holds. Its text form is its decimal digits.
 *
 * <p>Made from a {@link BigInteger}, an integral {@link BigDecimal}, a {@code long} or its digits, and checked
 * then: a negative number, 10^28 or more, or a fraction is refused with an {@link IllegalArgumentException}.
 * {@code setObject(i, id)} sends it as a {@code distributedid} (in numeric's binary form where pgjdbc sends
 * binary), so {@code WHERE id = ?} compares with the column's own operator, through its index.
 *
 * <p>It is a pgjdbc {@link PGobject}, which {@link Identities#register} makes pgjdbc return for the type. The
 * public no-argument constructor is pgjdbc's: it fills the value once, through {@link #setValue} or
 * {@link #setByteValue}; until then the object stands for SQL NULL ({@link #isNull()}).
 */
public final class DistributedId extends PGobject implements PGBinaryObject, Comparable<DistributedId> {
    private static final long serialVersionUID = 1L;

    /** The type's name in SQL. */
    public static final String TYPE = "distributedid";
    /** The largest distributedid, 10^28 - 1. */
    public static final BigInteger MAX_VALUE = BigInteger.TEN.pow(28).subtract(BigInteger.ONE);

    // The timestamp is the milliseconds since 1900-01-01 in the bits above the 48 random ones.
    private static final int RANDOM_BITS = 48;
    private static final long UNIX_EPOCH_SINCE_1900_MS = 2_208_988_800_000L;

    private BigInteger number; // null: SQL NULL, until pgjdbc sets the value

    /** pgjdbc's constructor: SQL NULL until {@link #setValue} or {@link #setByteValue}. */
    public DistributedId() {
        type = TYPE;
    }

    /** @throws IllegalArgumentException if the number is negative or 10^28 or more */
    public DistributedId(BigInteger number) {
        this();
        this.number = checked(Objects.requireNonNull(number, "number"));
    }

    /** @throws IllegalArgumentException if the number has a fraction, is negative, or is 10^28 or more */
    public DistributedId(BigDecimal number) {
        this(integral(Objects.requireNonNull(number, "number")));
    }

    /** @throws IllegalArgumentException if the number is negative */
    public DistributedId(long number) {
        this(BigInteger.valueOf(number));
    }

    /**
     * The distributedid written in decimal digits (surrounding whitespace allowed, as the server's input).
     *
     * @throws IllegalArgumentException if the text is not decimal digits, or holds 10^28 or more
     */
    public static DistributedId parse(String text) {
        String digits = Objects.requireNonNull(text, "text").strip();
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is not a distributedid: its text form is decimal digits");
        }
        return new DistributedId(new BigInteger(digits));
    }

    public BigInteger toBigInteger() {
        return present();
    }

    /** As a {@code DECIMAL(28,0)} column holds it (scale 0). */
    public BigDecimal toBigDecimal() {
        return new BigDecimal(present());
    }

    /** The instant it embeds, to the millisecond, as {@code distributedid_extract_timestamp} reads it. */
    public Instant timestamp() {
        return Instant.ofEpochMilli(present().shiftRight(RANDOM_BITS).longValueExact() - UNIX_EPOCH_SINCE_1900_MS);
    }

    @Override
    public boolean isNull() {
        return number == null;
    }

    /** The decimal digits; null for SQL NULL. */
    @Override
    public String getValue() {
        Wire.checkType(TYPE, type);
        return number == null ? null : number.toString();
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
    public int compareTo(DistributedId other) {
        return present().compareTo(other.present());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DistributedId && Objects.equals(number, ((DistributedId) other).number);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(number);
    }

    /** The decimal digits, or "NULL". */
    @Override
    public String toString() {
        return number == null ? "NULL" : number.toString();
    }

    private BigInteger present() {
        if (number == null) {
            throw new IllegalStateException("this DistributedId is SQL NULL");
        }
        return number;
    }

    private static BigInteger checked(BigInteger number) {
        if (number.signum() < 0 || number.compareTo(MAX_VALUE) > 0) {
            throw new Wire.OutOfRange(number + " is out of range for a distributedid (0 ... 10^28 - 1)");
        }
        return number;
    }

    private static BigInteger integral(BigDecimal number) {
        try {
            return number.toBigIntegerExact();
        } catch (ArithmeticException fraction) {
            throw new Wire.OutOfRange(number + " is not a distributedid: it has a fraction");
        }
    }
}
