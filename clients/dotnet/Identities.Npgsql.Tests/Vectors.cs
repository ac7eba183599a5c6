namespace NpgsqlIdentities.Tests;

// The known answers live in test/vectors (one file per format, test/vectors/README.md): IDENTITIES_VECTORS, or the
// repository's directory above the test assembly.
public static class Vectors
{
    static readonly string Directory = FindDirectory();

    static string FindDirectory()
    {
        if (Environment.GetEnvironmentVariable("IDENTITIES_VECTORS") is { Length: > 0 } set)
            return set;
        for (var up = new DirectoryInfo(AppContext.BaseDirectory); up is not null; up = up.Parent)
            if (File.Exists(Path.Combine(up.FullName, "test", "vectors", "README.md")))
                return Path.Combine(up.FullName, "test", "vectors");
        throw new DirectoryNotFoundException("test/vectors: set IDENTITIES_VECTORS");
    }

    // The rows of NAME.tsv (of that kind): column name to field, null when empty.
    public static List<Dictionary<string, string?>> Rows(string name, string? kind = null)
    {
        var lines = File.ReadAllLines(Path.Combine(Directory, name + ".tsv"))
            .Where(line => line != "" && !line.StartsWith('#')).ToArray();
        var header = lines[0].Split('\t');
        return lines.Skip(1).Select(line => header.Zip(line.Split('\t'), (column, field) => (column, field))
                .ToDictionary(p => p.column, p => p.field == "" ? null : p.field))
            .Where(row => kind is null || row["kind"] == kind).ToList();
    }
}
