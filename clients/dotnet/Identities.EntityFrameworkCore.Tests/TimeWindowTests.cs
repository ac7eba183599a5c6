using Npgsql;
using NpgsqlTypes;
using System.Numerics;
using Microsoft.EntityFrameworkCore;
using Xunit;

namespace EFCoreIdentities.Tests;

public class Event
{
    public decimal Id { get; set; }
    public string Kind { get; set; } = "";
}

// The shop's model plus a table partitioned by day on its distributedid, which the fixture makes by hand.
public class WindowContext(string database, SqlLog? log = null) : ShopContext(database, log)
{
    public DbSet<Event> Events => Set<Event>();

    protected override void OnModelCreating(ModelBuilder model)
    {
        base.OnModelCreating(model);
        model.Entity<Event>(e =>
        {
            e.ToTable("events", t => t.ExcludeFromMigrations());
            e.Property(x => x.Id).HasColumnName("id").HasColumnType("distributedid");
            e.Property(x => x.Kind).HasColumnName("kind");
        });
    }
}

// Ids made at known instants (every 5 minutes over three days, by the extension's boundary functions), so that a
// window's rows are known; the events in three daily partitions.
public sealed class WindowDatabase : IAsyncLifetime
{
    public const string Name = "identities_efcore_windows";
    public static readonly DateTime Start = new(2026, 11, 20, 0, 0, 0, DateTimeKind.Utc);

    public async Task InitializeAsync()
    {
        await using (var context = new WindowContext(Name))
        {
            await context.Database.EnsureDeletedAsync();
            Assert.True(await context.Database.EnsureCreatedAsync());
        }
        const string instants = "generate_series('2026-11-20Z'::timestamptz, '2026-11-22 23:55Z', '5 min') AS ts";
        await Database.Scalar<object?>(Name, $$"""
            INSERT INTO "Orders" ("Id", "Customer", "Related", "LegacyId")
                SELECT distributedid_boundary(ts)::numeric + 7, 'c', '{}', distributedid_boundary(ts)::numeric + 7 FROM {{instants}};
            INSERT INTO "Rides" ("Id", "Fare", "Legs") SELECT iuid_boundary(ts), 1, '{}' FROM {{instants}};
            INSERT INTO "Messages" ("Id", "Body") SELECT siq_boundary(ts), 'm' FROM {{instants}};
            CREATE TABLE events (id distributedid PRIMARY KEY, kind text NOT NULL) PARTITION BY RANGE (id);
            CREATE TABLE events_20 PARTITION OF events FOR VALUES FROM (distributedid_boundary('2026-11-20Z')) TO (distributedid_boundary('2026-11-21Z'));
            CREATE TABLE events_21 PARTITION OF events FOR VALUES FROM (distributedid_boundary('2026-11-21Z')) TO (distributedid_boundary('2026-11-22Z'));
            CREATE TABLE events_22 PARTITION OF events FOR VALUES FROM (distributedid_boundary('2026-11-22Z')) TO (distributedid_boundary('2026-11-23Z'));
            INSERT INTO events SELECT "Id", 'e' FROM "Orders";
            ANALYZE;
            """);
    }

    public async Task DisposeAsync()
    {
        await using var context = new WindowContext(Name);
        await context.Database.EnsureDeletedAsync();
    }
}

public class TimeWindowTests : IClassFixture<WindowDatabase>
{
    const string Name = WindowDatabase.Name;
    static readonly DateTime From = WindowDatabase.Start.AddHours(30);
    static readonly DateTime To = WindowDatabase.Start.AddHours(32);
    const long InWindow = 2 * 12; // two hours of ids, one every 5 minutes: [from, to) holds 24

    static async Task AssertUses(string index, SqlLog log)
    {
        var plan = await Database.Explain(Name, log.Last);
        Assert.True(plan.Contains($"using \"{index}\""), $"{log.Last.Sql}\n-- does not use {index}:\n{plan}");
    }

    [Fact]
    public async Task Within_counts_the_window_through_the_primary_key()
    {
        var log = new SqlLog();
        await using var context = new WindowContext(Name, log);
        Assert.Equal(InWindow, await context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, From, To)));
        await AssertUses("PK_Orders", log);
        Assert.Equal(InWindow, await context.Rides.LongCountAsync(r => EF.Functions.IuidWithin(r.Id, From, To)));
        await AssertUses("PK_Rides", log);
        Assert.Equal(InWindow, await context.Messages.LongCountAsync(m => EF.Functions.SiqWithin(m.Id, From, To)));
        await AssertUses("PK_Messages", log);
        // The bounds are [from, to): one instant later, the window loses its first id and takes the one at `to`.
        Assert.Equal(InWindow, await context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, From.AddTicks(10), To.AddTicks(10))));
        Assert.Equal(0, await context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, From, From)));
        // A window that ends before it starts is refused as tstzrange refuses it.
        var reversed = await Assert.ThrowsAsync<PostgresException>(
            () => context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, To, From)));
        Assert.Equal("22000", reversed.SqlState);
    }

    [Fact]
    public async Task Windows_given_as_ranges_take_their_bounds()
    {
        var log = new SqlLog();
        await using var context = new WindowContext(Name, log);
        var halfOpen = new NpgsqlRange<DateTime>(From, true, To, false);
        Assert.Equal(InWindow, await context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, halfOpen)));
        await AssertUses("PK_Orders", log);
        var closed = new NpgsqlRange<DateTime>(From, true, To, true); // the id made at `to` too
        Assert.Equal(InWindow + 1, await context.Rides.LongCountAsync(r => EF.Functions.IuidWithin(r.Id, closed)));
        var fromOn = new NpgsqlRange<DateTime>(From, true, false, default, false, true); // no upper bound
        Assert.Equal(await Database.Scalar<long>(Name, $"SELECT count(*) FROM \"Messages\" WHERE siq_extract_timestamp(\"Id\") >= '{From:O}'"),
            await context.Messages.LongCountAsync(m => EF.Functions.SiqWithin(m.Id, fromOn)));
        var empty = NpgsqlRange<DateTime>.Empty;
        Assert.Equal(0, await context.Orders.LongCountAsync(o => EF.Functions.DistributedIdWithin(o.Id, empty)));
        var row = await context.Orders.Take(1).Select(_ => new
        {
            V7 = EF.Functions.UuidV7Within(EF.Functions.UuidV7Boundary(From), halfOpen),
            D128 = EF.Functions.DistributedId128Within(EF.Functions.DistributedId128Boundary(From), halfOpen),
            Hot = EF.Functions.HotGuidWithin(EF.Functions.HotGuidBoundary(From), halfOpen),
            Snowflake = EF.Functions.SnowflakeWithin(EF.Functions.SnowflakeBoundary(To), halfOpen),
        }).SingleAsync();
        Assert.True(row.V7 && row.D128 && row.Hot);
        Assert.False(row.Snowflake); // `to` is outside [from, to)
    }

    [Fact]
    public async Task Within_prunes_partitions()
    {
        var log = new SqlLog();
        await using var context = new WindowContext(Name, log);
        Assert.Equal(InWindow, await context.Events.LongCountAsync(e => EF.Functions.DistributedIdWithin(e.Id, From, To)));
        var plan = await Database.Explain(Name, log.Last);
        Assert.Contains("events_21", plan);
        Assert.DoesNotContain("events_20", plan);
        Assert.DoesNotContain("events_22", plan);
    }

    [Fact]
    public async Task Boundaries_compare_as_the_type()
    {
        var log = new SqlLog();
        await using var context = new WindowContext(Name, log);
        Assert.Equal(InWindow, await context.Orders.LongCountAsync(o =>
            o.Id >= EF.Functions.DistributedIdBoundary(From) && o.Id < EF.Functions.DistributedIdBoundary(To)));
        await AssertUses("PK_Orders", log);
        Assert.Equal(InWindow, await context.Messages.LongCountAsync(m =>
            m.Id >= EF.Functions.SiqBoundary(From) && m.Id < EF.Functions.SiqBoundary(To)));
        await AssertUses("PK_Messages", log);
        Assert.Equal(InWindow, await context.Rides.LongCountAsync(r =>
            r.Id >= EF.Functions.IuidBoundary(From) && r.Id < EF.Functions.IuidBoundary(To)));
    }

    [Fact]
    public async Task The_uuid_and_bigint_formats_translate()
    {
        await using var context = new WindowContext(Name);
        var instant = From.AddMinutes(1);
        var row = await context.Orders.Take(1).Select(_ => new
        {
            V7 = EF.Functions.UuidV7Within(EF.Functions.UuidV7Boundary(instant), From, To),
            D128 = EF.Functions.DistributedId128Within(EF.Functions.DistributedId128Boundary(instant), From, To),
            Hot = EF.Functions.HotGuidWithin(EF.Functions.HotGuidBoundary(instant), From, To),
            Snowflake = EF.Functions.SnowflakeWithin(EF.Functions.SnowflakeBoundary(instant), From, To),
            Outside = EF.Functions.UuidV7Within(EF.Functions.UuidV7Boundary(To), From, To),
        }).SingleAsync();
        Assert.True(row.V7 && row.D128 && row.Hot && row.Snowflake);
        Assert.False(row.Outside);
    }

    [Fact]
    public async Task Public_ids_round_trip_and_find_rows_through_the_primary_key()
    {
        var log = new SqlLog();
        await using var context = new WindowContext(Name, log);
        var order = await context.Orders.OrderBy(o => o.Id).Skip(5)
            .Select(o => new { o.Id, Public = EF.Functions.PublicId(o.Id), OfLegacy = EF.Functions.PublicId(o.LegacyId) }).FirstAsync();
        Assert.Equal(order.Public, order.OfLegacy);
        Assert.Equal(await Database.Scalar<Guid>(Name, $"SELECT public_id('{order.Id}'::distributedid)"), order.Public);

        var publicId = order.Public;
        Assert.Equal(order.Id, await context.Orders.Where(o => o.Id == EF.Functions.PublicIdToDistributedId(publicId)).Select(o => o.Id).SingleAsync());
        await AssertUses("PK_Orders", log);
        var stranger = Guid.NewGuid();
        Assert.Equal(0, await context.Orders.LongCountAsync(o => o.Id == EF.Functions.PublicIdToDistributedId(stranger)));

        var ride = await context.Rides.OrderBy(r => r.Id).Select(r => new { r.Id, Public = EF.Functions.PublicId(r.Id) }).FirstAsync();
        Assert.Equal(ride.Id, await context.Rides.Where(r => r.Id == EF.Functions.PublicIdToUuid(ride.Public)).Select(r => r.Id).SingleAsync());
        Assert.Equal(42L, await context.Orders.Take(1).Select(_ => EF.Functions.PublicIdToBigint(EF.Functions.PublicId(42L))).SingleAsync());
        Assert.Equal(order.Id, await context.Orders.Take(1).Select(_ => EF.Functions.PublicIdToNumeric(publicId)).SingleAsync());
    }
}
