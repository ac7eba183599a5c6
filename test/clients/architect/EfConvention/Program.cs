// Architect's own EF Core convention (DecimalIdConvention: decimal ids named ...Id as DECIMAL(28,0)) in one model with
// Identities.EntityFrameworkCore: a key in distributedid made by the database, a reference in numeric(28,0) made by
// Architect's DistributedId in .NET. Prints "ok - ..." or "not ok - ..." lines.
using Architect.Identities;
using Architect.Identities.EntityFramework;
using Microsoft.EntityFrameworkCore;
using Npgsql;

var connectionString = new NpgsqlConnectionStringBuilder
{
    Host = Environment.GetEnvironmentVariable("PGHOST"), Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
    Username = Environment.GetEnvironmentVariable("PGUSER"), Database = "identities_architect_convention", Pooling = false,
}.ConnectionString;
var failures = 0;
void Check(bool agrees, string what)
{
    Console.WriteLine($"{(agrees ? "ok" : "not ok")} - DecimalIdConvention beside UseIdentities(): {what}");
    if (!agrees)
        failures++;
}

await using (var db = new InvoicesContext(connectionString))
{
    await db.Database.EnsureDeletedAsync();
    await db.Database.EnsureCreatedAsync();
}
await using var connection = new NpgsqlConnection(connectionString);
await connection.OpenAsync();
await using (var columns = new NpgsqlCommand("""
    SELECT string_agg(column_name || ' ' || format_type(atttypid, atttypmod), ', ' ORDER BY column_name)
    FROM information_schema.columns JOIN pg_attribute ON attrelid = '"Invoices"'::regclass AND attname = column_name
    WHERE table_name = 'Invoices'
    """, connection))
{
    var declared = (string)(await columns.ExecuteScalarAsync())!;
    Check(declared == "CustomerId numeric(28,0), Id distributedid, Total numeric",
        $"the convention's DECIMAL(28,0) and the column type given ({declared})");
}

var customer = DistributedId.CreateId();
var invoice = new Invoice { CustomerId = customer, Total = 12.5m };
await using (var db = new InvoicesContext(connectionString))
{
    db.Invoices.Add(invoice);
    await db.SaveChangesAsync();
}
Check(invoice.Id > 0 && invoice.Id != customer, $"the key made by the database's DEFAULT ({invoice.Id})");
await using (var db = new InvoicesContext(connectionString))
{
    var found = await db.Invoices.SingleAsync(i => i.Id == invoice.Id);
    Check(found.CustomerId == customer && found.Total == 12.5m, "found by its distributedid key, the .NET-made id read back");
    var byCustomer = await db.Invoices.CountAsync(i => i.CustomerId == customer);
    Check(byCustomer == 1, "found by the numeric(28,0) id");
    var times = await db.Invoices.Where(i => i.Id == invoice.Id)
        .Select(i => new { Key = EF.Functions.DistributedIdTimestamp(i.Id), Customer = EF.Functions.DistributedIdTimestamp(i.CustomerId) })
        .SingleAsync();
    await using var sql = new NpgsqlCommand("SELECT distributedid_extract_timestamp(@id::numeric::distributedid)", connection);
    sql.Parameters.AddWithValue("id", customer);
    var expected = (DateTime)(await sql.ExecuteScalarAsync())!;
    Check(times.Customer == expected && Math.Abs((times.Key - times.Customer).TotalMinutes) < 5,
        $"EF.Functions.DistributedIdTimestamp of both columns ({times.Key:O}, {times.Customer:O})");
    await db.Database.EnsureDeletedAsync();
}
return failures == 0 ? 0 : 1;

class Invoice
{
    public decimal Id { get; set; }
    public decimal CustomerId { get; set; }
    public decimal Total { get; set; }
}

class InvoicesContext(string connectionString) : DbContext
{
    public DbSet<Invoice> Invoices => Set<Invoice>();

    protected override void OnConfiguring(DbContextOptionsBuilder options)
        => options.UseNpgsql(connectionString, o => o.UseIdentities());

    protected override void ConfigureConventions(ModelConfigurationBuilder configuration) => configuration.ConfigureDecimalIdTypes();

    protected override void OnModelCreating(ModelBuilder model)
    {
        model.HasPostgresExtension("identities");
        model.Entity<Invoice>().Property(i => i.Id).HasColumnType("distributedid").HasDefaultValueSql("distributedid_generate()");
    }
}
