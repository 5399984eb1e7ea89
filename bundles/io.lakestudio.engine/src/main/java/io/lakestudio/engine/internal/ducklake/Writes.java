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
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
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

	private final DeleteWrites deletes;

	Writes(Connection d, Path staging) {
		this.d = d;
		this.staging = staging;
		this.deletes = new DeleteWrites(this, d, staging);
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
	long target(Attached a) throws DuckLakeException {
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
		return insert(a, cat, t, source, -1);
	}

	/** The same, {@code rows} already counted (-1: not). */
	long insert(Attached a, CatalogAt cat, TableEntry t, String source, long rows) throws SQLException,
			DuckLakeException, IOException {
		return insert(a.pending(), a, cat, t, source, true, false, null, rows);
	}

	/**
	 * A flush of inlined rows into data files of commit {@code c}: each keeps its id and snapshot (columns
	 * {@link #KEPT_ROW_ID} and {@link InlinedFlush#SNAPSHOT} of {@code source}, in the file as the extension's flush
	 * writes them), sorted by the table's sort order even with sort_on_insert off; the table's next row id stays.
	 */
	long flush(Commit c, Attached a, CatalogAt cat, TableEntry t, String source) throws SQLException,
			DuckLakeException, IOException {
		return insert(c, a, cat, t, source, false, true, KEPT_ROW_ID, -1);
	}

	/**
	 * The rows of an UPDATE, each keeping its row id (column {@link #KEPT_ROW_ID} of {@code source}), as the
	 * extension's do: inlined with those ids, or written into files that carry them; the table's next row id stays.
	 */
	long update(Attached a, CatalogAt cat, TableEntry t, String source) throws SQLException, DuckLakeException,
			IOException {
		return insert(a.pending(), a, cat, t, source, true, false, KEPT_ROW_ID, -1);
	}

	/** See {@link QueryInsert#insert}. */
	long insertQuery(Attached a, CatalogAt cat, TableEntry t, String rows) throws SQLException, DuckLakeException,
			IOException {
		return new QueryInsert(this, d, staging).insert(a, cat, t, rows);
	}

	/** See {@link DeleteWrites#delete}. */
	long delete(Attached a, CatalogAt cat, TableEntry t, String positions) throws SQLException, DuckLakeException,
			IOException {
		return deletes.delete(a, cat, t, positions);
	}

	/** See {@link DeleteWrites#flushDeletes}. */
	void flushDeletes(Commit c, Attached a, CatalogAt cat, TableEntry t, ReadPlan.Part p, Map<Long, Long> positions)
			throws SQLException, DuckLakeException, IOException {
		deletes.flushDeletes(c, a, cat, t, p, positions);
	}

	/** See {@link DeleteWrites#deletesWithSnapshots}. */
	void deletesWithSnapshots(Commit c, Attached a, CatalogAt cat, TableEntry t, DataFile f, Map<Long, Long> positions)
			throws SQLException, DuckLakeException, IOException {
		deletes.deletesWithSnapshots(c, a, cat, t, f, positions);
	}

	java.util.OptionalLong inliningRowLimit() {
		return inliningRowLimit;
	}

	/** The column of an UPDATE's rows that holds each one's row id. */
	static final String KEPT_ROW_ID = "__dl_kept_rowid";

	private long insert(Commit c, Attached a, CatalogAt cat, TableEntry t, String source, boolean inline,
			boolean flush, String idColumn, long counted) throws SQLException, DuckLakeException, IOException {
		long rows = counted >= 0 ? counted : count("SELECT count(*) FROM " + Sql.ident(source));
		if (rows == 0) {
			return 0;
		}
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		List<ColumnEntry> cols = cat.columns(t.id());
		long limit = inline ? Inlining.limit(a, t, inliningRowLimit) : 0;
		// rows past the inlining limit are sorted even with sort_on_insert off, as the extension's are
		FileLayout layout = FileLayout.of(d, a, t, cols, source, flush || limit > 0 && rows > limit);
		if (rows <= limit && Inlining.inlinable(cols) && Inlining.unpartitioned(a, c, t)) {
			TableStats before = stats(a, c, t.id());
			long n = Inlining.insert(d, c, t, cols, source, layout.orderBy(), before.nextRowId(), idColumn);
			inlined(c, a, schema, t, before, n, idColumn == null);
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
			for (TargetFiles.Written w : TargetFiles.write(d, staging, query, fieldIds, target(a))) {
				add(c, a, schema, t, cols, part, w, flush, idColumn);
			}
		}
		c.changes.add("inserted_into_table:" + t.id());
		return rows;
	}

	/**
	 * Adds the staged file {@code w} of table {@code t} to commit {@code c}, after moving it into the table's folder
	 * (under {@code part}'s): its rows, its columns' stats, its first row id.
	 */
	void add(Commit c, Attached a, SchemaEntry schema, TableEntry t, List<ColumnEntry> cols, FileLayout.Part part,
			TargetFiles.Written w, boolean flush, String idColumn) throws SQLException, DuckLakeException,
			IOException {
		Path staged = w.path();
		String file = part.dir() + staged.getFileName();
		long n = w.rows();
		List<ColumnStats> stats = stats(staged, cols, w.writerStats());
		List<VariantStats> variants = VariantFileStats.of(d, Sql.string(staged.toString()), cols);
		long size = Files.size(staged);
		TableStats before = stats(a, c, t.id());
		// a flushed file starts at its first row id, as the extension's (unmoved by others' inserts)
		long start = flush ? count("SELECT min(" + FileLineage.ROW_ID_COLUMN + ") FROM read_parquet("
				+ Sql.string(staged.toString()) + ")") : before.nextRowId();
		place(a, staged, a.catalog.resolve(schema, t, file, true));
		long fileId = c.fileId();
		c.newDataFiles.add(new DataFile(fileId, t.id(), 0, file, true, n, size, w.footerSize(), start, stats));
		c.rowGroups.put(fileId, w.rowGroups());
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

	/** The table's stats and changes after {@code n} rows were inlined ({@code newIds}: with row ids of their own). */
	void inlined(Commit c, Attached a, SchemaEntry schema, TableEntry t, TableStats before, long n, boolean newIds)
			throws IOException {
		tableFolder(a, schema, t);
		c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount() + n, before.nextRowId() + (newIds ? n
				: 0), before.fileSizeBytes()));
		c.changes.add("inlined_insert:" + t.id());
	}

	/** See {@link ValuesInsert#insert}. */
	long insertValues(Attached a, CatalogAt cat, TableEntry t, String values) throws DuckLakeException,
			IOException {
		return new ValuesInsert(this, d).insert(a, cat, t, values);
	}

	TableStats stats(Attached a, Commit c, long table) throws DuckLakeException {
		TableStats s = c.tableStats.get(table);
		if (s != null) {
			return s;
		}
		TableStats base = a.catalog.store().tableStats(table).orElse(new TableStats(table, 0, 0, 0));
		c.baseStats.putIfAbsent(table, base);
		return base;
	}

	/**
	 * Each leaf column's stats: a flat column's from {@code writer}, the COPY's RETURN_STATS, where they are the
	 * footer's ({@link WriterStats}); else from the file's footer, by its path there (a nested column's fields each
	 * have their own, as the extension keeps them; the nested column itself has none); a GEOMETRY's bounding box and
	 * types from {@code writer} ({@link GeoFileStats}).
	 */
	List<ColumnStats> stats(Path file, List<ColumnEntry> cols, Map<String, Map<String, String>> writer)
			throws SQLException {
		List<ColumnStats> out = new ArrayList<>();
		String f = Sql.string(file.toString());
		Map<Long, String> geoKeys = GeoFileStats.keys(cols);
		for (ColumnEntry top : cols) {
			for (NestedColumns.Leaf leaf : NestedColumns.leaves(top)) {
				ColumnEntry col = leaf.column();
				ColumnStats said = col == top ? WriterStats.of(col, writer.get(Sql.ident(col.name()))) : null;
				if (said != null) {
					out.add(said);
					continue;
				}
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
				if (col.type().equals("geometry")) {
					out.add(GeoFileStats.of(partial, writer.get(geoKeys.get(col.id()))));
					continue;
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

	/**
	 * Makes the table's folder under a local data path, as the extension's insert does before it knows the rows go
	 * inline: a COPY TO next to the table's files finds it there.
	 */
	private static void tableFolder(Attached a, SchemaEntry schema, TableEntry t) throws IOException {
		if (!a.catalog.dataPath().matches("^[a-z0-9]+://.*")) {
			Files.createDirectories(Path.of(a.catalog.resolve(schema, t, "", true)));
		}
	}

	void place(Attached a, Path staged, String target) throws IOException {
		Path to = Path.of(target);
		Files.createDirectories(to.getParent());
		try {
			Files.move(staged, to, StandardCopyOption.ATOMIC_MOVE);
		} catch (IOException e) {
			Files.move(staged, to);
		}
		a.placed(to);
	}

	long count(String q) throws SQLException {
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getLong(1);
		}
	}

	void exec(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}
}
