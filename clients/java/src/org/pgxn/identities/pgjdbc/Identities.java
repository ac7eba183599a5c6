package org.pgxn.identities.pgjdbc;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import org.postgresql.PGConnection;
import org.postgresql.core.BaseConnection;
import org.postgresql.core.QueryExecutor;
import org.postgresql.util.PGobject;

/**
 * Registers {@link DistributedId}, {@link Siq}, {@link Iuid} and {@link Ulid} on a pgjdbc connection, and reads them from a
 * {@link ResultSet} whatever form the column arrives in.
 */
public final class Identities {
    // The types of the extension, wherever it lives, with their arrays and the extension's version.
    private static final String TYPES_QUERY = "SELECT t.typname, t.oid, t.typarray, e.extversion"
            + " FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_type t ON t.typnamespace = e.extnamespace"
            + " WHERE e.extname = 'identities' AND t.typname IN ('distributedid', 'siq', 'iuid', 'ulid')";
    private static final String UNDEFINED_OBJECT = "42704";
    private static final String DATATYPE_MISMATCH = "42804";
    private static final String FEATURE_NOT_SUPPORTED = "0A000";

    private Identities() {
    }

    /** The form pgjdbc receives the types and their arrays in. */
    public enum Results {
        /**
         * Always text, as without this library: every getter of pgjdbc's reads them ({@code getString},
         * {@code getBigDecimal} of a {@code distributedid}), and {@code getObject} gives the value classes.
         */
        TEXT,
        /**
         * Binary where pgjdbc uses binary (once a statement is prepared on the server: from its 6th execution
         * with the default {@code prepareThreshold} of 5, at once with {@code prepareThreshold=-1}): numeric's
         * form, a uuid's 16 bytes, and arrays of them.
         * Read them with {@code getObject}, {@code getString} or this class's getters only: pgjdbc's
         * {@code getBigDecimal} of a binary column of a type it does not know returns null.
         */
        BINARY
    }

    /** {@link #register(Connection, Results)} with {@link Results#TEXT}. */
    public static void register(Connection connection) throws SQLException {
        register(connection, Results.TEXT);
    }

    /**
     * Makes this connection's {@code getObject} return {@link DistributedId}, {@link Siq}, {@link Iuid} and
     * {@link Ulid} for the types, in results and in their arrays' elements (pgjdbc's
     * {@link PGConnection#addDataType}), and sends them as binary parameters: numeric's form for
     * {@code distributedid} and {@code siq}, a uuid's 16 bytes for {@code iuid} and {@code ulid}. The connection's {@code binaryTransferDisable}, listing their oids, keeps them in
     * text both ways.
     *
     * @param results the form results of the types and their arrays arrive in
     * @throws SQLException if the extension is not installed in the connection's database (42704), or is still at
     *         0.1.0, whose binary forms are not numeric's (0A000: {@code ALTER EXTENSION identities UPDATE})
     */
    public static void register(Connection connection, Results results) throws SQLException {
        PGConnection pgConnection = connection.unwrap(PGConnection.class);
        Map<String, int[]> oids = new HashMap<>(); // type name -> its oid and its array's
        try (PreparedStatement query = connection.prepareStatement(TYPES_QUERY);
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                if (rows.getString(4).equals("0.1.0")) {
                    throw new SQLException("the identities extension of this database is 0.1.0, whose binary forms"
                            + " of distributedid and siq are not numeric's: ALTER EXTENSION identities UPDATE",
                            FEATURE_NOT_SUPPORTED);
                }
                oids.put(rows.getString(1), new int[] {rows.getInt(2), rows.getInt(3)});
            }
        }
        if (!oids.keySet().containsAll(List.of(DistributedId.TYPE, Siq.TYPE, Iuid.TYPE))) {
            throw new SQLException("the identities extension is not installed in this database", UNDEFINED_OBJECT);
        }
        // By the bare names, in whatever schema: pgjdbc finds the type off the search path too, and from then
        // on names its columns so. A class that is a PGBinaryObject gets binary both ways (unless disabled).
        pgConnection.addDataType(DistributedId.TYPE, DistributedId.class);
        pgConnection.addDataType(Siq.TYPE, Siq.class);
        pgConnection.addDataType(Iuid.TYPE, Iuid.class);
        if (oids.containsKey(Ulid.TYPE)) {
            pgConnection.addDataType(Ulid.TYPE, Ulid.class);
        }
        QueryExecutor executor = connection.unwrap(BaseConnection.class).getQueryExecutor();
        for (int[] typeAndArray : oids.values()) {
            if (results == Results.BINARY && executor.useBinaryForReceive(typeAndArray[0])) {
                executor.addBinaryReceiveOid(typeAndArray[1]);
            } else {
                executor.removeBinaryReceiveOid(typeAndArray[0]);
                executor.removeBinaryReceiveOid(typeAndArray[1]);
            }
        }
    }

    /**
     * The column as a {@link DistributedId}, or null for SQL NULL. Takes a {@code distributedid} (registered or
     * not), a {@code numeric} holding an id (such as {@code DECIMAL(28,0)}), an integer column, or text in the
     * type's text form (decimal digits).
     *
     * @throws SQLException for another type (42804), a number that is no distributedid (22003), or text that is not
     *         its text form (22P02)
     */
    public static DistributedId getDistributedId(ResultSet rows, int column) throws SQLException {
        return toDistributedId(rows.getObject(column));
    }

    /** {@link #getDistributedId(ResultSet, int)} by the column's label. */
    public static DistributedId getDistributedId(ResultSet rows, String column) throws SQLException {
        return getDistributedId(rows, rows.findColumn(column));
    }

    /**
     * The column as a {@link Siq}, or null for SQL NULL. Takes a {@code siq} (registered or not), a
     * {@code numeric} holding one, an integer column, or text in the type's text form (hex digits).
     *
     * @throws SQLException for another type (42804), a number that is no siq (22003), or text that is not its
     *         text form (22P02)
     */
    public static Siq getSiq(ResultSet rows, int column) throws SQLException {
        return toSiq(rows.getObject(column));
    }

    /** {@link #getSiq(ResultSet, int)} by the column's label. */
    public static Siq getSiq(ResultSet rows, String column) throws SQLException {
        return getSiq(rows, rows.findColumn(column));
    }

    /**
     * The column as an {@link Iuid}, or null for SQL NULL. Takes an {@code iuid} (registered or not), a
     * {@code uuid} holding one, or text in the type's text form (a canonical uuid).
     *
     * @throws SQLException for another type (42804), or a uuid or text that is no iUID (22P02)
     */
    public static Iuid getIuid(ResultSet rows, int column) throws SQLException {
        return toIuid(rows.getObject(column));
    }

    /** {@link #getIuid(ResultSet, int)} by the column's label. */
    public static Iuid getIuid(ResultSet rows, String column) throws SQLException {
        return getIuid(rows, rows.findColumn(column));
    }

    /**
     * The column as a {@link Ulid}, or null for SQL NULL. Takes a {@code ulid} (registered or not), a {@code uuid}
     * (the same 128 bits), or text in the type's text form (26 characters of Crockford's base32, read as
     * {@link Ulid#parse} reads them).
     *
     * @throws SQLException for another type (42804), or text that is no ULID (22P02; 22003 above 128 bits)
     */
    public static Ulid getUlid(ResultSet rows, int column) throws SQLException {
        return toUlid(rows.getObject(column));
    }

    /** {@link #getUlid(ResultSet, int)} by the column's label. */
    public static Ulid getUlid(ResultSet rows, String column) throws SQLException {
        return getUlid(rows, rows.findColumn(column));
    }

    /**
     * A one-dimensional array column ({@code distributedid[]}, {@code numeric[]}) as {@link DistributedId}s, null
     * elements for SQL NULLs; null for a NULL array.
     */
    public static DistributedId[] getDistributedIds(ResultSet rows, int column) throws SQLException {
        return elements(rows.getArray(column), Identities::toDistributedId, DistributedId[]::new);
    }

    /** {@link #getDistributedIds(ResultSet, int)} by the column's label. */
    public static DistributedId[] getDistributedIds(ResultSet rows, String column) throws SQLException {
        return getDistributedIds(rows, rows.findColumn(column));
    }

    /** A one-dimensional {@code siq[]} (or {@code numeric[]}) column as {@link Siq}s, as {@link #getDistributedIds}. */
    public static Siq[] getSiqs(ResultSet rows, int column) throws SQLException {
        return elements(rows.getArray(column), Identities::toSiq, Siq[]::new);
    }

    /** {@link #getSiqs(ResultSet, int)} by the column's label. */
    public static Siq[] getSiqs(ResultSet rows, String column) throws SQLException {
        return getSiqs(rows, rows.findColumn(column));
    }

    /** A one-dimensional {@code iuid[]} (or {@code uuid[]}) column as {@link Iuid}s, as {@link #getDistributedIds}. */
    public static Iuid[] getIuids(ResultSet rows, int column) throws SQLException {
        return elements(rows.getArray(column), Identities::toIuid, Iuid[]::new);
    }

    /** {@link #getIuids(ResultSet, int)} by the column's label. */
    public static Iuid[] getIuids(ResultSet rows, String column) throws SQLException {
        return getIuids(rows, rows.findColumn(column));
    }

    /** A one-dimensional {@code ulid[]} (or {@code uuid[]}) column as {@link Ulid}s, as {@link #getDistributedIds}. */
    public static Ulid[] getUlids(ResultSet rows, int column) throws SQLException {
        return elements(rows.getArray(column), Identities::toUlid, Ulid[]::new);
    }

    /** {@link #getUlids(ResultSet, int)} by the column's label. */
    public static Ulid[] getUlids(ResultSet rows, String column) throws SQLException {
        return getUlids(rows, rows.findColumn(column));
    }

    private static DistributedId toDistributedId(Object value) throws SQLException {
        try {
            if (value == null || value instanceof DistributedId) {
                return (DistributedId) value;
            }
            if (isUnregistered(value, DistributedId.TYPE) || value instanceof String) {
                return DistributedId.parse(text(value));
            }
            if (value instanceof BigDecimal) {
                return new DistributedId((BigDecimal) value);
            }
            if (value instanceof Long || value instanceof Integer || value instanceof Short) {
                return new DistributedId(((Number) value).longValue());
            }
        } catch (IllegalArgumentException error) {
            throw Wire.badValue(error);
        }
        throw mismatch(value, DistributedId.TYPE);
    }

    private static Siq toSiq(Object value) throws SQLException {
        try {
            if (value == null || value instanceof Siq) {
                return (Siq) value;
            }
            if (isUnregistered(value, Siq.TYPE) || value instanceof String) {
                return Siq.parse(text(value));
            }
            if (value instanceof BigDecimal) {
                return new Siq((BigDecimal) value);
            }
            if (value instanceof Long || value instanceof Integer || value instanceof Short) {
                return new Siq(((Number) value).longValue());
            }
        } catch (IllegalArgumentException error) {
            throw Wire.badValue(error);
        }
        throw mismatch(value, Siq.TYPE);
    }

    private static Iuid toIuid(Object value) throws SQLException {
        try {
            if (value == null || value instanceof Iuid) {
                return (Iuid) value;
            }
            if (isUnregistered(value, Iuid.TYPE) || value instanceof String) {
                return Iuid.parse(text(value));
            }
            if (value instanceof UUID) {
                return new Iuid((UUID) value);
            }
        } catch (IllegalArgumentException error) {
            throw Wire.badValue(error);
        }
        throw mismatch(value, Iuid.TYPE);
    }

    private static Ulid toUlid(Object value) throws SQLException {
        try {
            if (value == null || value instanceof Ulid) {
                return (Ulid) value;
            }
            if (isUnregistered(value, Ulid.TYPE) || value instanceof String) {
                return Ulid.parse(text(value));
            }
            if (value instanceof UUID) {
                return new Ulid((UUID) value);
            }
        } catch (IllegalArgumentException error) {
            throw Wire.badValue(error);
        }
        throw mismatch(value, Ulid.TYPE);
    }

    /** The text of pgjdbc's plain PGobject (on a connection that was not registered), or of a String. */
    private static String text(Object value) throws SQLException {
        String text = value instanceof PGobject ? ((PGobject) value).getValue() : (String) value;
        if (text == null) {
            throw new SQLDataException("a " + ((PGobject) value).getType() + " arrived in binary on a connection"
                    + " that was not registered: call Identities.register(connection)", FEATURE_NOT_SUPPORTED);
        }
        return text;
    }

    /** pgjdbc's plain PGobject, holding the text form, on a connection that was not registered. */
    private static boolean isUnregistered(Object value, String typeName) {
        return value.getClass() == PGobject.class && Wire.namesType(typeName, ((PGobject) value).getType());
    }

    private static SQLException mismatch(Object value, String typeName) {
        String what = value instanceof PGobject ? ((PGobject) value).getType() : value.getClass().getName();
        return new SQLDataException("a " + what + " is not read as a " + typeName, DATATYPE_MISMATCH);
    }

    private interface Conversion<T> {
        T convert(Object value) throws SQLException;
    }

    private static <T> T[] elements(Array array, Conversion<T> conversion, IntFunction<T[]> arrayOf)
            throws SQLException {
        if (array == null) {
            return null;
        }
        try {
            Object[] elements = (Object[]) array.getArray();
            T[] converted = arrayOf.apply(elements.length);
            for (int i = 0; i < elements.length; i++) {
                if (elements[i] instanceof Object[]) {
                    throw new SQLDataException("a multidimensional array is not read as ids", DATATYPE_MISMATCH);
                }
                converted[i] = conversion.convert(elements[i]);
            }
            return converted;
        } finally {
            array.free();
        }
    }
}
