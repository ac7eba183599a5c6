package org.pgxn.identities.pgjdbc;

import java.math.BigInteger;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.Arrays;

/** What the three types share on the wire: numeric's binary form, the type names pgjdbc gives, the errors. */
final class Wire {
    // numeric_send's header: int16 ndigits, int16 weight, uint16 sign, uint16 dscale; then ndigits base-10000
    // digits, the first of which multiplies 10000^weight; all big-endian.
    private static final int NUMERIC_HEADER = 8;
    private static final int NUMERIC_POSITIVE = 0x0000;
    private static final BigInteger TEN_THOUSAND = BigInteger.valueOf(10000);

    static final String OUT_OF_RANGE = "22003";
    static final String BAD_TEXT = "22P02";
    static final String BAD_BINARY = "22P03";

    private Wire() {
    }

    /** numeric_send's bytes of a non-negative integer: dscale 0, trailing zero digits left out. */
    static byte[] numericBytes(BigInteger number) {
        int[] digits = new int[9]; // 2^112 - 1 has 34 decimal digits: 9 base-10000 digits
        int count = 0;
        for (BigInteger rest = number; rest.signum() > 0; ) {
            BigInteger[] quotientAndDigit = rest.divideAndRemainder(TEN_THOUSAND);
            digits[count++] = quotientAndDigit[1].intValue(); // least significant first
            rest = quotientAndDigit[0];
        }
        int weight = count == 0 ? 0 : count - 1;
        int lowest = 0;
        while (lowest < count && digits[lowest] == 0) {
            lowest++;
        }
        int kept = count - lowest;
        byte[] bytes = new byte[NUMERIC_HEADER + 2 * kept];
        putShort(bytes, 0, kept);
        putShort(bytes, 2, weight);
        putShort(bytes, 4, NUMERIC_POSITIVE);
        putShort(bytes, 6, 0);
        for (int i = 0; i < kept; i++) {
            putShort(bytes, NUMERIC_HEADER + 2 * i, digits[count - 1 - i]);
        }
        return bytes;
    }

    /**
     * The integer in numeric's binary form (bytes from offset to the end); refuses anything else: a fraction, a
     * negative number, NaN, an infinity, or bytes that are not numeric's form.
     */
    static BigInteger numericValue(byte[] bytes, int offset, String typeName) throws SQLException {
        int length = bytes.length - offset;
        if (length < NUMERIC_HEADER) {
            throw badBinary(typeName, bytes, offset, "numeric's binary form has an 8-byte header");
        }
        int ndigits = getShort(bytes, offset);
        int weight = (short) getShort(bytes, offset + 2);
        int sign = getShort(bytes, offset + 4);
        if (length != NUMERIC_HEADER + 2 * ndigits) {
            throw badBinary(typeName, bytes, offset, "the length does not match its " + ndigits + " digits");
        }
        if (sign != NUMERIC_POSITIVE) {
            throw new SQLDataException("not a " + typeName + ": a negative number, NaN or an infinity ("
                    + hex(bytes, offset) + ")", OUT_OF_RANGE);
        }
        BigInteger number = BigInteger.ZERO;
        for (int i = 0; i < ndigits; i++) {
            int digit = getShort(bytes, offset + NUMERIC_HEADER + 2 * i);
            if (digit > 9999) {
                throw badBinary(typeName, bytes, offset, "a digit above 9999");
            }
            number = number.multiply(TEN_THOUSAND).add(BigInteger.valueOf(digit));
        }
        int exponent = weight - ndigits + 1; // of 10000, for the last digit
        if (exponent >= 0) {
            return number.multiply(TEN_THOUSAND.pow(exponent));
        }
        BigInteger[] integerAndFraction = number.divideAndRemainder(TEN_THOUSAND.pow(-exponent));
        if (integerAndFraction[1].signum() != 0) {
            throw new SQLDataException("not a " + typeName + ": a fraction (" + hex(bytes, offset) + ")", OUT_OF_RANGE);
        }
        return integerAndFraction[0];
    }

    /**
     * Whether pgjdbc's name for a type is this type: its bare name when its schema is on the search path, else
     * {@code "schema"."name"}.
     */
    static boolean namesType(String typeName, String type) {
        return type.equals(typeName) || type.endsWith(".\"" + typeName + "\"") || type.endsWith("." + typeName);
    }

    static void checkType(String typeName, String type) {
        if (type == null || !namesType(typeName, type)) {
            // PGobject.setType is final: a value relabelled as another type is refused rather than sent as it.
            throw new IllegalStateException("a " + typeName + " value cannot be sent as type " + type);
        }
    }

    static SQLException unchanging(String typeName) {
        return new SQLDataException("a " + typeName + " value does not change once set", BAD_TEXT);
    }

    /** A number the type cannot hold (negative, too large, a fraction): 22003, as the server's numeric casts. */
    static final class OutOfRange extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        OutOfRange(String message) {
            super(message);
        }
    }

    /** setValue's error: 22003 out of range, 22P02 not the type's text form (the server's SQLSTATEs). */
    static SQLException badValue(IllegalArgumentException error) {
        return new SQLDataException(error.getMessage(), error instanceof OutOfRange ? OUT_OF_RANGE : BAD_TEXT, error);
    }

    private static SQLException badBinary(String typeName, byte[] bytes, int offset, String why) {
        return new SQLDataException("not a " + typeName + " in numeric's binary form: " + why + " ("
                + hex(bytes, offset) + ")", BAD_BINARY);
    }

    private static String hex(byte[] bytes, int offset) {
        StringBuilder text = new StringBuilder();
        for (byte b : Arrays.copyOfRange(bytes, offset, bytes.length)) {
            text.append(String.format("%02x", b & 0xff));
        }
        return text.toString();
    }

    private static int getShort(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    private static void putShort(byte[] bytes, int at, int value) {
        bytes[at] = (byte) (value >>> 8);
        bytes[at + 1] = (byte) value;
    }
}
