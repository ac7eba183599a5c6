package org.pgxn.identities.pgjdbc;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * A {@code ulid} (github.com/ulid/spec): a 48-bit Unix millisecond timestamp and 80 random bits, 128 bits in all,
 * every value of which is a ULID. Its text form is 26 characters of Crockford's base32, upper case; its binary
 * form the 16 bytes big-endian, the spec's and a uuid's (the database casts a ulid to the {@link UUID} of the same
 * 128 bits and compares the two).
 *
 * <p>{@link #parse} reads a text as the server does: either case, {@code I} and {@code L} as 1, {@code O} as 0;
 * another length or character ({@code U} among them) is refused with an {@link IllegalArgumentException} (the
 * server's 22P02), and a first character above {@code 7}, more than 128 bits, with one saying "out of range" (the
 * server's 22003; {@link Identities}' getters and pgjdbc's {@code setValue} report those SQLSTATEs).
 *
 * <p>It is a pgjdbc {@link PGobject}, which {@link Identities#register} makes pgjdbc return for the type. The
 * public no-argument constructor is pgjdbc's: it fills the value once, through {@link #setValue} or
 * {@link #setByteValue}; until then the object stands for SQL NULL ({@link #isNull()}).
 */
public final class Ulid extends PGobject implements PGBinaryObject, Comparable<Ulid> {
    private static final long serialVersionUID = 1L;

    /** The type's name in SQL. */
    public static final String TYPE = "ulid";

    private static final int BYTES = 16;
    private static final int LENGTH = 26;
    private static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford's: no I, L, O, U

    private UUID bits; // the 128 bits as a UUID (most significant first); null: SQL NULL, until pgjdbc sets them

    /** pgjdbc's constructor: SQL NULL until {@link #setValue} or {@link #setByteValue}. */
    public Ulid() {
        type = TYPE;
    }

    /** The ULID of the same 128 bits as this uuid (as the database's cast from {@code uuid}). */
    public Ulid(UUID uuid) {
        this();
        this.bits = Objects.requireNonNull(uuid, "uuid");
    }

    /** The ULID of these 128 bits: the most significant 64 (the timestamp's 48 first) and the least. */
    public Ulid(long mostSignificantBits, long leastSignificantBits) {
        this(new UUID(mostSignificantBits, leastSignificantBits));
    }

    /**
     * The ULID written as 26 characters of Crockford's base32, read as the server reads it.
     *
     * @throws IllegalArgumentException if the text is not 26 characters of Crockford's base32, or (saying "out of
     *         range") holds more than 128 bits
     */
    public static Ulid parse(String text) {
        Objects.requireNonNull(text, "text");
        long high = 0;
        long low = 0;
        boolean valid = text.length() == LENGTH;
        for (int i = 0; valid && i < LENGTH; i++) {
            int digit = digit(text.charAt(i));
            valid = digit >= 0;
            high = high << 5 | low >>> 59;
            low = low << 5 | digit;
        }
        if (!valid) {
            throw new IllegalArgumentException("\"" + text + "\" is not a ulid: its text form is 26 characters of"
                    + " Crockford's base32");
        }
        if (digit(text.charAt(0)) > 7) {
            throw new Wire.OutOfRange("\"" + text + "\" is out of range for a ulid (00000000000000000000000000 ... "
                    + "7ZZZZZZZZZZZZZZZZZZZZZZZZZ)");
        }
        return new Ulid(high, low);
    }

    /** The value of a character of Crockford's base32, as it decodes (either case, I and L as 1, O as 0); -1 if none. */
    private static int digit(char c) {
        if (c >= 128) {
            return -1;
        }
        char upper = Character.toUpperCase(c);
        if (upper == 'I' || upper == 'L') {
            return 1;
        }
        if (upper == 'O') {
            return 0;
        }
        return ALPHABET.indexOf(upper);
    }

    /** The uuid of the same 128 bits, e.g. for a {@code uuid} column or an API that takes one. */
    public UUID toUuid() {
        return present();
    }

    /** The embedded timestamp, its first 48 bits: milliseconds since 1970-01-01 UTC. */
    public long unixMillis() {
        return present().getMostSignificantBits() >>> 16;
    }

    /** The instant it embeds, as {@code ulid_extract_timestamp} reads it (the largest ULID's is in the year 10889). */
    public Instant timestamp() {
        return Instant.ofEpochMilli(unixMillis());
    }

    @Override
    public boolean isNull() {
        return bits == null;
    }

    /** The 26 upper-case characters; null for SQL NULL. */
    @Override
    public String getValue() {
        Wire.checkType(TYPE, type);
        return bits == null ? null : toString();
    }

    /** pgjdbc's way to fill it from the text form; a value, once set, does not change. */
    @Override
    public void setValue(String value) throws SQLException {
        if (bits != null) {
            throw Wire.unchanging(TYPE);
        }
        if (value != null) {
            try {
                bits = parse(value).bits;
            } catch (IllegalArgumentException error) {
                throw Wire.badValue(error);
            }
        }
    }

    /** pgjdbc's way to fill it from the binary form (16 bytes); a value, once set, does not change. */
    @Override
    public void setByteValue(byte[] value, int offset) throws SQLException {
        if (bits != null) {
            throw Wire.unchanging(TYPE);
        }
        if (value.length - offset != BYTES) {
            throw new SQLDataException("a ulid's binary form is 16 bytes, not " + (value.length - offset),
                    Wire.BAD_BINARY);
        }
        bits = new UUID(longAt(value, offset), longAt(value, offset + 8));
    }

    /** 16; 0 for SQL NULL, which pgjdbc then sends as NULL. */
    @Override
    public int lengthInBytes() {
        Wire.checkType(TYPE, type);
        return bits == null ? 0 : BYTES;
    }

    @Override
    public void toBytes(byte[] bytes, int offset) {
        putLong(bytes, offset, present().getMostSignificantBits());
        putLong(bytes, offset + 8, present().getLeastSignificantBits());
    }

    /** In the server's order: the 128 bits unsigned, so time order ({@link UUID#compareTo} compares signed). */
    @Override
    public int compareTo(Ulid other) {
        int high = Long.compareUnsigned(present().getMostSignificantBits(), other.present().getMostSignificantBits());
        return high != 0 ? high
                : Long.compareUnsigned(present().getLeastSignificantBits(), other.present().getLeastSignificantBits());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ulid && Objects.equals(bits, ((Ulid) other).bits);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bits);
    }

    /** The 26 upper-case characters of Crockford's base32 (which sort as the ids), or "NULL". */
    @Override
    public String toString() {
        if (bits == null) {
            return "NULL";
        }
        long high = bits.getMostSignificantBits();
        long low = bits.getLeastSignificantBits();
        char[] text = new char[LENGTH];
        for (int i = LENGTH - 1; i >= 0; i--) {
            text[i] = ALPHABET.charAt((int) (low & 31));
            low = low >>> 5 | high << 59;
            high >>>= 5;
        }
        return new String(text);
    }

    private UUID present() {
        if (bits == null) {
            throw new IllegalStateException("this Ulid is SQL NULL");
        }
        return bits;
    }

    private static long longAt(byte[] bytes, int at) {
        long value = 0;
        for (int i = 0; i < 8; i++) {
            value = value << 8 | bytes[at + i] & 0xff;
        }
        return value;
    }

    private static void putLong(byte[] bytes, int at, long value) {
        for (int i = 7; i >= 0; i--) {
            bytes[at + i] = (byte) value;
            value >>>= 8;
        }
    }
}
