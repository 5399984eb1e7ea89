package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;

/** Every metadata command answers from a catalog written through the sync write path; no lake is reachable. */
class CommandsTest {

	@TempDir
	Path home;

	static final Instant T = Instant.parse("2026-11-30T07:00:00Z");

	@BeforeEach
	void fill() {
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local")) {
			c.replaceWorkspaces(List.of(new Workspace("Sales", "Sales"), new Workspace("HR", "HR")), true, T);
			Item orders = new Item("Sales/Orders.Lakehouse", "Sales", "Orders", "Lakehouse", false, false, "o/Tables",
					"o/Files");
			Item model = new Item("Sales/Revenue.SemanticModel", "Sales", "Revenue", "SemanticModel", false, false,
					null, null);
			c.replaceItems("Sales", List.of(orders, model), true, T);
			c.replaceTables(orders.id(), List.of(new LakeTable(orders.id(), "", "orders", "Delta", "o/Tables/orders"),
					new LakeTable(orders.id(), "", "customers", "Delta", "o/Tables/customers")), true, T);
			c.putTableMetadata(LakeTable.id(orders.id(), "", "orders"), new TableMetadata("Delta", 7, T,
					List.of(new LakeColumn(0, "order_id", "long", false, false),
							new LakeColumn(1, "region", "string", true, true)),
					List.of("region"), 123456, 4, 1000L), T);
			c.recordFailure(Listing.tables(orders.id()), "429 Too Many Requests", T.plusSeconds(60));
		}
	}

	@Test
	void existsHasThreeAnswers() {
		CliRun yes = CliRun.run(home, "exists", "Sales/Orders/orders");
		assertEquals(0, yes.exit, yes.toString());
		assertTrue(yes.out.startsWith("yes: Sales/Orders/orders"), yes.out);

		CliRun no = CliRun.run(home, "exists", "Sales/Orders/ordrs");
		assertEquals(1, no.exit, no.toString());
		assertTrue(no.out.contains("closest: Sales/Orders/orders"), no.out);

		CliRun unknown = CliRun.run(home, "exists", "HR/People/staff");
		assertEquals(2, unknown.exit, unknown.toString());
		assertTrue(unknown.out.contains("items/HR"), unknown.out);
	}

	@Test
	void lsWalksDownAndShowsFailures() {
		CliRun ws = CliRun.run(home, "ls");
		assertEquals(0, ws.exit, ws.toString());
		assertTrue(ws.out.contains("Sales") && ws.out.contains("HR"), ws.out);
		CliRun items = CliRun.run(home, "ls", "Sales");
		assertTrue(items.out.contains("Revenue") && items.out.contains("SemanticModel"), items.out);
		assertTrue(items.out.contains("refresh failed") && items.out.contains("429"), "a failed listing shows: " + items.out);
		CliRun tables = CliRun.run(home, "ls", "Sales/Orders");
		assertTrue(tables.out.contains("orders") && tables.out.contains("customers"), tables.out);
		CliRun columns = CliRun.run(home, "ls", "Sales/Orders/orders");
		assertTrue(columns.out.contains("region") && columns.out.contains("partition"), columns.out);
		CliRun missing = CliRun.run(home, "ls", "Slaes");
		assertEquals(1, missing.exit);
		assertTrue(missing.err.contains("Closest: Sales"), missing.err);
	}

	@Test
	void tableShowsMetadataAndJsonParses() throws Exception {
		CliRun t = CliRun.run(home, "table", "Sales/Orders/orders");
		assertEquals(0, t.exit, t.toString());
		assertTrue(t.out.contains("version:       7"), t.out);
		assertTrue(t.out.contains("partitioned:   region"), t.out);
		CliRun j = CliRun.run(home, "table", "--json", "Sales/Orders/orders");
		assertEquals("7", jsonField(j.out, "version"));
		CliRun notRead = CliRun.run(home, "table", "Sales/Orders/customers");
		assertTrue(notRead.out.contains("metadata:      not read yet"), notRead.out);
	}

	@Test
	void findModelsItemsStatus() {
		CliRun f = CliRun.run(home, "find", "ORDER");
		assertEquals(0, f.exit);
		String[] lines = f.out.split("\n");
		assertTrue(lines[1].contains("Sales/Orders"), "the item that starts with the text comes first: " + f.out);
		assertTrue(f.out.contains("Sales/Orders/orders.order_id"), f.out);
		assertEquals(1, CliRun.run(home, "find", "zzz").exit);
		CliRun m = CliRun.run(home, "models");
		assertTrue(m.out.contains("Revenue") && !m.out.contains("Orders"), m.out);
		CliRun s = CliRun.run(home, "status");
		assertTrue(s.out.contains("2 tables") && s.out.contains("1 failing"), s.out);
		assertTrue(s.out.contains("429 Too Many Requests"), s.out);
	}

	@Test
	void badInputIsOneLineAndNonZero() {
		CliRun unknown = CliRun.run(home, "frobnicate");
		assertEquals(2, unknown.exit);
		assertFalse(unknown.err.contains("\tat "), "no stack trace: " + unknown.err);
		CliRun badName = CliRun.run(home, "table", "Sales/orders");
		assertEquals(2, badName.exit);
		assertTrue(badName.err.contains("workspace/item/table"), badName.err);
		assertFalse(badName.err.contains("Exception"), badName.err);
	}

	@Test
	void everyCommandHasHelpAndJson() {
		for (String c : List.of("ls", "items", "models", "files", "find", "table", "exists", "status", "log", "sync",
				"demo")) {
			CliRun h = CliRun.run(home, c, "--help");
			assertEquals(0, h.exit, c + ": " + h);
			assertTrue(h.out.contains("Usage: lakestudio " + c), c + ": " + h.out);
			assertTrue(h.out.contains("--json"), c + " takes --json: " + h.out);
		}
		assertTrue(CliRun.run(home, "--help").out.contains("exists"));
	}

	@Test
	void jsonIsValidForEveryReadCommand() throws Exception {
		for (String[] args : List.of(new String[] { "ls", "--json" }, new String[] { "ls", "--json", "Sales" },
				new String[] { "items", "--json" }, new String[] { "find", "--json", "order" },
				new String[] { "status", "--json" }, new String[] { "exists", "--json", "Sales/Orders/orders" },
				new String[] { "log", "--json" })) {
			CliRun r = CliRun.run(home, args);
			assertEquals(0, r.exit, String.join(" ", args) + ": " + r);
			try (JsonParser p = new JsonFactory().createParser(r.out)) {
				while (p.nextToken() != null) {
					// reads to the end: throws on anything that isn't JSON
				}
			}
		}
	}

	@Test
	void corruptCatalogIsSetAsideAndNothingIsKnown() throws Exception {
		Path file = Catalogs.catalogFile(home, "local");
		Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-wal"));
		Files.deleteIfExists(file.resolveSibling(file.getFileName() + "-shm"));
		try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
			raf.setLength(100);
		}
		CliRun r = CliRun.run(home, "exists", "Sales/Orders/orders");
		assertEquals(2, r.exit, r.toString());
		assertTrue(r.err.contains("set aside"), r.err);
		assertEquals(2, CliRun.run(home, "ls").exit, "nothing is known now");
	}

	private static String jsonField(String json, String field) throws Exception {
		try (JsonParser p = new JsonFactory().createParser(json)) {
			while (p.nextToken() != null) {
				if (p.currentToken() == JsonToken.FIELD_NAME && p.currentName().equals(field)) {
					p.nextToken();
					return p.getText();
				}
			}
		}
		return null;
	}
}
