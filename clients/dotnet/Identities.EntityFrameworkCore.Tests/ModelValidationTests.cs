using Identities.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore;
using Xunit;

namespace EFCoreIdentities.Tests;

public class Ticket
{
    public long Id { get; set; }
    public string[] Seats { get; set; } = [];
    public Guid? Trip { get; set; }
}

// A model is built with no server: the columns declared with one of the extension's types are checked then.
public class TicketContext(Action<ModelBuilder> configure) : DbContext
{
    public DbSet<Ticket> Tickets => Set<Ticket>();

    protected override void OnConfiguring(DbContextOptionsBuilder options)
        => options.UseNpgsql("Host=nowhere", o => o.UseIdentities()).ReplaceService<Microsoft.EntityFrameworkCore.Infrastructure.IModelCacheKeyFactory, NoModelCache>();

    protected override void OnModelCreating(ModelBuilder model) => configure(model);
}

// Each TicketContext builds its own model (EF Core caches one per context type otherwise).
sealed class NoModelCache : Microsoft.EntityFrameworkCore.Infrastructure.IModelCacheKeyFactory
{
    public object Create(DbContext context, bool designTime) => new object();
}

public class ModelValidationTests
{
    static string Failure(Action<ModelBuilder> configure)
    {
        using var context = new TicketContext(configure);
        return Assert.Throws<InvalidOperationException>(() => context.Model).Message;
    }

    [Fact]
    public void A_property_of_a_type_no_mapping_serves_fails_when_the_model_is_built_naming_it()
    {
        var message = Failure(m => m.Entity<Ticket>().Property(t => t.Id).HasColumnType("distributedid"));
        Assert.Contains("Ticket.Id", message);
        Assert.Contains("distributedid maps to Decimal, not Int64", message);

        message = Failure(m => m.Entity<Ticket>().Property(t => t.Seats).HasColumnType("ids.iuid[]"));
        Assert.Contains("Ticket.Seats", message);
        Assert.Contains("an array of iuid", message);

        message = Failure(m => m.Entity<Ticket>().Property(t => t.Trip).HasColumnType("siq"));
        Assert.Contains("Ticket.Trip", message);
        Assert.Contains("siq maps to BigInteger, not Guid", message);
    }

    [Fact]
    public void Properties_our_mappings_serve_build()
    {
        using var context = new TicketContext(m => m.Entity<Ticket>().Property(t => t.Trip).HasColumnType("iuid"));
        var property = context.Model.FindEntityType(typeof(Ticket))!.FindProperty(nameof(Ticket.Trip))!;
        Assert.IsType<IuidTypeMapping>(property.FindRelationalTypeMapping());
    }
}
