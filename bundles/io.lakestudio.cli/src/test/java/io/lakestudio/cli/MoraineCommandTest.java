package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.ColumnDef;
import io.lakestudio.moraine.ColumnId;
import io.lakestudio.moraine.IndexDef;
import io.lakestudio.moraine.IndexEntry;
import io.lakestudio.moraine.IndexId;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.SchemaId;
import io.lakestudio.moraine.TableId;
import io.lakestudio.store.FolderStore;

/**
 * {@code lakestudio moraine ...} on a folder store a test made through moraine's API, read back through the API
 * (never through the command's own output): census, checkpoints, maintain (stopped by a SIGINT in a new JVM,
 * then finished), compact, migrate, the lease refusal, and the errors a mistyped line gets.
 */
@Timeout(240)
class MoraineCommandTest {

	@TempDir
	Path home;

	Path store;

	/** A store with a table whose index of {@code entries} keys was dropped: work for maintain. */
	IndexId makeStore(int entries) throws Exception {
		store = home.resolve("store");
		try (Catalog c = Catalog.open(new FolderStore(store), CatalogOptions.defaults())) {
			c.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("k", "VARCHAR"))));
			TableId t = c.snapshot().tableByName("main", "t").orElseThrow().id();
			ColumnId k = c.snapshot().columns(t).get(0).id();
			c.commit(tx -> {
				IndexId ix = tx.createIndex(t, new IndexDef("by_k", List.of(k), false));
				List<IndexEntry> e = new ArrayList<>();
				for (int i = 0; i < entries; i++)
					e.add(new IndexEntry(i, List.of("v" + i)));
				tx.addIndexEntries(ix, e);
			});
			IndexId ix = c.snapshot().indexes(t).get(0).id();
			c.commit(tx -> tx.dropIndex(t, ix));
			return ix;
		}
	}

	CliRun moraine(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "moraine";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(home, all);
	}

	static final ObjectMapper JSON = new ObjectMapper();

	@Test
	void censusReportsEverySubspaceAndWhatItCost() throws Exception {
		makeStore(50);
		CliRun text = moraine("census", store.toString(), "--tallies");
		assertEquals(0, text.exit, text.toString());
		for (String subspace : List.of("meta", "current", "snapshots", "index", "options"))
			assertTrue(text.out.lines().anyMatch(l -> l.startsWith(subspace + " ")), subspace + "\n" + text.out);
		assertTrue(text.out.contains("object-store requests of this command"), text.out);
		assertTrue(text.out.contains("cache status:"), text.out);

		CliRun json = moraine("census", store.toString(), "--json", "--live", "--tallies");
		assertEquals(0, json.exit, json.toString());
		JsonNode c = JSON.readTree(json.out);
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(store), CatalogOptions.defaults())) {
			assertEquals(r.snapshot().id().value(), c.get("snapshot").asLong());
			var census = r.storeCensus(new io.lakestudio.moraine.CensusRequest(true));
			assertEquals(census.subspaces().size(), c.get("subspaces").size());
			for (int i = 0; i < census.subspaces().size(); i++) {
				var s = census.subspaces().get(i);
				JsonNode n = c.get("subspaces").get(i);
				assertEquals(s.segment(), n.get("subspace").asText());
				assertEquals(s.sstBytes(), n.get("sst_bytes").asLong());
				if (s.liveEntries().isPresent())
					assertEquals(s.liveEntries().getAsLong(), n.get("live_entries").asLong(), s.segment());
				else
					assertTrue(n.get("live_entries").isNull(), s.segment() + " holds no SST yet");
			}
		}
		long walOnDisk;
		try (var files = Files.list(store.resolve("wal"))) {
			walOnDisk = files.count();
		}
		assertEquals(walOnDisk, c.get("objects").get("wal_objects").asLong(), "the WAL objects in the folder");
		JsonNode t = c.get("tallies");
		assertEquals(0, t.get("object_store").get("delete").get("requests").asLong(), "a census deletes nothing");
		assertTrue(t.get("object_store").get("list").get("requests").asLong() >= 1, "its listing");
		assertTrue(t.get("cache").get("misses").asLong() > 0, "the census' scan read SSTs");
	}

	@Test
	void checkpointsAreMadeListedAndDeleted() throws Exception {
		makeStore(5);
		CliRun made = moraine("checkpoint", "create", store.toString(), "--lifetime", "2h", "--json");
		assertEquals(0, made.exit, made.toString());
		String id = JSON.readTree(made.out).get("id").asText();
		assertFalse(JSON.readTree(made.out).get("expires").isNull());
		String forever = moraine("checkpoint", "create", store.toString()).out.strip().split(" ")[0];
		try (ReadOnlyCatalog pinned = ReadOnlyCatalog.openReadOnly(new FolderStore(store),
				CatalogOptions.defaults().withCheckpoint(id))) {
			assertTrue(pinned.snapshot().tableByName("main", "t").isPresent(), "a pinned reader opens on it");
		}
		CliRun list = moraine("checkpoint", "list", store.toString(), "--json");
		assertEquals(0, list.exit, list.toString());
		List<String> ids = new ArrayList<>();
		JSON.readTree(list.out).forEach(n -> ids.add(n.get("id").asText()));
		assertEquals(List.of(id, forever).stream().sorted().toList(), ids.stream().sorted().toList());
		assertEquals("never", findExpires(JSON.readTree(list.out), forever));

		assertEquals(0, moraine("checkpoint", "delete", store.toString(), id).exit);
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(store), CatalogOptions.defaults())) {
			assertEquals(List.of(forever), r.checkpoints().stream().map(x -> x.id()).toList());
		}
		CliRun again = moraine("checkpoint", "delete", store.toString(), id);
		assertEquals(1, again.exit, "deleting it twice: missing");
		assertTrue(again.err.contains("no checkpoint " + id), again.err);
		assertEquals(2, moraine("checkpoint", "create", store.toString(), "--lifetime", "soon").exit);
		assertEquals(2, moraine("checkpoint", "rename", store.toString()).exit);
	}

	static String findExpires(JsonNode list, String id) {
		for (JsonNode n : list)
			if (n.get("id").asText().equals(id))
				return n.get("expires").asText();
		return null;
	}

	@Test
	void compactMergesEachSubspaceAndMigrateIsANoOpToday() throws Exception {
		makeStore(20);
		CliRun r = moraine("compact", store.toString(), "--json", "--quiet");
		assertEquals(0, r.exit, r.toString());
		JsonNode merges = JSON.readTree(r.out);
		boolean current = false;
		for (JsonNode m : merges)
			current |= m.get("subspace").asText().equals("current") && m.get("outcome").asText().equals("merged");
		assertTrue(current, r.out);
		try (ReadOnlyCatalog c = ReadOnlyCatalog.openReadOnly(new FolderStore(store), CatalogOptions.defaults())) {
			var cur = c.storeCensus(io.lakestudio.moraine.CensusRequest.defaults()).subspaces().stream()
					.filter(s -> s.segment().equals("current")).findFirst().orElseThrow();
			assertEquals(1, cur.sortedRuns());
			assertEquals(0, cur.l0Ssts());
			assertTrue(c.snapshot().tableByName("main", "t").isPresent(), "the merge lost nothing");
		}
		assertEquals(2, moraine("compact", store.toString(), "--target", "everything").exit);
		CliRun m = moraine("migrate", store.toString());
		assertEquals(0, m.exit, m.toString());
		assertTrue(m.out.contains("nothing to migrate: layout version 1"), m.out);
	}

	@Test
	void badLinesAndMissingStoresGetOneLineAndTheirExitCode() throws Exception {
		CliRun none = moraine("census", home.resolve("nowhere").toString());
		assertEquals(1, none.exit);
		assertTrue(none.err.contains("no moraine store at"), none.err);
		Files.createDirectories(home.resolve("empty"));
		assertEquals(1, moraine("maintain", home.resolve("empty").toString()).exit);
		assertFalse(Files.exists(home.resolve("empty/manifest")), "a mistyped path is not made a store");
		assertEquals(2, moraine("census").exit);
		assertEquals(2, moraine("frobnicate", "x").exit);
		assertEquals(2, moraine("census", "s3://bucket/x").exit);
		assertEquals(2, moraine("maintain", "a", "b").exit);
		CliRun help = moraine("--help");
		assertEquals(0, help.exit);
		assertTrue(help.out.contains("checkpoint create STORE"), help.out);
	}

	@Test
	void aLiveWriterRefusesTheWritingVerbsWithItsHolderAndForceTakesOver() throws Exception {
		makeStore(5);
		try (Catalog live = Catalog.open(new FolderStore(store), CatalogOptions.defaults().withHolder("elsewhere/42"))) {
			CliRun refused = moraine("maintain", store.toString());
			assertEquals(3, refused.exit);
			assertTrue(refused.err.contains("held by elsewhere/42 since"), refused.err);
			assertEquals(0, moraine("census", store.toString()).exit, "a reader needs no lease");
			CliRun forced = moraine("checkpoint", "create", store.toString(), "--force");
			assertEquals(0, forced.exit, forced.toString());
			assertEquals(io.lakestudio.moraine.MoraineException.Kind.FENCED, org.junit.jupiter.api.Assertions
					.assertThrows(io.lakestudio.moraine.MoraineException.class,
							() -> live.commit(tx -> tx.createSchema("x"))).kind());
		}
	}

	/**
	 * maintain as its own JVM, SIGINT once its progress shows: it stops at a batch boundary and says so, the store
	 * opens at once (the lease given up), a second maintain deletes the rest and no entry twice.
	 */
	@Test
	void ctrlCStopsMaintainAtABatchAndTheNextRunFinishes() throws Exception {
		int entries = 30_000;
		IndexId ix = makeStore(entries);
		List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), "-Dlakestudio.home=" + home, Main.class.getName(), "moraine",
				"maintain", store.toString(), "--batch-size", "20");
		Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
		List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
		CountDownLatch progressing = new CountDownLatch(1);
		Thread reader = Thread.ofPlatform().daemon().start(() -> {
			try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
				for (String l; (l = r.readLine()) != null;) {
					lines.add(l);
					if (l.startsWith("maintain: ") && l.endsWith("index entries deleted"))
						progressing.countDown();
				}
			} catch (java.io.IOException e) {
				lines.add(e.toString());
			}
		});
		try {
			assertTrue(progressing.await(120, TimeUnit.SECONDS), "no progress line: " + lines);
			new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
			assertTrue(p.waitFor(90, TimeUnit.SECONDS), "it stopped within the batch in flight: " + lines);
		} finally {
			p.destroyForcibly();
		}
		reader.join(10_000);
		String all = String.join("\n", lines);
		assertNotEquals(0, p.exitValue(), all);
		assertTrue(all.contains("stopping after the batch in flight"), all);
		assertTrue(all.contains("interrupted after"), all);
		assertFalse(all.contains("maintained:"), "it did not finish: " + all);

		int left = live(ix, entries);
		assertTrue(left > 0 && left < entries, left + " of " + entries + " left");
		assertEquals(0, (entries - left) % 20, "whole batches only");
		CliRun rest = moraine("maintain", store.toString(), "--batch-size", "20", "--json", "--quiet");
		assertEquals(0, rest.exit, rest.toString() + "\nfirst run: " + all);
		assertEquals(left, JSON.readTree(rest.out).get("entries_deleted").asLong(), "the rest, none twice");
		assertEquals(0, live(ix, entries));
	}

	/** Entries of the dropped index still in the store, looked up key by key through the API. */
	int live(IndexId ix, int entries) throws Exception {
		try (Catalog c = Catalog.open(new FolderStore(store), CatalogOptions.defaults())) {
			var snapshot = c.snapshot(); // a dropped index's entries read until swept, as maintenance sees them
			int n = 0;
			for (int i = 0; i < entries; i++)
				n += snapshot.lookup(ix, List.of("v" + i)).size();
			return n;
		}
	}
}
