package io.lakestudio.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

class SyncPassTest {

	@TempDir
	Path home;

	/** A lake in memory whose answers a test changes between sweeps; records what was asked. */
	static final class ScriptedLake implements Lake {
		final List<Workspace> workspaces = new ArrayList<>();
		final List<Item> items = new ArrayList<>();
		final List<LakeTable> tables = new ArrayList<>();
		final List<String> asked = new ArrayList<>();
		String failingTables;

		@Override
		public String describe() {
			return "scripted";
		}

		@Override
		public List<Workspace> workspaces() {
			asked.add("workspaces");
			return workspaces;
		}

		@Override
		public List<Item> items(String workspaceId) {
			asked.add("items " + workspaceId);
			return items.stream().filter(i -> i.workspaceId().equals(workspaceId)).toList();
		}

		@Override
		public List<LakeTable> tables(Item item) throws LakeException {
			asked.add("tables " + item.id());
			if (item.id().equals(failingTables)) {
				throw new LakeException(LakeException.Kind.UNAVAILABLE, "503 Service Unavailable");
			}
			return tables.stream().filter(t -> t.itemId().equals(item.id())).toList();
		}

		@Override
		public List<LakeFile> files(Item item, String dir) {
			asked.add("files " + item.id() + " " + dir);
			return dir.isEmpty() ? List.of(new LakeFile(item.id(), "", "raw", true, 0, null)) : List.of();
		}

		@Override
		public TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException {
			asked.add("metadata " + table.id());
			if (table.name().equals("broken")) {
				throw new LakeException(LakeException.Kind.FAILED, "broken _delta_log: 00000.json is not JSON");
			}
			return new TableMetadata("Delta", 2, Instant.EPOCH, List.of(new LakeColumn(0, "id", "long", false, false)),
					List.of(), 10, 1, 3L);
		}

		@Override
		public LakeStore store() {
			throw new UnsupportedOperationException();
		}
	}

	@Test
	void sweepFillsCatalogAndRecordsFailuresWithoutStoppingTheRest() {
		ScriptedLake lake = new ScriptedLake();
		lake.workspaces.add(new Workspace("W", "W"));
		Item good = new Item("W/A.Lakehouse", "W", "A", "Lakehouse", false, false, "t", "f");
		Item bad = new Item("W/B.Lakehouse", "W", "B", "Lakehouse", false, false, "t", null);
		Item staging = new Item("W/StagingLakehouse.Lakehouse", "W", "StagingLakehouse", "Lakehouse", true, false,
				"t", null);
		Item model = new Item("W/M.SemanticModel", "W", "M", "SemanticModel", false, false, null, null);
		lake.items.addAll(List.of(good, bad, staging, model));
		lake.tables.add(new LakeTable(good.id(), "", "orders", "Delta", "x"));
		lake.tables.add(new LakeTable(good.id(), "", "broken", "Delta", "y"));
		lake.tables.add(new LakeTable(bad.id(), "", "t", "Delta", "z"));
		lake.failingTables = bad.id();
		Clock clock = Clock.fixed(Instant.parse("2026-11-30T08:00:00Z"), ZoneOffset.UTC);
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "a"), "a")) {
			SyncPass.Result r = new SyncPass(c, lake, clock, null).run(SyncPass.Options.ALL, w -> {
			}, () -> false);
			assertEquals(2, r.failures(), r.failureMessages().toString());
			assertEquals(2, c.tables(good.id()).size());
			assertEquals(2L, c.table(LakeTable.id(good.id(), "", "orders")).orElseThrow().snapshotVersion());
			assertTrue(c.syncState(Listing.tableMetadata(LakeTable.id(good.id(), "", "broken"))).orElseThrow().failing());
			assertTrue(c.syncState(Listing.tables(bad.id())).orElseThrow().failing());
			assertEquals("503 Service Unavailable",
					c.syncState(Listing.tables(bad.id())).orElseThrow().failureMessage());
			assertTrue(lake.asked.stream().noneMatch(a -> a.contains("Staging")), "staging items are never swept");
			assertTrue(lake.asked.stream().noneMatch(a -> a.equals("tables " + model.id())), "models have no tables");
			assertEquals(1, c.files(good.id(), "").size());

			// the next sweep: B answers again, A lost a table
			lake.failingTables = null;
			lake.tables.removeIf(t -> t.name().equals("broken"));
			new SyncPass(c, lake, clock, null).run(SyncPass.Options.ALL, w -> {
			}, () -> false);
			assertFalse(c.syncState(Listing.tables(bad.id())).orElseThrow().failing());
			assertEquals(1, c.tables(bad.id()).size());
			assertTrue(c.table(LakeTable.id(good.id(), "", "broken")).orElseThrow().dropped());
		}
	}

	@Test
	void cancelledSweepStopsAsking() {
		ScriptedLake lake = new ScriptedLake();
		lake.workspaces.add(new Workspace("W", "W"));
		lake.workspaces.add(new Workspace("V", "V"));
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "a"), "a")) {
			new SyncPass(c, lake, Clock.systemUTC(), null).run(SyncPass.Options.ALL, w -> {
			}, () -> true);
			assertEquals(List.of("workspaces"), lake.asked);
		}
	}
}
