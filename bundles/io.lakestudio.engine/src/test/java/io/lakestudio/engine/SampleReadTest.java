package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads of the sample lake's tables through the engine, checked against Delta Kernel's own full read. */
class SampleReadTest {

	@TempDir
	static Path tmp;
	static TestLake lake;
	static Engine engine;

	@BeforeAll
	static void setUp() throws Exception {
		lake = TestLake.sample(tmp);
		engine = lake.engine();
	}

	@AfterAll
	static void tearDown() {
		engine.close();
		lake.close();
	}

	@Test
	void everySampleTableEqualsKernelsFullRead() throws Exception {
		String[][] tables = { { "Sales/Orders.Lakehouse/Tables/orders", "\"Sales/Orders\".orders" },
				{ "Sales/Orders.Lakehouse/Tables/customers", "Sales.Orders.customers" },
				{ "Marketing/Web.Lakehouse/Tables/events", "\"Marketing/Web\".events" },
				{ "Finance/Curated.Lakehouse/Tables/dbo/invoices", "\"Finance/Curated\".dbo.invoices" },
				{ "Finance/Curated.Lakehouse/Tables/staging/invoices_raw", "\"Finance/Curated/staging/invoices_raw\"" } };
		for (String[] t : tables) {
			KernelOracle.Answer want = KernelOracle.read(lake.table(t[0]), null);
			KernelOracle.Answer got = TestLake.read(engine, "SELECT * FROM " + t[1]);
			assertTrue(want.rows() > 0, t[0]);
			assertEquals(want.rows(), got.rows(), t[0] + " rows");
			assertEquals(want.columns(), got.columns(), t[0] + " columns");
			assertEquals(want.checksum(), got.checksum(), t[0] + " checksum");
		}
	}

	@Test
	void timeTravelByVersionReadsThatVersion() throws Exception {
		Path orders = lake.table("Sales/Orders.Lakehouse/Tables/orders");
		KernelOracle.Answer v1 = KernelOracle.read(orders, 1L);
		KernelOracle.Answer got = TestLake.read(engine, "SELECT * FROM \"Sales/Orders\".orders AT (VERSION => 1)");
		assertEquals(v1.rows(), got.rows());
		assertEquals(v1.checksum(), got.checksum());
		assertTrue(v1.rows() < KernelOracle.read(orders, null).rows());
	}

	@Test
	void aPlainLimitFetchesOnlyTheFilesItNeeds() throws Exception {
		try (TestLake other = TestLake.of(tmp.resolve("limit"), lake.root); Engine e = other.engine()) {
			List<List<String>> rows = TestLake.rows(e, "SELECT * FROM \"Marketing/Web\".events LIMIT 5");
			assertEquals(5, rows.size());
			long limited = e.fetchedBytes();
			TestLake.rows(e, "SELECT count(*) FROM \"Marketing/Web\".events");
			long all = e.fetchedBytes();
			assertTrue(limited > 0 && limited < all / 2, "LIMIT 5 fetched " + limited + " of " + all + " bytes");
		}
	}

	@Test
	void aReadIsATableUseAndDescribeOrExplainIsNot() throws Exception {
		String id = lake.catalog.resolve(io.lakestudio.catalog.TableName.parse("Sales/Orders/products")).table().id();
		Instant since = Instant.now().minusSeconds(5);
		TestLake.rows(engine, "DESCRIBE \"Sales/Orders\".products");
		TestLake.rows(engine, "EXPLAIN SELECT * FROM \"Sales/Orders\".products");
		assertEquals(0, lake.catalog.uses(id, since).size());
		TestLake.rows(engine, "SELECT count(*) FROM \"Sales/Orders\".products");
		TestLake.rows(engine, "EXPLAIN ANALYZE SELECT count(*) FROM \"Sales/Orders\".products p");
		assertEquals(2, lake.catalog.uses(id, since).size());
		assertEquals("test", lake.catalog.uses(id, since).get(0).source());
	}

	@Test
	void showAllTablesDescribeAndInformationSchemaComeFromTheCatalog() throws Exception {
		List<List<String>> all = TestLake.rows(engine, "SHOW ALL TABLES");
		assertTrue(all.stream().anyMatch(r -> r.get(0).equals("Finance/Curated") && r.get(1).equals("dbo")
				&& r.get(2).equals("invoices")), all.toString());
		assertEquals(lake.catalog.allTables().stream().filter(t -> !t.table().dropped()).count(), all.size());
		// information_schema.columns and DESCRIBE against the Delta log's own schema, read by Kernel
		String[][] tables = { { "Sales/Orders.Lakehouse/Tables/orders", "Sales/Orders", "", "orders" },
				{ "Finance/Curated.Lakehouse/Tables/dbo/invoices", "Finance/Curated", "dbo", "invoices" },
				{ "Finance/Curated.Lakehouse/Tables/staging/invoices_raw", "Finance/Curated", "staging",
						"invoices_raw" } };
		for (String[] t : tables) {
			List<String> log = new java.util.ArrayList<>();
			List<String> names = new java.util.ArrayList<>();
			int ordinal = 1;
			for (io.delta.kernel.types.StructField f : KernelOracle.schema(lake.table(t[0])).fields()) {
				log.add(f.getName() + "|" + ordinal++ + "|" + (f.isNullable() ? "YES" : "NO") + "|" + deltaName(f.getDataType()));
				names.add(f.getName());
			}
			List<String> info = TestLake.rows(engine, "SELECT column_name, ordinal_position, is_nullable, data_type"
					+ " FROM information_schema.columns WHERE table_catalog = '" + t[1] + "' AND table_schema = '" + t[2]
					+ "' AND table_name = '" + t[3] + "' ORDER BY ordinal_position").stream()
					.map(r -> String.join("|", r)).toList();
			assertEquals(log, info, t[0] + ": information_schema.columns against its Delta log");
			String ref = "\"" + t[1] + "\"." + (t[2].isEmpty() ? "" : t[2] + ".") + t[3];
			assertEquals(names, TestLake.rows(engine, "DESCRIBE " + ref).stream().map(r -> r.get(0)).toList(),
					t[0] + ": DESCRIBE's columns against its Delta log");
		}
		assertFalse(engine.mirror().held(lake.catalog.resolve(io.lakestudio.catalog.TableName
				.parse("Finance/Reporting/dbo/fact_revenue")).table()).isPresent(), "SHOW/DESCRIBE read no log");
	}

	/** A type as the Delta protocol's schemaString names it (Kernel prints decimals as "Decimal(p, s)"). */
	private static String deltaName(io.delta.kernel.types.DataType t) {
		return t instanceof io.delta.kernel.types.DecimalType d ? "decimal(" + d.getPrecision() + "," + d.getScale() + ")"
				: t.toString();
	}

	@Test
	void qualifiedColumnsCtesAndJoinsStillBind() throws Exception {
		String n = TestLake.one(engine, "WITH big AS (SELECT * FROM \"Sales/Orders\".orders WHERE quantity > 3) "
				+ "SELECT count(*) FROM big JOIN \"Sales/Orders\".customers c ON big.customer_id = c.customer_id");
		assertTrue(Long.parseLong(n) > 0);
		String m = TestLake.one(engine, "SELECT count(*) FROM \"Sales/Orders\".orders JOIN \"Sales/Orders\".customers"
				+ " ON orders.customer_id = customers.customer_id WHERE orders.region = 'EMEA'");
		assertTrue(Long.parseLong(m) > 0);
	}
}
