package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.engine.internal.Sql;

/**
 * The write path. DuckDB writes each Parquet file into the staging folder (data files with each column's field id
 * = its column id, delete files as {@code (file_path, pos)}), Java reads its stats from the footer
 * ({@code parquet_metadata}), moves it into the table's folder under the data path and only then adds its row to
 * the transaction's commit: a crash leaves at most an orphan file, never a catalog row naming a missing file.
 */
final class Writes {

	private final Connection d;
	private final Path staging;
	/** At most this many bytes per data file an insert writes (0: one file), as ducklake_target_file_size. */
	private long targetFileSize;

	Writes(Connection d, Path staging) {
		this.d = d;
		this.staging = staging;
	}

	/** The session's ducklake_default_data_inlining_row_limit, if set. */
	private java.util.OptionalLong inliningRowLimit = java.util.OptionalLong.empty();

	/** Inserts of at most this many rows (by the table's, catalog's, attach's or this default limit) are inlined. */
	Writes inliningRowLimit(java.util.OptionalLong rows) {
		this.inliningRowLimit = rows;
		return this;
	}

	/** Splits each insert's data into files of about {@code bytes} (the session's or catalog's target_file_size). */
	Writes targetFileSize(long bytes) {
		this.targetFileSize = bytes;
		return this;
	}

	/** The session's target file size, else the catalog's global target_file_size option, else none. */
	private long target(Attached a) throws DuckLakeException {
		if (targetFileSize > 0) {
			return targetFileSize;
		}
		String v = a.catalog.store().metadata().get("target_file_size");
		try {
			return v == null ? 0 : LakeSettings.bytes("target_file_size", v);
		} catch (io.lakestudio.engine.EngineException e) {
			return 0; // an option the extension would refuse too: one file
		}
	}

	/**
	 * Adds the rows of the temp table {@code source} (the table's columns, by name) as data files, or inlined into
	 * the catalog when they are few enough.
	 */
	long insert(Attached a, CatalogAt cat, TableEntry t, String source) throws SQLException, DuckLakeException,
			IOException {
		return insert(a.pending(), a, cat, t, source, true, false, null);
	}

	/**
	 * A flush of inlined rows into data files of commit {@code c}: each keeps its id and snapshot (columns
	 * {@link #KEPT_ROW_ID} and {@link InlinedFlush#SNAPSHOT} of {@code source}, in the file as the extension's flush
	 * writes them), sorted by the table's sort order even with sort_on_insert off; the table's next row id stays.
	 */
	long flush(Commit c, Attached a, CatalogAt cat, TableEntry t, String source) throws SQLException,
			DuckLakeException, IOException {
		return insert(c, a, cat, t, source, false, true, KEPT_ROW_ID);
	}

	/**
	 * The rows of an UPDATE, each keeping its row id (column {@link #KEPT_ROW_ID} of {@code source}), as the
	 * extension's do: inlined with those ids, or written into files that carry them; the table's next row id stays.
	 */
	long update(Attached a, CatalogAt cat, TableEntry t, String source) throws SQLException, DuckLakeException,
			IOException {
		return insert(a.pending(), a, cat, t, source, true, false, KEPT_ROW_ID);
	}

	/** The column of an UPDATE's rows that holds each one's row id. */
	static final String KEPT_ROW_ID = "__dl_kept_rowid";

	private long insert(Commit c, Attached a, CatalogAt cat, TableEntry t, String source, boolean inline,
			boolean flush, String idColumn) throws SQLException, DuckLakeException, IOException {
		long rows = count("SELECT count(*) FROM " + Sql.ident(source));
		if (rows == 0) {
			return 0;
		}
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		List<ColumnEntry> cols = cat.columns(t.id());
		long limit = inline ? Inlining.limit(a, t, inliningRowLimit) : 0;
		// rows past the inlining limit are sorted even with sort_on_insert off, as the extension's are
		FileLayout layout = FileLayout.of(d, a, t, cols, source, flush || limit > 0 && rows > limit);
		if (rows <= limit && Inlining.inlinable(cols) && a.catalog.store().partitioning(t.id(), a.snapshot().id())
				.isEmpty() && !c.partitionings.containsKey(t.id())) {
			TableStats before = stats(a, c, t.id());
			long n = Inlining.insert(d, c, t, cols, source, layout.orderBy(), before.nextRowId(), idColumn);
			c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount() + n, before.nextRowId()
					+ (idColumn == null ? n : 0), before.fileSizeBytes()));
			c.changes.add("inlined_insert:" + t.id());
			return rows;
		}
		List<String> select = new ArrayList<>();
		List<String> ids = new ArrayList<>();
		for (ColumnEntry col : cols) {
			select.add(Sql.ident(col.name()) + "::" + NestedTypes.duckType(col) + " AS " + Sql.ident(col.name()));
			ids.add(NestedColumns.fieldIds(col));
		}
		if (idColumn != null) {
			select.add(Sql.ident(idColumn) + " AS " + FileLineage.ROW_ID_COLUMN);
			ids.add(FileLineage.ROW_ID_COLUMN + ": " + FileLineage.ROW_ID_FIELD);
		}
		if (flush) {
			select.add(Sql.ident(InlinedFlush.SNAPSHOT) + " AS " + FileLineage.SNAPSHOT_ID_COLUMN);
			ids.add(FileLineage.SNAPSHOT_ID_COLUMN + ": " + FileLineage.SNAPSHOT_ID_FIELD);
		}
		String fieldIds = "FIELD_IDS {" + String.join(", ", ids) + "}" + ParquetOptions.of(a, t);
		// one file per partition value, each split at the target file size
		for (FileLayout.Part part : layout.parts()) {
			String query = "SELECT " + String.join(", ", select) + " FROM " + Sql.ident(source) + part.where()
					+ layout.orderBy();
			for (Path staged : TargetFiles.write(d, staging, query, fieldIds, target(a))) {
				String file = part.dir() + staged.getFileName();
				long n = count("SELECT num_rows FROM parquet_file_metadata(" + Sql.string(staged.toString()) + ")");
				List<ColumnStats> stats = stats(staged, cols);
				List<VariantStats> variants = VariantFileStats.of(d, Sql.string(staged.toString()), cols);
				long size = Files.size(staged);
				long footer = footer(staged);
				long groups = rowGroups(staged.toString());
				TableStats before = stats(a, c, t.id());
				// a flushed file starts at its first row id, as the extension's (unmoved by others' inserts)
				long start = flush ? count("SELECT min(" + FileLineage.ROW_ID_COLUMN + ") FROM read_parquet("
						+ Sql.string(staged.toString()) + ")") : before.nextRowId();
				place(a, staged, a.catalog.resolve(schema, t, file, true));
				long fileId = c.fileId();
				c.newDataFiles.add(new DataFile(fileId, t.id(), 0, file, true, n, size, footer, start, stats));
				c.rowGroups.put(fileId, groups);
				c.variantStats.put(fileId, variants);
				if (idColumn != null) { // the ids are in the file
					c.lineage.put(fileId, new FileLineage(fileId, null, flush ? start : null, null));
				}
				if (part.partition() != null) {
					c.filePartitions.put(fileId, part.partition());
				}
				c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount() + n, idColumn == null
						? before.nextRowId() + n : before.nextRowId(), before.fileSizeBytes() + size));
			}
		}
		c.changes.add("inserted_into_table:" + t.id());
		return rows;
	}

	/**
	 * Deletes the rows the temp table {@code positions} names ({@code __dl_file}, {@code __dl_pos}): per data file,
	 * a new delete file holding its earlier deletes and these, which takes the place of the one before.
	 */
	long delete(Attached a, CatalogAt cat, TableEntry t, String positions) throws SQLException, DuckLakeException,
			IOException {
		long rows = count("SELECT count(*) FROM " + Sql.ident(positions));
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
			String earlier = "";
			if (DeletionVectorRows.is(old)) {
				earlier = " UNION ALL " + DeletionVectorWrites.rows(a.catalog.resolve(schema, t, old.path(),
						old.relative()), old, carry, own);
			} else if (old != null) {
				String snap = !carry ? "NULL" : old.partialMax() == null ? (own ? "NULL" : String.valueOf(
						old.beginSnapshot())) : "coalesce(" + FileLineage.SNAPSHOT_ID_COLUMN + ", " + (own ? "NULL"
								: old.partialMax()) + ")";
				earlier = " UNION ALL SELECT pos, " + snap + "::BIGINT FROM read_parquet(" + Sql.string(
						a.catalog.resolve(schema, t, old.path(), old.relative())) + ")";
			}
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
				exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos" + (carry ? ", snap AS "
						+ FileLineage.SNAPSHOT_ID_COLUMN : "") + " FROM (" + rowsOf + ") ORDER BY pos)"
						+ " TO " + Sql.string(staged.toString()) + " (FORMAT parquet)");
				count = count("SELECT count(*) FROM read_parquet(" + Sql.string(staged.toString()) + ")");
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
			long footer = written != null ? written.footerSize() : footer(staged);
			Long groups = written != null ? null : Long.valueOf(rowGroups(staged.toString())); // not Parquet: NULL
			place(a, staged, a.catalog.resolve(schema, t, file, true));
			if (carry && !own) {
				c.removedDeleteFiles.add(new ScheduledFile(old.id(), old.relative() ? schema.path() + t.path()
						+ old.path() : old.path(), old.relative(), java.time.Instant.now()));
			} else {
				replaced(a, c, schema, t, p);
			}
			c.newDeleteFiles.add(carry ? new DeleteFile(c.fileId(), t.id(), old.beginSnapshot(), id, file, true, count,
					size, footer, own ? old.partialMax() : Long.valueOf(DeleteFile.THIS_SNAPSHOT))
					: new DeleteFile(c.fileId(), t.id(), 0, id, file, true, count, size, footer));
			if (groups != null) {
				c.rowGroups.put(c.newDeleteFiles.getLast().id(), groups);
			}
		}
		TableStats before = stats(a, c, t.id());
		c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount() - counted, before.nextRowId(),
				before.fileSizeBytes()));
		if (!files.isEmpty()) {
			c.changes.add("deleted_from_table:" + t.id());
		}
		return rows;
	}

	/**
	 * Writes the delete file of data file {@code p} with its earlier deletes and {@code positions} (a flush of
	 * deletes kept in the catalog), in place of the one before; with none before it begins at {@code begin}, when
	 * the first of those deletes was made.
	 */
	void flushDeletes(Commit c, Attached a, CatalogAt cat, TableEntry t, ReadPlan.Part p, java.util.Set<Long> positions,
			long begin) throws SQLException, DuckLakeException, IOException {
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		String dataPath = a.catalog.resolve(schema, t, p.data().path(), p.data().relative());
		String earlier = p.deletes() == null ? ""
				: DeletionVectorRows.is(p.deletes()) ? " UNION SELECT pos FROM (" + DeletionVectorWrites.rows(
						a.catalog.resolve(schema, t, p.deletes().path(), p.deletes().relative()), p.deletes(), false,
						false) + ")"
				: " UNION SELECT pos FROM read_parquet(" + Sql.string(a.catalog.resolve(schema, t, p.deletes().path(),
						p.deletes().relative())) + ")";
		List<String> values = positions.stream().map(x -> "(" + x + "::BIGINT)").toList();
		String file = "ducklake-" + UUID.randomUUID() + "-delete.parquet";
		Path staged = staging.resolve(file);
		exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos FROM (SELECT pos FROM (VALUES "
				+ String.join(", ", values) + ") v(pos)" + earlier + ") ORDER BY pos) TO " + Sql.string(staged.toString())
				+ " (FORMAT parquet)");
		long count = count("SELECT count(*) FROM read_parquet(" + Sql.string(staged.toString()) + ")");
		long size = Files.size(staged);
		long footer = footer(staged);
		long groups = rowGroups(staged.toString());
		place(a, staged, a.catalog.resolve(schema, t, file, true));
		replaced(a, c, schema, t, p);
		c.newDeleteFiles.add(new DeleteFile(c.fileId(), t.id(), p.deletes() == null ? begin : 0, p.data().id(), file,
				true, count, size, footer));
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
		exec("COPY (SELECT " + Sql.string(dataPath) + " AS file_path, pos, snapshot AS " + FileLineage.SNAPSHOT_ID_COLUMN
				+ " FROM (VALUES " + String.join(", ", values) + ") v(pos, snapshot) ORDER BY pos) TO "
				+ Sql.string(staged.toString()) + " (FORMAT parquet)");
		long size = Files.size(staged);
		long footer = footer(staged);
		long groups = rowGroups(staged.toString());
		place(a, staged, a.catalog.resolve(schema, t, file, true));
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
		if (fileRows > Inlining.limit(a, t, inliningRowLimit)) {
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

	private TableStats stats(Attached a, Commit c, long table) throws DuckLakeException {
		TableStats s = c.tableStats.get(table);
		if (s != null) {
			return s;
		}
		TableStats base = a.catalog.store().tableStats(table).orElse(new TableStats(table, 0, 0, 0));
		c.baseStats.putIfAbsent(table, base);
		return base;
	}

	/**
	 * Each leaf column's stats from the file's footer, by its path there (a nested column's fields each have their
	 * own, as the extension keeps them; the nested column itself has none).
	 */
	List<ColumnStats> stats(Path file, List<ColumnEntry> cols) throws SQLException {
		List<ColumnStats> out = new ArrayList<>();
		String f = Sql.string(file.toString());
		for (ColumnEntry top : cols) {
			for (NestedColumns.Leaf leaf : NestedColumns.leaves(top)) {
				ColumnEntry col = leaf.column();
				if (col.type().equals("variant")) { // its parts are shredded in the file: no min and max of its own
					out.add(VariantFileStats.column(d, f, col, leaf.path()));
					continue;
				}
				String type = NestedTypes.duckType(col);
				String cast = type.equals("BLOB") ? "stats_min_value" : "TRY_CAST(stats_min_value AS " + type + ")";
				String castMax = cast.replace("stats_min_value", "stats_max_value");
				String q = "SELECT sum(num_values), sum(stats_null_count), sum(total_compressed_size), min(" + cast
						+ ")::VARCHAR, max(" + castMax + ")::VARCHAR FROM parquet_metadata(" + f
						+ ") WHERE path_in_schema = " + Sql.string(leaf.path());
				ColumnStats partial;
				try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
					r.next();
					partial = new ColumnStats(col.id(), r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4),
							r.getString(5), null);
				}
				Boolean nan = (type.equals("DOUBLE") || type.equals("FLOAT")) && col == top ? nan(f, col) : null;
				out.add(BoundsFromRows.fill(d, f, col == top ? col : null, new ColumnStats(col.id(), partial.valueCount(),
						partial.nullCount(), partial.columnSizeBytes(), partial.min(), partial.max(), nan)));
			}
		}
		return out;
	}

	private Boolean nan(String f, ColumnEntry col) throws SQLException {
		return count("SELECT count(*) FROM read_parquet(" + f + ") WHERE isnan(" + Sql.ident(col.name()) + ")") > 0;
	}

	long footer(Path file) throws SQLException {
		return count("SELECT footer_size FROM parquet_file_metadata(" + Sql.string(file.toString()) + ")");
	}

	/** The number of row groups the file's footer lists (a 1.1 catalog's row_group_count). */
	long rowGroups(String file) throws SQLException {
		return count("SELECT num_row_groups FROM parquet_file_metadata(" + Sql.string(file) + ")");
	}

	private void place(Attached a, Path staged, String target) throws IOException {
		Path to = Path.of(target);
		Files.createDirectories(to.getParent());
		try {
			Files.move(staged, to, StandardCopyOption.ATOMIC_MOVE);
		} catch (IOException e) {
			Files.move(staged, to);
		}
		a.placed(to);
	}

	private long count(String q) throws SQLException {
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getLong(1);
		}
	}

	private void exec(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}
}
