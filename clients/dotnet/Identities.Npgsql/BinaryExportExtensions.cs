using System.Numerics;
using System.Threading;
using System.Threading.Tasks;
using Npgsql.Identities.Internal;

namespace Npgsql;

/// <summary>
/// Reading the extension's types from a binary COPY export. Npgsql's <see cref="NpgsqlBinaryExporter"/> types a column
/// by the .NET type asked for or an <c>NpgsqlDbType</c>, never by a data type name. Since extension 0.2.0 the binary
/// form of <c>distributedid</c> and <c>siq</c> is numeric's, so <c>Read&lt;decimal&gt;()</c> and
/// <c>Read&lt;BigInteger&gt;()</c> read them too; these read the column's bytes (as <c>bytea</c> does), check them
/// against the type's range (an <see cref="System.InvalidCastException"/> otherwise) and decode them.
/// </summary>
public static class NpgsqlIdentitiesBinaryExportExtensions
{
    /// <summary>Reads the current column, a <c>distributedid</c>, as a <see cref="decimal"/> and moves to the next.</summary>
    public static decimal ReadDistributedId(this NpgsqlBinaryExporter exporter)
        => DistributedIdConverter.Decode(exporter.Read<byte[]>());

    /// <summary>Reads the current column, an <c>iuid</c>, as a <see cref="System.Guid"/> and moves to the next.</summary>
    public static System.Guid ReadIuid(this NpgsqlBinaryExporter exporter)
        => IuidConverter.Decode(exporter.Read<byte[]>());

    /// <summary>Reads the current column, a <c>siq</c>, as a <see cref="BigInteger"/> and moves to the next.</summary>
    public static BigInteger ReadSiq(this NpgsqlBinaryExporter exporter)
        => SiqConverter.Decode(exporter.Read<byte[]>());

    /// <summary>The same as <see cref="ReadDistributedId"/>, asynchronously.</summary>
    public static async ValueTask<decimal> ReadDistributedIdAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => DistributedIdConverter.Decode(await exporter.ReadAsync<byte[]>(cancellationToken).ConfigureAwait(false));

    /// <summary>The same as <see cref="ReadIuid"/>, asynchronously.</summary>
    public static async ValueTask<System.Guid> ReadIuidAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => IuidConverter.Decode(await exporter.ReadAsync<byte[]>(cancellationToken).ConfigureAwait(false));

    /// <summary>The same as <see cref="ReadSiq"/>, asynchronously.</summary>
    public static async ValueTask<BigInteger> ReadSiqAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => SiqConverter.Decode(await exporter.ReadAsync<byte[]>(cancellationToken).ConfigureAwait(false));

    // The nullable forms: a NULL column is skipped and read as null.

    /// <summary>Reads the current column, a <c>distributedid</c> or NULL, and moves to the next.</summary>
    public static decimal? ReadNullableDistributedId(this NpgsqlBinaryExporter exporter)
        => SkipIfNull(exporter) ? null : exporter.ReadDistributedId();

    /// <summary>Reads the current column, an <c>iuid</c> or NULL, and moves to the next.</summary>
    public static System.Guid? ReadNullableIuid(this NpgsqlBinaryExporter exporter)
        => SkipIfNull(exporter) ? null : exporter.ReadIuid();

    /// <summary>Reads the current column, a <c>siq</c> or NULL, and moves to the next.</summary>
    public static BigInteger? ReadNullableSiq(this NpgsqlBinaryExporter exporter)
        => SkipIfNull(exporter) ? null : exporter.ReadSiq();

    /// <summary>The same as <see cref="ReadNullableDistributedId"/>, asynchronously.</summary>
    public static async ValueTask<decimal?> ReadNullableDistributedIdAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => await SkipIfNullAsync(exporter, cancellationToken).ConfigureAwait(false) ? null
            : await exporter.ReadDistributedIdAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>The same as <see cref="ReadNullableIuid"/>, asynchronously.</summary>
    public static async ValueTask<System.Guid?> ReadNullableIuidAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => await SkipIfNullAsync(exporter, cancellationToken).ConfigureAwait(false) ? null
            : await exporter.ReadIuidAsync(cancellationToken).ConfigureAwait(false);

    /// <summary>The same as <see cref="ReadNullableSiq"/>, asynchronously.</summary>
    public static async ValueTask<BigInteger?> ReadNullableSiqAsync(this NpgsqlBinaryExporter exporter, CancellationToken cancellationToken = default)
        => await SkipIfNullAsync(exporter, cancellationToken).ConfigureAwait(false) ? null
            : await exporter.ReadSiqAsync(cancellationToken).ConfigureAwait(false);

    static bool SkipIfNull(NpgsqlBinaryExporter exporter)
    {
        if (!exporter.IsNull)
            return false;
        exporter.Skip();
        return true;
    }

    static async ValueTask<bool> SkipIfNullAsync(NpgsqlBinaryExporter exporter, CancellationToken cancellationToken)
    {
        if (!exporter.IsNull)
            return false;
        await exporter.SkipAsync(cancellationToken).ConfigureAwait(false);
        return true;
    }
}
