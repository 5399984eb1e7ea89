package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.internal.Sql;

/**
 * The delete half of the write path: positional delete files (or deletion vectors, or deletes kept in the catalog)
 * staged by DuckDB, placed under the data path before the commit names them, as {@link Writes} does for data files.
 */
final class DeleteWrites {

	private final Writes w;
	private final Connection d;
	private final Path staging;

	DeleteWrites(Writes w, Connection d, Path staging) {
		this.w = w;
		this.d = d;
		this.staging = staging;
	}

	/**
	 * Deletes the rows the temp table {@code positions} names ({@code __dl_file}, {@code __dl_pos}): per data file,
	 * a new delete file holding its earlier deletes and these, which takes the place of the one before.
	 */
	long delete(Attached a, CatalogAt cat, TableEntry t, String positions) throws SQLException, DuckLakeException,
			IOException {
		long rows = w.count("SELECT count(*) FROM " + Sql.ident(positions));
		if (rows == 0) {
			return 0;
		}
		Commit c = a.pending();
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		Map<Long, ReadPlan.Part> parts = new LinkedHashMap<>();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), a.snapshot(), c, t.id()).parts()) {
			parts.put(p.data().id(), p);
		}
		List<Long> files = new ArrayList<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT DISTINCT " + Views.FILE
				+ " FROM " + Sql.ident(positions) + " ORDER BY 1")) {
			while (r.next()) {
				files.add(r.getLong(1));
			}
		}
		long fileRows = rows;
		if (files.remove(Long.valueOf(Inlining.FILE))) {
			List<Long> rowIds = new ArrayList<>();
			try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT " + Views.POS + " FROM "
					+ Sql.ident(positions) + " WHERE " + Views.FILE + " = " + Inlining.FILE)) {
				while (r.next()) {
					rowIds.add(r.getLong(1));
				}
			}
			Inlining.delete(c, t.id(), rowIds);
			c.changes.add("inlined_delete:" + t.id());
			fileRows -= rowIds.size();
		}
		long counted = rows;
		if (!files.isEmpty() && inlineDeletes(a, c, t, positions, parts, files, fileRows)) {
			c.changes.add("deleted_from_table:" + t.id());
			files.clear();
			counted -= fileRows; // file rows deleted in the catalog keep their record_count, as the extension's
		}
		for (long id : files) {
			ReadPlan.Part p = parts.get(id);
			String dataPath = a.catalog.resolve(schema, t, p.data().path(), p.data().relative());
			DeleteFile old = p.deletes();
			boolean own = old != null && c.newDeleteFiles.stream().anyMatch(x -> x.id() == old.id());
			// the new delete file holds the old one's deletes with the snapshot of each, and takes its place from
			// its first snapshot on (a store that keeps partial_max; else the old one ends here)
			boolean carry = old != null && (own ? old.partialMax() != null : a.catalog.store().keepsDeleteSnapshots());
			String earlier = old == null ? "" : " UNION ALL " + earlierRows(a, schema, t, old, carry, own);
			String rowsOf = "SELECT " + Views.POS + " AS pos, NULL::BIGINT AS snap FROM " + Sql.ident(positions)
					+ " WHERE " + Views.FILE + " = " + id + earlier;
			boolean vector = DeletionVectorWrites.on(a, t);
			String file = "ducklake-" + UUID.randomUUID() + "-delete." + (vector ? DeleteFile.PUFFIN : "parquet");
			Path staged = staging.resolve(file);
			long count;
			io.lakestudio.iceberg.DeletionVectors.Written written = null;
			if (vector) {
				// this commit's deletes are of snapshot base + 1 until it commits, as the extension writes them
				written = DeletionVectorWrites.write(d, "SELECT pos, snap FROM (" + rowsOf + ") ORDER BY pos", staged,
						dataPath, c.base().id() + 1);
				count = written.deleteCount();
			} else {
				w.exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos" + (carry ? ", snap AS "
						+ FileLineage.SNAPSHOT_ID_COLUMN : "") + " FROM (" + rowsOf + ") ORDER BY pos)"
						+ " TO " + Sql.string(staged.toString()) + " (FORMAT parquet)");
				count = w.count("SELECT count(*) FROM read_parquet(" + Sql.string(staged.toString()) + ")");
			}
			if (count >= p.data().recordCount()) {
				// every row of the file is gone: the file ends (as the extension does), no delete file names it
				Files.deleteIfExists(staged);
				if (c.newDataFiles.removeIf(x -> x.id() == id)) {
					a.discard(dataPath);
				} else {
					c.endedDataFiles.add(id);
				}
				replaced(a, c, schema, t, p);
				continue;
			}
			long size = Files.size(staged);
			long footer = written != null ? written.footerSize() : w.footer(staged);
			Long groups = written != null ? null : Long.valueOf(w.rowGroups(staged.toString())); // not Parquet: NULL
			w.place(a, staged, a.catalog.resolve(schema, t, file, true));
			superseded(a, c, schema, t, p, carry && !own);
			c.newDeleteFiles.add(carry ? new DeleteFile(c.fileId(), t.id(), old.beginSnapshot(), id, file, true, count,
					size, footer, own ? old.partialMax() : Long.valueOf(DeleteFile.THIS_SNAPSHOT))
					: new DeleteFile(c.fileId(), t.id(), 0, id, file, true, count, size, footer));
			if (groups != null) {
				c.rowGroups.put(c.newDeleteFiles.getLast().id(), groups);
			}
		}
		TableStats before = w.stats(a, c, t.id());
		c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount() - counted, before.nextRowId(),
				before.fileSizeBytes()));
		if (!files.isEmpty()) {
			c.changes.add("deleted_from_table:" + t.id());
		}
		return rows;
	}

	/**
	 * The rows {@code (pos, snap)} of a data file's delete file before this one, each with the snapshot that deleted
	 * it: none ({@code carry} false, or the transaction's own rows: this commit), else the one the file names, else
	 * the old file's partial_max (its rows of no snapshot) or first snapshot.
	 */
	private static String earlierRows(Attached a, SchemaEntry schema, TableEntry t, DeleteFile old, boolean carry,
			boolean own) throws DuckLakeException {
		String path = a.catalog.resolve(schema, t, old.path(), old.relative());
		if (DeletionVectorRows.is(old)) {
			return DeletionVectorWrites.rows(path, old, carry, own);
		}
		Long at = deletedAt(old, own);
		String fallback = at == null ? "NULL" : at.toString();
		String snap = !carry ? "NULL" : old.partialMax() == null ? fallback : "coalesce("
				+ FileLineage.SNAPSHOT_ID_COLUMN + ", " + fallback + ")";
		return "SELECT pos, " + snap + "::BIGINT AS snap FROM read_parquet(" + Sql.string(path) + ")";
	}

	/**
	 * The snapshot that deleted a row of the earlier delete file {@code old} when the file names none for it (a file
	 * names one per row only when it has a partial_max): none for the transaction's own file ({@code own}, this
	 * commit), else its partial_max, else its first snapshot. One rule for Parquet delete files and deletion vectors.
	 */
	static Long deletedAt(DeleteFile old, boolean own) {
		return own ? null : old.partialMax() != null ? old.partialMax() : Long.valueOf(old.beginSnapshot());
	}

	/**
	 * Writes the delete file of data file {@code p} with its earlier deletes and {@code positions} (a flush of
	 * deletes kept in the catalog: each position to the snapshot that deleted it, null for this transaction's own),
	 * in place of the one before. As the extension merges them, the file says per row which snapshot deleted it
	 * ({@code _ducklake_internal_snapshot_id}) and begins at the first of them, so time travel and the change feed
	 * still see each delete where it was made; a committed delete file before it goes from the catalog.
	 */
	void flushDeletes(Commit c, Attached a, CatalogAt cat, TableEntry t, ReadPlan.Part p, Map<Long, Long> positions)
			throws SQLException, DuckLakeException, IOException {
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		String dataPath = a.catalog.resolve(schema, t, p.data().path(), p.data().relative());
		DeleteFile old = p.deletes();
		boolean own = old != null && c.newDeleteFiles.stream().anyMatch(x -> x.id() == old.id());
		boolean carry = a.catalog.store().keepsDeleteSnapshots();
		List<String> values = positions.entrySet().stream().map(e -> "(" + e.getKey() + "::BIGINT, " + e.getValue()
				+ "::BIGINT)").toList();
		String rows = "SELECT pos, snap FROM (VALUES " + String.join(", ", values) + ") v(pos, snap)" + (old == null
				? "" : " UNION ALL " + earlierRows(a, schema, t, old, carry && (!own || old.partialMax() != null), own));
		// a position deleted twice (in the catalog and in the file before) counts once, at its first delete
		String merged = "SELECT pos, min(snap) AS snap FROM (" + rows + ") GROUP BY pos";
		String file = "ducklake-" + UUID.randomUUID() + "-delete.parquet";
		Path staged = staging.resolve(file);
		w.exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos" + (carry ? ", snap AS "
				+ FileLineage.SNAPSHOT_ID_COLUMN : "") + " FROM (" + merged + ") ORDER BY pos) TO "
				+ Sql.string(staged.toString()) + " (FORMAT parquet)");
		long count;
		Long first;
		Long last;
		boolean now; // rows of this commit (null: until it commits, the file's partial_max)
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT count(*), min(snap), max(snap),"
				+ " count(*) FILTER (WHERE snap IS NULL) FROM (" + merged + ")")) {
			r.next();
			count = r.getLong(1);
			long v = r.getLong(2);
			first = r.wasNull() ? null : v;
			v = r.getLong(3);
			last = r.wasNull() ? null : v;
			now = r.getLong(4) > 0;
		}
		long size = Files.size(staged);
		long footer = w.footer(staged);
		long groups = w.rowGroups(staged.toString());
		w.place(a, staged, a.catalog.resolve(schema, t, file, true));
		superseded(a, c, schema, t, p, carry && !own);
		// of one snapshot, the file needs no partial_max (its rows are all of its first snapshot); a store that keeps
		// no partial_max can't backdate the old file's rows with the new ones: the file begins at this commit
		Long partialMax = !carry || first == null ? null : now ? Long.valueOf(DeleteFile.THIS_SNAPSHOT)
				: last > first ? last : null;
		long begin = first == null || !carry && old != null ? 0 : first;
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), t.id(), begin, p.data().id(), file, true, count, size, footer,
				partialMax));
		c.rowGroups.put(c.newDeleteFiles.getLast().id(), groups);
	}

	/**
	 * A delete file of new data file {@code f} (of this commit) naming each position with the snapshot that deleted
	 * it ({@code _ducklake_internal_snapshot_id}): it begins at the first of them, its partial_max is the last.
	 */
	void deletesWithSnapshots(Commit c, Attached a, CatalogAt cat, TableEntry t, DataFile f, Map<Long, Long> positions)
			throws SQLException, DuckLakeException, IOException {
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		String dataPath = a.catalog.resolve(schema, t, f.path(), f.relative());
		List<String> values = positions.entrySet().stream().map(e -> "(" + e.getKey() + "::BIGINT, " + e.getValue()
				+ "::BIGINT)").toList();
		String file = "ducklake-" + UUID.randomUUID() + "-delete.parquet";
		Path staged = staging.resolve(file);
		w.exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos, snapshot AS " + FileLineage.SNAPSHOT_ID_COLUMN
				+ " FROM (VALUES " + String.join(", ", values) + ") v(pos, snapshot) ORDER BY pos) TO "
				+ Sql.string(staged.toString()) + " (FORMAT parquet)");
		long size = Files.size(staged);
		long footer = w.footer(staged);
		long groups = w.rowGroups(staged.toString());
		w.place(a, staged, a.catalog.resolve(schema, t, file, true));
		long first = java.util.Collections.min(positions.values());
		long last = java.util.Collections.max(positions.values());
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), t.id(), first, f.id(), file, true, positions.size(), size,
				footer, last));
		c.rowGroups.put(c.newDeleteFiles.getLast().id(), groups);
	}

	/**
	 * The data file's delete file before this one, which the new one takes the place of: the transaction's own goes
	 * at once (no snapshot names it), a committed one ends.
	 */
	/**
	 * The data file's delete file before the one just written: a committed one whose rows the new one carries, each
	 * with the snapshot that deleted it ({@code carried}), leaves the catalog and its file is scheduled for removal;
	 * else it ends, or is discarded when this commit wrote it ({@link #replaced}).
	 */
	private static void superseded(Attached a, Commit c, SchemaEntry schema, TableEntry t, ReadPlan.Part p,
			boolean carried) {
		DeleteFile old = p.deletes();
		if (carried && old != null) {
			c.removedDeleteFiles.add(new ScheduledFile(old.id(), old.relative() ? schema.path() + t.path()
					+ old.path() : old.path(), old.relative(), java.time.Instant.now()));
		} else {
			replaced(a, c, schema, t, p);
		}
	}

	private static void replaced(Attached a, Commit c, SchemaEntry schema, TableEntry t, ReadPlan.Part p) {
		DeleteFile old = p.deletes();
		if (old == null) {
			return;
		}
		if (c.newDeleteFiles.removeIf(x -> x.id() == old.id())) {
			a.discard(a.catalog.resolve(schema, t, old.path(), old.relative()));
		} else {
			c.endedDeleteFiles.add(old.id());
		}
	}

	/**
	 * Keeps a delete of at most the inlining row limit of file rows in the catalog (deletion inlining), unless it
	 * would leave a file with no rows (that file ends instead). False when it wrote nothing.
	 */
	private boolean inlineDeletes(Attached a, Commit c, TableEntry t, String positions, Map<Long, ReadPlan.Part> parts,
			List<Long> files, long fileRows) throws SQLException, DuckLakeException {
		if (fileRows > Inlining.limit(a, t, w.inliningRowLimit())) {
			return false;
		}
		Map<Long, java.util.Set<Long>> known = Inlining.fileDeletes(a, a.snapshot(), c, t.id());
		Map<Long, java.util.Set<Long>> byFile = new LinkedHashMap<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT " + Views.FILE + ", " + Views.POS
				+ " FROM " + Sql.ident(positions) + " WHERE " + Views.FILE + " <> " + Inlining.FILE)) {
			while (r.next()) {
				byFile.computeIfAbsent(r.getLong(1), k -> new java.util.TreeSet<>()).add(r.getLong(2));
			}
		}
		for (Map.Entry<Long, java.util.Set<Long>> e : byFile.entrySet()) {
			ReadPlan.Part p = parts.get(e.getKey());
			java.util.Set<Long> all = new java.util.HashSet<>(known.getOrDefault(e.getKey(), java.util.Set.of()));
			all.addAll(e.getValue());
			long earlier = p.deletes() == null ? 0 : p.deletes().deleteCount();
			if (earlier + all.size() >= p.data().recordCount()) {
				return false;
			}
		}
		for (Map.Entry<Long, java.util.Set<Long>> e : byFile.entrySet()) {
			c.inlinedFileDeletes.computeIfAbsent(t.id(), k -> new LinkedHashMap<>())
					.computeIfAbsent(e.getKey(), k -> new java.util.TreeSet<>()).addAll(e.getValue());
		}
		return true;
	}
}
