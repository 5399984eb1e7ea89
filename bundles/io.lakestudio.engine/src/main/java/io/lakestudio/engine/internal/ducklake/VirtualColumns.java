package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * A DuckLake table's virtual columns, as the extension has them, for a query that names one: {@code rowid},
 * {@code snapshot_id} (the snapshot that inserted the row; NULL for the open transaction's own inlined rows),
 * {@code filename}, {@code file_row_number} and {@code file_index} (the data file's place in the scan). The view
 * {@code <view>_vc} is the table's rows (its {@code _all} view: deletes, inlined rows and deletes applied) with
 * them added, each row's id and snapshot from its file's lineage ({@link FileRows}); {@code *} leaves them out
 * ({@link HiddenColumns}). A column of the table by one of these names hides the virtual one, as in DuckDB.
 */
final class VirtualColumns {

	static final Set<String> NAMES = Set.of("rowid", "snapshot_id", "filename", "file_row_number", "file_index");

	/** The name the extension gives rows of the open transaction inlined into no table yet. */
	private static final String LOCAL = "__ducklake_inlined_transaction_local_data";

	/** Where the extension's transaction-local row ids start (its TRANSACTION_LOCAL_ID_START). */
	private static final long LOCAL_ROW_IDS = 1_000_000_000_000_000_000L;

	private VirtualColumns() {
	}

	static String view(Connection d, Attached a, CatalogAt cat, TableEntry t, Snapshot at, Commit pending,
			String view) throws DuckLakeException, SQLException {
		String name = view + "_vc";
		List<ColumnEntry> cols = cat.columns(t.id());
		Set<String> real = new HashSet<>();
		cols.forEach(c -> real.add(c.name().toLowerCase(Locale.ROOT)));
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		List<ReadPlan.Part> parts = ReadPlan.of(a.catalog.store(), at, pending, t.id()).parts();
		List<String> files = new ArrayList<>();
		for (ReadPlan.Part p : parts) {
			files.add("(" + p.data().id() + "::BIGINT, " + Sql.string(a.catalog.resolve(schema, t, p.data().path(),
					p.data().relative())) + ", " + files.size() + "::BIGINT)");
		}
		Set<Long> local = new HashSet<>();
		if (pending != null) {
			pending.inlinedInserts.getOrDefault(t.id(), List.of()).forEach(r -> local.add(r.rowId()));
		}
		List<String> inlined = new ArrayList<>();
		long[] index = { 0, 0 }; // the row's place among the committed inlined rows, and among the transaction's
		for (InlinedRow r : Inlining.rows(a, at, pending, t.id()).stream().sorted(java.util.Comparator.comparingLong(
				InlinedRow::rowId)).toList()) {
			boolean own = local.contains(r.rowId());
			long idx = index[own ? 1 : 0]++;
			// the transaction's own rows have no row id yet: the extension shows them from LOCAL_ROW_IDS on
			inlined.add("(" + r.rowId() + "::BIGINT, " + (own ? "NULL" : r.beginSnapshot()) + "::BIGINT, " + idx
					+ "::BIGINT, " + own + ", " + (own ? LOCAL_ROW_IDS + idx : r.rowId()) + "::BIGINT)");
		}
		String inlinedName = "ducklake_inlined_data_" + t.id() + "_" + at.schemaVersion();
		List<String> add = new ArrayList<>();
		String inl = "v." + Views.FILE + " = " + Inlining.FILE;
		add.add("CASE WHEN " + inl + " THEN il.shown ELSE l." + FileRows.ROW_ID + " END AS rowid");
		add.add("CASE WHEN " + inl + " THEN il.snap ELSE l." + FileRows.SNAPSHOT + " END AS snapshot_id");
		add.add("CASE WHEN " + inl + " THEN CASE WHEN il.own THEN " + Sql.string(LOCAL) + " ELSE " + Sql.string(
				inlinedName) + " END ELSE f.path END AS filename");
		String position = "CASE WHEN " + inl + " THEN il.idx ELSE v." + Views.POS + " END";
		// the extension scans the files, then the committed inlined rows, then the transaction's
		String fileIndex = "CASE WHEN " + inl + " THEN " + files.size() + " + il.own::BIGINT ELSE f.idx END";
		add.add(position + " AS file_row_number");
		add.add(fileIndex + " AS file_index");
		List<String> select = new ArrayList<>();
		List<String> hidden = new ArrayList<>();
		for (String x : add) {
			String col = x.substring(x.lastIndexOf(" AS ") + 4);
			if (!real.contains(col)) {
				select.add(x);
				hidden.add(col);
			}
		}
		String lineage = "SELECT " + Views.FILE + ", " + Views.POS + ", " + FileRows.ROW_ID + ", " + FileRows.SNAPSHOT
				+ " FROM (" + FileRows.select(a, schema, t, cols, parts, Lineage.of(a.catalog.store(), t.id()), false,
						null) + ")";
		String sql = "CREATE OR REPLACE TEMP VIEW " + Sql.ident(name) + " AS SELECT v.* EXCLUDE (" + Views.FILE + ", "
				+ Views.POS + ")" + (select.isEmpty() ? "" : ", " + String.join(", ", select)) + " FROM "
				+ Sql.ident(view + "_all") + " v LEFT JOIN (" + lineage + ") l ON l." + Views.FILE + " = v." + Views.FILE
				+ " AND l." + Views.POS + " = v." + Views.POS + " LEFT JOIN " + values(files,
						"NULL::BIGINT, NULL::VARCHAR, NULL::BIGINT") + " f(id, path, idx) ON f.id = v." + Views.FILE
				+ " LEFT JOIN " + values(inlined, "NULL::BIGINT, NULL::BIGINT, NULL::BIGINT, NULL::BOOLEAN, NULL::BIGINT")
				+ " il(rid, snap, idx, own, shown) ON " + inl + " AND il.rid = v." + Views.POS
				// the joins may reorder rows: back in scan order, as a query with no ORDER BY sees them elsewhere
				+ " ORDER BY " + fileIndex + ", " + position;
		try (Statement s = d.createStatement()) {
			s.execute(sql);
		}
		HiddenColumns.register(name, hidden);
		return name;
	}

	/** A relation of the rows, or of none with the columns' types. */
	private static String values(List<String> rows, String none) {
		return rows.isEmpty() ? "(SELECT " + none + " WHERE false)" : "(VALUES " + String.join(", ", rows) + ")";
	}
}
