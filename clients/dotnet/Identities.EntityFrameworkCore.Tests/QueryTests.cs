using System.Numerics;
using Microsoft.EntityFrameworkCore;
using Npgsql;
using Xunit;

namespace EFCoreIdentities.Tests;

// A database made by EnsureCreated() from the model, with a few thousand rows of each entity inserted through EF Core
// with the database's DEFAULT ids, and analyzed, so the planner picks the primary key where it should.
public sealed class ShopDatabase : IAsyncLifetime
{
    public const string Name = "identities_efcore_shop";
    public const int Rows = 2000;

    public async Task InitializeAsync()
    {
        await using (var context = new ShopContext(Name))
        {
            await context.Database.EnsureDeletedAsync();
            Assert.True(await context.Database.EnsureCreatedAsync());
            for (var i = 0; i < Rows; i++)
            {
                context.Orders.Add(new Order { Customer = $"customer {i % 50}" });
                context.Rides.Add(new Ride { Fare = i });
                context.Messages.Add(new Message { Body = $"message {i}" });
            }
            await context.SaveChangesAsync();
        }
        await Database.Scalar<object?>(Name, "ANALYZE");
    }

    public async Task DisposeAsync()
    {
        await using var context = new ShopContext(Name);
        await context.Database.EnsureDeletedAsync();
    }
}

// The fixture (its database) is made once for the class, before its first test.
public class QueryTests : IClassFixture<ShopDatabase>
{
    const string Name = ShopDatabase.Name;

    [Fact]
    public async Task EnsureCreated_declares_the_columns_with_the_types_and_their_defaults()
    {
        var columns = await Database.Scalar<string>(Name, """
            SELECT string_agg(table_name || '.' || column_name || ' ' || udt_name || ' ' || coalesce(column_default, '-'), '; '
                              ORDER BY table_name, column_name)
            FROM information_schema.columns
            WHERE table_schema = 'public' AND column_name IN ('Id', 'Related', 'Legs')
            """);
        Assert.Equal("Messages.Id siq siq_generate('message'::text, 'example.com'::text, 9); Orders.Id distributedid distributedid_generate(); "
            + "Orders.Related _distributedid -; Rides.Id iuid iuid_generate(42, 7); Rides.Legs _iuid -", columns);
        // Every order has its own id (other tests may have added orders: the count is taken as it is now).
        Assert.Equal(await Database.Scalar<long>(Name, "SELECT count(*) FROM \"Orders\""),
            await Database.Scalar<long>(Name, "SELECT count(DISTINCT \"Id\") FROM \"Orders\""));
    }

    [Fact]
    public async Task SaveChanges_takes_the_ids_the_database_generates()
    {
        await using var context = new ShopContext(Name);
        var order = new Order { Customer = "ada", Related = [1m, 9_999_999_999_999_999_999_999_999_999m] };
        var ride = new Ride { Fare = 12, Legs = [] };
        var message = new Message { Body = "hello" };
        context.AddRange(order, ride, message);
        await context.SaveChangesAsync();

        Assert.InRange(order.Id, 1m, 9_999_999_999_999_999_999_999_999_999m);
        var rideBytes = ride.Id.ToByteArray(bigEndian: true);
        Assert.Equal(8, rideBytes[6] >> 4); // version 8
        Assert.Equal(0b10, rideBytes[8] >> 6); // variant 10
        Assert.True(message.Id > 0 && message.Id < BigInteger.One << 112);

        await using var reader = new ShopContext(Name);
        var stored = await reader.Orders.SingleAsync(o => o.Id == order.Id);
        Assert.Equal(order.Related, stored.Related);
        Assert.Equal(12, (await reader.Rides.SingleAsync(r => r.Id == ride.Id)).Fare);
        Assert.Equal("hello", (await reader.Messages.SingleAsync(m => m.Id == message.Id)).Body);
        Assert.Equal(42, await reader.Rides.Where(r => r.Id == ride.Id).Select(r => EF.Functions.IuidCountry(r.Id)).SingleAsync());
    }

    [Fact]
    public async Task Where_by_id_sends_the_type_and_uses_the_primary_key()
    {
        var ids = await Database.Scalar<decimal[]>(Name, "SELECT array_agg(\"Id\"::numeric) FROM (SELECT \"Id\" FROM \"Orders\" LIMIT 1) o");
        var rides = await AnyRide();
        var messageId = BigInteger.Parse(await Database.Scalar<string>(Name, "SELECT \"Id\"::numeric::text FROM \"Messages\" LIMIT 1"));
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);

        var id = ids[0];
        Assert.Equal(id, (await context.Orders.SingleAsync(o => o.Id == id)).Id);
        await AssertUsesPrimaryKey(log, "PK_Orders");
        var rideId = rides;
        Assert.Equal(rideId, (await context.Rides.SingleAsync(r => r.Id == rideId)).Id);
        await AssertUsesPrimaryKey(log, "PK_Rides");
        Assert.Equal(messageId, (await context.Messages.SingleAsync(m => m.Id == messageId)).Id);
        await AssertUsesPrimaryKey(log, "PK_Messages");
    }

    [Fact]
    public async Task OrderBy_id_sorts_as_the_type_through_the_primary_key()
    {
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);
        var first = await context.Orders.OrderBy(o => o.Id).Select(o => o.Id).Take(20).ToListAsync();
        await AssertUsesPrimaryKey(log, "PK_Orders");
        Assert.Equal(first.Order(), first);
        Assert.Equal(await Database.Scalar<decimal>(Name, "SELECT min(\"Id\")::numeric FROM \"Orders\""), first[0]);

        var newest = await context.Messages.OrderByDescending(m => m.Id).Select(m => m.Id).Take(20).ToListAsync();
        await AssertUsesPrimaryKey(log, "PK_Messages");
        Assert.Equal(newest.OrderDescending(), newest);
        var rides = await context.Rides.OrderBy(r => r.Id).Select(r => r.Id).Take(20).ToListAsync();
        await AssertUsesPrimaryKey(log, "PK_Rides");
        // A uuid sorts by its bytes in RFC order, which is the order of its text.
        Assert.Equal(rides.OrderBy(r => r.ToString(), StringComparer.Ordinal), rides);
    }

    [Fact]
    public async Task Contains_over_a_list_sends_an_array_of_the_type_and_uses_the_primary_key()
    {
        var orderIds = (await Database.Scalar<decimal[]>(Name, "SELECT array_agg(\"Id\"::numeric) FROM (SELECT \"Id\" FROM \"Orders\" LIMIT 3) o")).ToList();
        var rideIds = (await Database.Scalar<Guid[]>(Name, "SELECT array_agg(\"Id\"::uuid) FROM (SELECT \"Id\" FROM \"Rides\" LIMIT 3) r")).ToList();
        var messageIds = (await Database.Scalar<string>(Name, "SELECT string_agg(\"Id\"::numeric::text, ',') FROM (SELECT \"Id\" FROM \"Messages\" LIMIT 3) m"))
            .Split(',').Select(BigInteger.Parse).ToArray();
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);

        Assert.Equal(orderIds.Order(), await context.Orders.Where(o => orderIds.Contains(o.Id)).Select(o => o.Id).OrderBy(id => id).ToListAsync());
        Assert.Contains("= ANY (@", log.Last.Sql);
        await AssertUsesPrimaryKey(log, "PK_Orders");
        Assert.Equal(3, await context.Rides.CountAsync(r => rideIds.Contains(r.Id)));
        await AssertUsesPrimaryKey(log, "PK_Rides");
        Assert.Equal(3, await context.Messages.CountAsync(m => messageIds.Contains(m.Id)));
        await AssertUsesPrimaryKey(log, "PK_Messages");
    }

    [Fact]
    public async Task Constants_are_written_as_literals_of_the_type()
    {
        var order = await Database.Scalar<decimal>(Name, "SELECT \"Id\"::numeric FROM \"Orders\" LIMIT 1");
        var ride = await AnyRide();
        var message = BigInteger.Parse(await Database.Scalar<string>(Name, "SELECT max(\"Id\")::numeric::text FROM \"Messages\""));
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);

        Assert.Equal(1, await context.Orders.CountAsync(o => o.Id == EF.Constant(order)));
        Assert.Contains($"'{order}'::distributedid", log.Last.Sql);
        Assert.Equal(1, await context.Rides.CountAsync(r => r.Id == EF.Constant(ride)));
        Assert.Contains($"'{ride}'::iuid", log.Last.Sql);
        // A siq's text is hexadecimal: the literal is its 28 hex digits, never its decimal digits.
        Assert.Equal(1, await context.Messages.CountAsync(m => m.Id == EF.Constant(message)));
        Assert.Contains($"'{Convert.ToHexStringLower(message.ToByteArray(isUnsigned: true, isBigEndian: true)).PadLeft(28, '0')}'::siq", log.Last.Sql);
    }

    [Fact]
    public async Task The_extraction_functions_translate_to_the_extensions_functions()
    {
        await using var context = new ShopContext(Name);
        var order = await context.Orders.OrderBy(o => o.Id)
            .Select(o => new { o.Id, Timestamp = EF.Functions.DistributedIdTimestamp(o.Id) }).FirstAsync();
        Assert.Equal(await Database.Scalar<DateTime>(Name, $"SELECT distributedid_extract_timestamp('{order.Id}')"), order.Timestamp);
        Assert.Equal(DateTimeKind.Utc, order.Timestamp.Kind);

        var ride = await context.Rides.Select(r => new
        {
            r.Id,
            Timestamp = EF.Functions.IuidTimestamp(r.Id),
            Country = EF.Functions.IuidCountry(r.Id),
            Entity = EF.Functions.IuidServiceEntity(r.Id),
            Version = EF.Functions.IuidFormatVersion(r.Id),
        }).FirstAsync();
        Assert.Equal((42, 7, 0), (ride.Country, ride.Entity, ride.Version));
        Assert.Equal(await Database.Scalar<DateTime>(Name, $"SELECT iuid_extract_timestamp('{ride.Id}')"), ride.Timestamp);

        // A message whose serial is not its shard (9), so that no two fields could stand for each other.
        var message = await context.Messages.Where(m => EF.Functions.SiqSerial(m.Id) != 9).Select(m => new
        {
            m.Id,
            Timestamp = EF.Functions.SiqTimestamp(m.Id),
            Shard = EF.Functions.SiqShard(m.Id),
            Domain = EF.Functions.SiqDomainHash(m.Id),
            Qualifier = EF.Functions.SiqQualifier(m.Id),
            Serial = EF.Functions.SiqSerial(m.Id),
        }).FirstAsync();
        Assert.Equal(("message", 9), (message.Qualifier, message.Shard));
        // The same fields by SQL, in one row: the timestamp in microseconds since the epoch.
        var expected = await Database.Scalar<string>(Name, $"""
            SELECT concat_ws('|', (extract(epoch FROM siq_extract_timestamp(id)) * 1000000)::bigint, siq_extract_shard(id),
                             siq_extract_domain_hash(id), siq_extract_serial(id))
            FROM (SELECT "Id" AS id FROM "Messages" WHERE "Id"::numeric = {message.Id}) AS m
            """);
        Assert.Equal(expected, $"{(message.Timestamp - DateTime.UnixEpoch).Ticks / 10}|{message.Shard}|{message.Domain}|{message.Serial}");

        // Filtering by what an id carries, and a parameter taken as the type.
        // This test's own ride of another country, so that the filter has a row to leave out.
        await Database.Scalar<object?>(Name, "INSERT INTO \"Rides\" (\"Id\", \"Fare\", \"Legs\") VALUES (iuid_generate(7, 7), 0, '{}')");
        var of42 = await context.Rides.CountAsync(r => EF.Functions.IuidCountry(r.Id) == 42);
        Assert.Equal(await Database.Scalar<long>(Name, "SELECT count(*) FROM \"Rides\" WHERE iuid_extract_country(\"Id\") = 42"), of42);
        Assert.True(of42 >= ShopDatabase.Rows && of42 < await context.Rides.CountAsync());
        // From the timestamp of the median order on: the SQL's count, neither none nor all.
        var since = await context.Orders.OrderBy(o => o.Id).Skip(ShopDatabase.Rows / 2)
            .Select(o => EF.Functions.DistributedIdTimestamp(o.Id)).FirstAsync();
        var after = await context.Orders.CountAsync(o => EF.Functions.DistributedIdTimestamp(o.Id) >= since);
        Assert.Equal(await Database.Scalar<long>(Name,
            $"SELECT count(*) FROM \"Orders\" WHERE distributedid_extract_timestamp(\"Id\") >= '{since:O}'"), after);
        Assert.True(after > 0 && after < await context.Orders.CountAsync());
        var id = order.Id;
        Assert.Equal(order.Timestamp, await context.Orders.Select(o => EF.Functions.DistributedIdTimestamp(id)).FirstAsync());
        // A DistributedId kept in numeric(28,0) is cast to distributedid.
        await Database.Scalar<object?>(Name, $"UPDATE \"Orders\" SET \"LegacyId\" = \"Id\"::numeric WHERE \"Id\" = '{id}'");
        Assert.Equal(order.Timestamp, await context.Orders.Where(o => o.LegacyId == id)
            .Select(o => EF.Functions.DistributedIdTimestamp(o.LegacyId)).SingleAsync());
        Assert.Throws<InvalidOperationException>(() => EF.Functions.DistributedIdTimestamp(id));
    }

    [Fact]
    public async Task Bad_values_fail_in_dotnet_and_nothing_is_written()
    {
        var before = await Database.Scalar<long>(Name, "SELECT (SELECT count(*) FROM \"Orders\") + (SELECT count(*) FROM \"Rides\") + (SELECT count(*) FROM \"Messages\")");
        async Task<Exception> Saving(object entity)
        {
            await using var context = new ShopContext(Name);
            context.Add(entity);
            return await Assert.ThrowsAnyAsync<Exception>(() => context.SaveChangesAsync());
        }
        // Architect's DistributedIds are integers below 10^28; an iUID is a UUID of version 8; a siq has 112 bits.
        Assert.Contains("integer", Inner(await Saving(new Order { Id = 1.5m })).Message);
        var badElement = Inner(await Saving(new Order { Id = 0m, Related = [1m, 10_000_000_000_000_000_000_000_000_000m] }));
        Assert.Contains("10^28", badElement.Message);
        Assert.Contains("Order.Related", badElement.Message);
        var notAnIuid = Inner(await Saving(new Ride { Id = Guid.NewGuid() }));
        Assert.Contains("not an iuid", notAnIuid.Message);
        Assert.Contains("Ride.Id", notAnIuid.Message); // the property is named
        Assert.Contains("2^112", Inner(await Saving(new Message { Id = BigInteger.One << 112 })).Message);
        Assert.Equal(before, await Database.Scalar<long>(Name, "SELECT (SELECT count(*) FROM \"Orders\") + (SELECT count(*) FROM \"Rides\") + (SELECT count(*) FROM \"Messages\")"));

        // The same checks for constants written into the SQL: refused, never rounded or sent.
        await using (var context = new ShopContext(Name))
        {
            var fraction = 1.5m;
            Assert.Contains("integer", Inner(await Assert.ThrowsAnyAsync<Exception>(
                () => context.Orders.CountAsync(o => o.Id == EF.Constant(fraction)))).Message);
            var version4 = Guid.NewGuid();
            Assert.Contains("not an iuid", Inner(await Assert.ThrowsAnyAsync<Exception>(
                () => context.Rides.CountAsync(r => r.Id == EF.Constant(version4)))).Message);
            var tooLarge = BigInteger.One << 112;
            Assert.Contains("2^112", Inner(await Assert.ThrowsAnyAsync<Exception>(
                () => context.Messages.CountAsync(m => m.Id == EF.Constant(tooLarge)))).Message);
        }

        static ArgumentException Inner(Exception e)
        {
            for (Exception? x = e; x is not null; x = x.InnerException)
                if (x is ArgumentException argument)
                    return argument;
            throw new Xunit.Sdk.XunitException($"no ArgumentException in {e}");
        }
    }

    [Fact]
    public async Task Contains_over_a_list_with_values_the_type_cannot_hold_finds_the_others_rows()
    {
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);
        var ride = await AnyRide();
        var rides = new List<Guid> { ride, Guid.NewGuid() }; // a version 4 Guid among them: sent as uuid[]
        Assert.Equal(1, await context.Rides.CountAsync(r => rides.Contains(r.Id)));
        Assert.Contains("using \"PK_Rides\"", await Database.Explain(Name, log.Last));
        var order = await context.Orders.Select(o => o.Id).FirstAsync();
        var orders = new[] { order, 1.5m, 10_000_000_000_000_000_000_000_000_000m };
        Assert.Equal(1, await context.Orders.CountAsync(o => orders.Contains(o.Id)));
    }

    [Fact]
    public async Task Contains_on_an_array_column_finds_the_rows_holding_the_element()
    {
        var leg = Guid.Parse("01a20942-04f9-8001-8086-1378e8435031");
        var marker = Random.Shared.Next(1_000_000, int.MaxValue); // this test's own rides
        await using (var writer = new ShopContext(Name))
        {
            writer.Rides.AddRange(new Ride { Fare = marker, Legs = [leg] }, new Ride { Fare = marker, Legs = [] });
            await writer.SaveChangesAsync();
        }
        await using var context = new ShopContext(Name);
        Assert.Equal(1, await context.Rides.CountAsync(r => r.Fare == marker && r.Legs.Contains(leg)));
        var stranger = Guid.NewGuid(); // no iuid: compared as a uuid, in no array
        Assert.Equal(0, await context.Rides.CountAsync(r => r.Fare == marker && r.Legs.Contains(stranger)));
    }

    [Fact]
    public async Task A_value_the_type_cannot_hold_finds_no_row_through_the_primary_key()
    {
        var log = new SqlLog();
        await using var context = new ShopContext(Name, log);
        var version4 = Guid.NewGuid();  // a Guid from a URL, say: no iuid
        Assert.Equal(0, await context.Rides.CountAsync(r => r.Id == version4));
        Assert.Contains("using \"PK_Rides\"", await Database.Explain(Name, log.Last)); // sent as a uuid, compared through the key
        var fraction = 1.5m;
        Assert.Equal(0, await context.Orders.CountAsync(o => o.Id == fraction));
        var tooLarge = BigInteger.One << 112;
        Assert.Equal(0, await context.Messages.CountAsync(m => m.Id == tooLarge));
        // A valid value beside them still finds its row.
        var ride = await AnyRide();
        Assert.Equal(1, await context.Rides.CountAsync(r => r.Id == ride || r.Id == version4));
    }

    static async Task<Guid> AnyRide() => await Database.Scalar<Guid>(Name, "SELECT \"Id\"::uuid FROM \"Rides\" LIMIT 1");

    static async Task AssertUsesPrimaryKey(SqlLog log, string index)
    {
        var plan = await Database.Explain(Name, log.Last);
        Assert.True(plan.Contains($"Index Scan using \"{index}\"") || plan.Contains($"Index Only Scan using \"{index}\"")
            || plan.Contains($"Index Scan Backward using \"{index}\"") || plan.Contains($"Index Only Scan Backward using \"{index}\""),
            $"{log.Last.Sql}\n-- does not use {index}:\n{plan}");
        Assert.DoesNotContain("::distributedid", log.Last.Sql);
        Assert.DoesNotContain("::numeric", log.Last.Sql);
    }
}
