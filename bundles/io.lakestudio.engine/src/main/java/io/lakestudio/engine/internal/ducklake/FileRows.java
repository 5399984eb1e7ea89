package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * The rows of some of a table's data files with their lineage, for maintenance and the change feed: the columns
 * by field id, each row's id ({@link #ROW_ID}: the embedded one, else the file's first row id plus its position),
 * its snapshot ({@link #SNAPSHOT}: the embedded one, else the file's first snapshot), its file and position; minus
 * the rows the files' delete files (and deletion vectors) name, and, read at a snapshot, minus rows of later snapshots.
 */
final class FileRows {

	static final String ROW_ID = "__dl_rowid";
	static final String SNAPSHOT = "__dl_snapshot";

	private FileRows() {
	}

	/** The SELECT; {@code upTo} (or null) keeps rows of snapshots up to it. */
	static String select(Attached a, SchemaEntry schema, TableEntry t, List<ColumnEntry> columns,
			List<ReadPlan.Part> parts, Map<Long, FileLineage> lineage, boolean applyDeletes, Long upTo)
			throws io.lakestudio.ducklake.DuckLakeException {
		try {
			return select(null, a, schema, t, columns, parts, lineage, applyDeletes, upTo);
		} catch (SQLException e) {
			throw new IllegalStateException(e); // not reached: with no connection, no file's schema is read
		}
	}

	/**
	 * The SELECT, with the connection {@code d} that reads a nested table's files by field id all the way down
	 * ({@link NestedReads}; their lineage columns in a second scan of the same files), as maintenance needs.
	 */
	static String select(Connection d, Attached a, SchemaEntry schema, TableEntry t, List<ColumnEntry> columns,
			List<ReadPlan.Part> parts, Map<Long, FileLineage> lineage, boolean applyDeletes, Long upTo)
			throws io.lakestudio.ducklake.DuckLakeException, SQLException {
		DataFileCheck.fdl(a, schema, t, parts); // an FDL version's files: checked before DuckDB reads them
		List<String> select = new ArrayList<>();
		if (parts.isEmpty()) {
			for (ColumnEntry c : columns) {
				select.add("CAST(NULL AS " + NestedTypes.duckType(c) + ") AS " + Sql.ident(c.name()));
			}
			select.add("NULL::BIGINT AS " + ROW_ID);
			select.add("NULL::BIGINT AS " + SNAPSHOT);
			select.add("NULL::BIGINT AS " + Views.FILE);
			select.add("NULL::BIGINT AS " + Views.POS);
			return "SELECT " + String.join(", ", select) + " WHERE false";
		}
		List<String> map = new ArrayList<>();
		for (ColumnEntry c : columns) {
			String type = NestedTypes.duckType(c);
			map.add(SchemaMap.entry(String.valueOf(c.id()), "c" + c.id(), type, c.initialDefault()));
			select.add("r." + Sql.ident("c" + c.id()) + " AS " + Sql.ident(c.name()));
		}
		map.add(Lineage.rowIdEntry());
		map.add(Lineage.snapshotEntry());
		select.add("coalesce(r." + Lineage.RID + ", f.rstart + r.file_row_number) AS " + ROW_ID);
		select.add("coalesce(r." + Lineage.SID + ", f.begin) AS " + SNAPSHOT);
		select.add("f.id AS " + Views.FILE);
		select.add("r.file_row_number AS " + Views.POS);
		List<String> files = new ArrayList<>();
		List<Long> fileIds = new ArrayList<>();
		List<String> ids = new ArrayList<>();
		List<String> deletes = new ArrayList<>();
		List<String> deletePaths = new ArrayList<>();
		List<String> vectors = new ArrayList<>(); // (file, pos) of deletion vectors
		boolean bySnapshot = false;
		for (ReadPlan.Part p : parts) {
			String path = a.catalog.resolve(schema, t, p.data().path(), p.data().relative());
			FileLineage l = lineage.get(p.data().id());
			Long start = l == null ? Long.valueOf(p.data().rowIdStart()) : l.rowIdStart();
			files.add(Sql.string(path));
			fileIds.add(p.data().id());
			ids.add("(" + Sql.string(path) + ", " + p.data().id() + "::BIGINT, " + (start == null ? "NULL" : start)
					+ "::BIGINT, " + p.data().beginSnapshot() + "::BIGINT)");
			if (applyDeletes && DeletionVectorRows.is(p.deletes())) {
				DeletionVectorRows.addRows(vectors, a.catalog.resolve(schema, t, p.deletes().path(),
						p.deletes().relative()), p.data().id(), p.deletes(), upTo);
			} else if (applyDeletes && p.deletes() != null) {
				String dp = Sql.string(a.catalog.resolve(schema, t, p.deletes().path(), p.deletes().relative()));
				deletePaths.add(dp);
				deletes.add("(" + dp + ", " + p.data().id() + "::BIGINT, " + p.deletes().partialMax() + "::BIGINT)");
				bySnapshot |= p.deletes().partialMax() != null;
			}
		}
		Map<Long, Map<Long, String>> mapped = a.catalog.store().nameMappings(t.id());
		String scan;
		if (d != null && mapped.isEmpty() && NestedReads.needed(columns)) {
			List<String> paths = new ArrayList<>();
			parts.forEach(p -> paths.add(a.catalog.resolve(schema, t, p.data().path(), p.data().relative())));
			scan = "(SELECT n.*, l." + Lineage.RID + ", l." + Lineage.SID + " FROM " + NestedReads.source(d, paths,
					columns, true) + " n JOIN read_parquet([" + String.join(", ", files) + "], filename = true,"
					+ " file_row_number = true, schema = map {" + Lineage.rowIdEntry() + ", " + Lineage.snapshotEntry()
					+ "}) l ON n.filename = l.filename AND n.file_row_number = l.file_row_number)";
		} else {
			scan = NameMapping.scan(files, fileIds, map, columns, mapped, a.catalog.store().hivePartitionColumns(t.id()),
					"filename = true, file_row_number = true");
		}
		StringBuilder q = new StringBuilder("SELECT ").append(String.join(", ", select)).append(" FROM ")
				.append(scan)
				.append(" r JOIN (VALUES ").append(String.join(", ", ids))
				.append(") f(path, id, rstart, begin) ON r.filename = f.path");
		List<String> where = new ArrayList<>();
		if (!deletes.isEmpty()) {
			where.add("NOT EXISTS (SELECT 1 FROM read_parquet([" + String.join(", ", deletePaths)
					+ "], filename = true, union_by_name = true) d"
					+ " JOIN (VALUES " + String.join(", ", deletes) + ") df(path, id, pmax) ON d.filename = df.path"
					+ " WHERE df.id = f.id AND d.pos = r.file_row_number" + (bySnapshot && upTo != null ? " AND "
							+ DeleteSnapshots.upTo("d.", "df.pmax", upTo) : "") + ")");
		}
		if (!vectors.isEmpty()) {
			where.add("(f.id, r.file_row_number) NOT IN (VALUES " + String.join(", ", vectors) + ")");
		}
		if (applyDeletes) {
			// deletes of file rows kept in the catalog, as of the snapshot read (or the latest)
			io.lakestudio.ducklake.Snapshot at = upTo == null ? a.catalog.store().latest()
					: new io.lakestudio.ducklake.Snapshot(upTo, java.time.Instant.EPOCH, 0, 0, 0, null, null, null);
			List<String> inlined = Inlining.deleteRows(Inlining.fileDeletes(a, at, null, t.id()), fileIds);
			if (!inlined.isEmpty()) {
				where.add("(f.id, r.file_row_number) NOT IN (VALUES " + String.join(", ", inlined) + ")");
			}
		}
		if (upTo != null) {
			where.add("coalesce(r." + Lineage.SID + ", f.begin) <= " + upTo);
		}
		if (!where.isEmpty()) {
			q.append(" WHERE ").append(String.join(" AND ", where));
		}
		return q.toString();
	}
}
