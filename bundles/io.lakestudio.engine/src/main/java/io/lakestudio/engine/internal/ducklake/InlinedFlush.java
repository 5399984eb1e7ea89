package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_flush_inlined_data}: each table's inlined rows written to a data file in one commit of their
 * own. The rows end at that snapshot and the file begins there, so a read of an earlier snapshot still sees them
 * inlined; the file holds each row's id and snapshot, so they keep both (sorted or partitioned too).
 */
final class InlinedFlush {

	/** The column of the rows to flush that holds the snapshot each was inserted by. */
	static final String SNAPSHOT = "__dl_kept_snapshot";

	private final Connection d;
	private final Attached a;
	private final Writes writes;

	InlinedFlush(DuckLakeKind kind, Connection d, Attached a) throws EngineException {
		this.d = d;
		this.a = a;
		this.writes = new Writes(d, kind.staging());
	}

	/** The table's deletes of file rows kept in the catalog, written into delete files (backdated to the first). */
	private void flushDeletes(Commit c, CatalogAt cat, TableEntry t, boolean inTx) throws SQLException,
			DuckLakeException, IOException {
		Map<Long, java.util.Set<Long>> deletes = Inlining.fileDeletes(a, c.base(), inTx ? c : null, t.id());
		if (deletes.isEmpty()) {
			return;
		}
		Map<Long, Map<Long, Long>> committed = a.catalog.store().inlinedFileDeletes(t.id(), c.base().id());
		Map<Long, io.lakestudio.ducklake.ReadPlan.Part> parts = new java.util.HashMap<>();
		for (io.lakestudio.ducklake.ReadPlan.Part p : io.lakestudio.ducklake.ReadPlan.of(a.catalog.store(), c.base(),
				inTx ? c : null, t.id()).parts()) {
			parts.put(p.data().id(), p);
		}
		for (Map.Entry<Long, java.util.Set<Long>> e : deletes.entrySet()) {
			io.lakestudio.ducklake.ReadPlan.Part p = parts.get(e.getKey());
			if (p == null) {
				continue; // its file is gone (merged, or every row deleted): nothing left to delete from
			}
			// each delete keeps the snapshot that made it (null: this transaction's), so time travel still sees it
			Map<Long, Long> made = committed.getOrDefault(e.getKey(), Map.of());
			Map<Long, Long> positions = new java.util.TreeMap<>();
			e.getValue().forEach(pos -> positions.put(pos, made.get(pos)));
			writes.flushDeletes(c, a, cat, t, p, positions);
		}
		c.flushedFileDeletes.computeIfAbsent(t.id(), k -> new java.util.LinkedHashSet<>()).addAll(committed.keySet());
		c.inlinedFileDeletes.remove(t.id());
		c.changes.add("flushed_inlined:" + t.id());
	}

	/**
	 * The table's inlined rows deleted since it was last flushed, by row id, each to the snapshot that deleted it:
	 * those a snapshot that deleted inlined rows saw just before it and not after.
	 */
	private Map<Long, Long> deletedSinceFlush(long tableId, io.lakestudio.ducklake.Snapshot base)
			throws DuckLakeException {
		List<io.lakestudio.ducklake.Snapshot> snapshots = a.catalog.store().snapshots();
		long flushed = -1;
		for (io.lakestudio.ducklake.Snapshot s : snapshots) {
			if (s.id() <= base.id() && made(s, "flushed_inlined:" + tableId)) {
				flushed = Math.max(flushed, s.id());
			}
		}
		Map<Long, Long> out = new java.util.LinkedHashMap<>();
		for (io.lakestudio.ducklake.Snapshot s : snapshots) {
			if (s.id() > flushed && s.id() <= base.id() && made(s, "inlined_delete:" + tableId)) {
				java.util.Set<Long> after = new java.util.HashSet<>();
				a.catalog.store().inlinedRows(tableId, s.id()).forEach(r -> after.add(r.rowId()));
				for (InlinedRow r : a.catalog.store().inlinedRows(tableId, s.id() - 1)) {
					if (!after.contains(r.rowId())) {
						out.putIfAbsent(r.rowId(), s.id());
					}
				}
			}
		}
		return out;
	}

	private List<InlinedRow> deletedRows(long tableId, Map<Long, Long> deleted) throws DuckLakeException {
		List<InlinedRow> out = new ArrayList<>();
		java.util.Set<Long> seen = new java.util.HashSet<>();
		for (long snapshot : new java.util.TreeSet<>(deleted.values())) {
			for (InlinedRow r : a.catalog.store().inlinedRows(tableId, snapshot - 1)) {
				if (deleted.containsKey(r.rowId()) && seen.add(r.rowId())) {
					out.add(r);
				}
			}
		}
		return out;
	}

	private static boolean made(io.lakestudio.ducklake.Snapshot s, String change) {
		return s.changesMade() != null && java.util.Arrays.asList(s.changesMade().split(",")).contains(change);
	}

	/** The delete files of the flushed files' rows that were deleted inlined, by their position in {@code rows}. */
	private void flushedDeletes(Commit c, CatalogAt cat, TableEntry t, List<io.lakestudio.ducklake.DataFile> files,
			List<InlinedRow> rows, Map<Long, Long> deleted) throws SQLException, DuckLakeException, IOException {
		int i = 0;
		for (io.lakestudio.ducklake.DataFile f : List.copyOf(files)) {
			Map<Long, Long> positions = new java.util.TreeMap<>();
			for (long pos = 0; pos < f.recordCount() && i < rows.size(); pos++, i++) {
				Long snapshot = deleted.get(rows.get(i).rowId());
				if (snapshot != null) {
					positions.put(pos, snapshot);
				}
			}
			if (!positions.isEmpty()) {
				writes.deletesWithSnapshots(c, a, cat, t, f, positions);
			}
		}
	}

	/**
	 * The rows to flush, in row id order, with the columns {@link Writes#flush} keeps: each one's row id and the
	 * snapshot that inserted it (NULL for the transaction's own: its commit's).
	 */
	private static String kept(List<ColumnEntry> cols, List<InlinedRow> rows, Commit c, long tableId) {
		java.util.Set<Long> own = new java.util.HashSet<>();
		c.inlinedInserts.getOrDefault(tableId, List.of()).forEach(r -> own.add(r.rowId()));
		List<String> snapshots = new ArrayList<>();
		for (InlinedRow r : rows) {
			snapshots.add("(" + r.rowId() + ", " + (own.contains(r.rowId()) ? "NULL" : r.beginSnapshot()) + "::BIGINT)");
		}
		return "SELECT r.* EXCLUDE (" + Views.FILE + ", " + Views.POS + "), r." + Views.POS + " AS " + Writes.KEPT_ROW_ID
				+ ", s.snap AS " + SNAPSHOT + " FROM (" + Inlining.select(cols, rows) + ") r JOIN (VALUES "
				+ String.join(", ", snapshots) + ") s(rid, snap) ON s.rid = r." + Views.POS + " ORDER BY r." + Views.POS;
	}

	/** The extension's rows: per table flushed, its schema, name and the rows it flushed. */
	List<String> run(String tableName, Map<String, String> named) throws EngineException, DuckLakeException,
			SQLException {
		// inside a transaction that changed the catalog, the flush is part of it (as the extension does)
		boolean inTx = a.pendingOrNull() != null && !a.pendingOrNull().isEmpty();
		Changes.writable(a);
		Commit c = inTx ? a.pending() : Maintenance.commit(a);
		CatalogAt cat = inTx ? a.view() : a.catalog.store().at(c.base());
		String schemaName = named.get("schema_name") != null ? named.get("schema_name") : named.get("schema");
		String only = tableName != null ? tableName : named.get("table_name");
		List<String> rows = new ArrayList<>();
		boolean found = false;
		List<Long> flushed = new ArrayList<>();
		int mark = a.placedCount();
		try {
			for (TableEntry t : cat.tables()) {
				SchemaEntry s = cat.schemaOf(t).orElseThrow();
				if ((only != null && !t.name().equalsIgnoreCase(only))
						|| (schemaName != null && !s.name().equalsIgnoreCase(schemaName))) {
					continue;
				}
				found = true;
				if (!"true".equalsIgnoreCase(TableOptions.of(a, t).getOrDefault("auto_compact", "true"))) {
					continue; // a table (or its schema, or the catalog) that opts out of maintenance, as compaction
				}
				flushed.add(t.id());
				flushDeletes(c, cat, t, inTx);
				List<InlinedRow> live = Inlining.rows(a, c.base(), inTx ? c : null, t.id());
				List<ColumnEntry> cols = cat.columns(t.id());
				boolean plain = Layouts.partitioning(a, t.id()).isEmpty() && Layouts.sorting(a, t.id()).isEmpty();
				// rows deleted since the last flush go into the file too, and a delete file says which snapshot
				// deleted each (as the extension flushes them); in a file split by partition or sorted, live rows only
				Map<Long, Long> deleted = plain ? deletedSinceFlush(t.id(), c.base()) : Map.of();
				Map<Long, InlinedRow> byId = new java.util.TreeMap<>();
				live.forEach(r -> byId.put(r.rowId(), r));
				deletedRows(t.id(), deleted).forEach(r -> byId.putIfAbsent(r.rowId(), r));
				List<InlinedRow> inlined = new ArrayList<>(byId.values());
				if (inlined.isEmpty() || cols.isEmpty()) {
					continue;
				}
				String temp = "__dl_flush_" + t.id();
				try (Statement st = d.createStatement()) {
					st.execute("CREATE OR REPLACE TEMP TABLE " + Sql.ident(temp) + " AS " + kept(cols, inlined, c, t.id()));
				}
				boolean inserted = c.changes.contains("inserted_into_table:" + t.id());
				int filesBefore = c.newDataFiles.size();
				long n = writes.flush(c, a, cat, t, temp);
				if (!deleted.isEmpty()) {
					flushedDeletes(c, cat, t, c.newDataFiles.subList(filesBefore, c.newDataFiles.size()), inlined,
							deleted);
				}
				Inlining.delete(c, t.id(), live.stream().map(InlinedRow::rowId).toList());
				// the rows move, the table keeps its count: the delete's share of the stats is put back
				io.lakestudio.ducklake.TableStats ts = c.tableStats.get(t.id());
				c.tableStats.put(t.id(), new io.lakestudio.ducklake.TableStats(t.id(), ts.recordCount() - n,
						ts.nextRowId(), ts.fileSizeBytes()));
				if (!inserted) {
					c.changes.remove("inserted_into_table:" + t.id());
				}
				c.changes.add("flushed_inlined:" + t.id());
				try (Statement st = d.createStatement()) {
					st.execute("DROP TABLE IF EXISTS " + Sql.ident(temp));
				}
				// the rows it moved that the table still has (a deleted one goes into the file deleted)
				rows.add("(" + Sql.string(s.name()) + ", " + Sql.string(t.name()) + ", " + (n - deleted.size()) + ")");
			}
			if (only != null && !found) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + only + " does not exist!");
			}
			if (inTx) {
				return rows; // the transaction's commit names the files, its rollback removes them
			}
			if (!c.isEmpty()) {
				ColumnStatsCommit.collect(a.catalog.store(), c, cat);
				a.committed(a.catalog.store().commit(c));
			}
			a.keepPlaced(mark);
			for (long id : flushed) {
				a.catalog.store().reclaimInlinedTables(id); // the superseded versions' tables, now empty, go
			}
			return rows;
		} catch (IOException e) {
			if (!inTx) {
				a.removePlaced(mark);
			}
			throw new EngineException(Kind.FAILED, "cannot write a data file: " + e.getMessage(), e);
		} catch (DuckLakeException | SQLException | RuntimeException e) {
			if (!inTx) {
				a.removePlaced(mark);
			}
			throw e;
		}
	}
}
