package org.pgxn.identities.pgjdbc;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.postgresql.util.PGBinaryObject;
import org.postgresql.util.PGobject;

/**
 * An {@code iuid} (inDrive's iUID): a {@link UUID} of version 8 and the RFC 4122 variant ({@code 10}). Its text
 * form is the canonical uuid; its binary form a uuid's 16 bytes.
 *
 * <p>Made from a {@link UUID} or its text, and checked then: any other version or variant is refused with an
 * {@link IllegalArgumentException}, as the server refuses it.
 *
 * <p>It is a pgjdbc {@link PGobject}, which {@link Identities#register} makes pgjdbc return for the type. The
 * public no-argument constructor is pgjdbc's: it fills the value once, through {@link #setValue} or
 * {@link #setByteValue}; until then the object stands for SQL NULL ({@link #isNull()}).
 */
public final class Iuid extends PGobject implements PGBinaryObject, Comparable<Iuid> {
    private static final long serialVersionUID = 1L;

    /** The type's name in SQL. */
    public static final String TYPE = "iuid";

    private static final int BYTES = 16;
    private static final int RFC_4122_VARIANT = 2;

    private UUID uuid; // null: SQL NULL, until pgjdbc sets the value

    /** pgjdbc's constructor: SQL NULL until {@link #setValue} or {@link #setByteValue}. */
    public Iuid() {
        type = TYPE;
    }

    /** @throws IllegalArgumentException if the uuid is not version 8 with the RFC 4122 variant */
    public Iuid(UUID uuid) {
        this();
        this.uuid = checked(Objects.requireNonNull(uuid, "uuid"));
    }

    /**
     * The iuid written as a canonical uuid, 8-4-4-4-12 hex digits in either case (surrounding whitespace allowed).
     *
     * @throws IllegalArgumentException if the text is not a canonical uuid, or not an iUID's version and variant
     */
    public static Iuid parse(String text) {
        String canonical = Objects.requireNonNull(text, "text").strip();
        if (!isCanonical(canonical)) {
            throw new IllegalArgumentException("\"" + text + "\" is not an iuid: its text form is a canonical uuid");
        }
        return new Iuid(UUID.fromString(canonical));
    }

    public UUID toUuid() {
        return present();
    }

    /** The instant it embeds (its first 48 bits, unix milliseconds), as {@code iuid_extract_timestamp} reads it. */
    public Instant timestamp() {
        return Instant.ofEpochMilli(present().getMostSignificantBits() >>> 16);
    }

    @Override
    public boolean isNull() {
        return uuid == null;
    }

    /** The canonical lowercase uuid; null for SQL NULL. */
    @Override
    public String getValue() {
        Wire.checkType(TYPE, type);
        return uuid == null ? null : uuid.toString();
    }

    /** pgjdbc's way to fill it from the text form; a value, once set, does not change. */
    @Override
    public void setValue(String value) throws SQLException {
        if (uuid != null) {
            throw Wire.unchanging(TYPE);
        }
        if (value != null) {
            try {
                uuid = parse(value).uuid;
            } catch (IllegalArgumentException error) {
                throw Wire.badValue(error);
            }
        }
    }

    /** pgjdbc's way to fill it from the binary form (a uuid's 16 bytes); a value, once set, does not change. */
    @Override
    public void setByteValue(byte[] value, int offset) throws SQLException {
        if (uuid != null) {
            throw Wire.unchanging(TYPE);
        }
        if (value.length - offset != BYTES) {
            throw new SQLDataException("an iuid's binary form is 16 bytes, not " + (value.length - offset),
                    Wire.BAD_BINARY);
        }
        UUID received = new UUID(longAt(value, offset), longAt(value, offset + 8));
        try {
            uuid = checked(received);
        } catch (IllegalArgumentException error) {
            throw new SQLDataException(error.getMessage(), Wire.BAD_BINARY, error);
        }
    }

    /** 16; 0 for SQL NULL, which pgjdbc then sends as NULL. */
    @Override
    public int lengthInBytes() {
        Wire.checkType(TYPE, type);
        return uuid == null ? 0 : BYTES;
    }

    @Override
    public void toBytes(byte[] bytes, int offset) {
        putLong(bytes, offset, present().getMostSignificantBits());
        putLong(bytes, offset + 8, present().getLeastSignificantBits());
    }

    /** In the server's order: the 16 bytes unsigned, so time order ({@link UUID#compareTo} compares signed). */
    @Override
    public int compareTo(Iuid other) {
        int high = Long.compareUnsigned(present().getMostSignificantBits(), other.present().getMostSignificantBits());
        return high != 0 ? high
                : Long.compareUnsigned(present().getLeastSignificantBits(), other.present().getLeastSignificantBits());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Iuid && Objects.equals(uuid, ((Iuid) other).uuid);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(uuid);
    }

    /** The canonical lowercase uuid, or "NULL". */
    @Override
    public String toString() {
        return uuid == null ? "NULL" : uuid.toString();
    }

    private UUID present() {
        if (uuid == null) {
            throw new IllegalStateException("this Iuid is SQL NULL");
        }
        return uuid;
    }

    private static UUID checked(UUID uuid) {
        if (uuid.version() != 8 || uuid.variant() != RFC_4122_VARIANT) {
            throw new IllegalArgumentException(uuid + " is not an iuid (a UUID of version 8 and variant 10)");
        }
        return uuid;
    }

    private static boolean isCanonical(String text) {
        if (text.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            boolean hyphen = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
            if (hyphen ? c != '-' : !hex) {
                return false;
            }
        }
        return true;
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
