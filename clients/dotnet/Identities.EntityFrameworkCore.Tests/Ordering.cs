using Xunit;
using Xunit.Abstractions;
using Xunit.Sdk;

[assembly: TestCaseOrderer("EFCoreIdentities.Tests.NameOrderer", "Identities.EntityFrameworkCore.Tests")]
[assembly: TestCollectionOrderer("EFCoreIdentities.Tests.NameOrderer", "Identities.EntityFrameworkCore.Tests")]

namespace EFCoreIdentities.Tests;

// The tests of a class share its fixture's database: each must hold whatever order they run in. They run in the order
// of their names, or its reverse with IDENTITIES_TEST_ORDER=reverse; the test command runs both.
public sealed class NameOrderer : ITestCaseOrderer, ITestCollectionOrderer
{
    static readonly bool Reverse = Environment.GetEnvironmentVariable("IDENTITIES_TEST_ORDER") == "reverse";

    static IEnumerable<T> Order<T>(IEnumerable<T> items, Func<T, string> name)
        => Reverse ? items.OrderByDescending(name, StringComparer.Ordinal) : items.OrderBy(name, StringComparer.Ordinal);

    public IEnumerable<TTestCase> OrderTestCases<TTestCase>(IEnumerable<TTestCase> testCases) where TTestCase : ITestCase
        => Order(testCases, t => t.DisplayName);

    public IEnumerable<ITestCollection> OrderTestCollections(IEnumerable<ITestCollection> testCollections)
        => Order(testCollections, c => c.DisplayName);
}
