package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * The change feed: {@code ducklake_table_changes}, {@code _insertions} and {@code _deletions} of a table between
 * two snapshots (ids or times, both included). Each snapshot that inserted into or deleted from the table is
 * compared by row id with the one before it: a row id whose values went is a deletion, one whose values came an
 * insertion, and one with both an update (pre- and post-image). Merges and rewrites keep row ids and values, so
 * they show nothing, as in the extension. Columns are the table's at the end snapshot.
 */
final class ChangeFeed {

	/** The columns the insertions and deletions carry besides the table's, hidden from {@code *}. */
	static final List<String> HIDDEN = List.of("snapshot_id", "rowid");

	private final Connection d;
	private final Attached a;

	ChangeFeed(Connection d, Attached a) {
		this.d = d;
		this.a = a;
	}

	String answer(String table, String what, List<String> args) throws EngineException, DuckLakeException,
			SQLException {
		if (args.size() < 5) {
			throw new EngineException(Kind.FAILED, "Binder Error: ducklake_table_" + what + "(catalog, schema_name,"
					+ " table_name, start_snapshot, end_snapshot)");
		}
		long start = snapshotId(args.get(3), true);
		long end = snapshotId(args.get(4), false);
		CatalogAt cat = a.catalog.store().at(snapshot(end));
		TableEntry t = cat.table(args.get(1), args.get(2)).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Catalog Error: Table with name " + args.get(2) + " does not exist!"));
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		List<ColumnEntry> cols = cat.columns(t.id());
		Map<Long, FileLineage> lineage = Lineage.of(a.catalog.store(), t.id());
		List<String> names = new ArrayList<>();
		List<String> defs = new ArrayList<>();
		for (ColumnEntry c : cols) {
			names.add(Sql.ident(c.name()));
			defs.add(Sql.ident(c.name()) + " " + DuckLakeTypes.toDuckDb(c.type()));
		}
		String values = String.join(", ", names);
		exec("CREATE OR REPLACE TEMP TABLE __dl_cf_out (snapshot_id BIGINT, rowid BIGINT, change_type VARCHAR"
				+ (defs.isEmpty() ? "" : ", " + String.join(", ", defs)) + ")");
		Snapshot prev = null;
		Long current = null;
		for (Snapshot s : a.catalog.store().snapshots()) {
			if (s.id() < start) {
				prev = s;
				continue;
			}
			if (s.id() > end) {
				break;
			}
			if (touches(s, t.id())) {
				if (current != null && prev != null && current == prev.id()) {
					// the last snapshot compared is this one's predecessor: its rows are at hand
					exec("DROP TABLE IF EXISTS __dl_cf_prev");
					exec("ALTER TABLE __dl_cf_cur RENAME TO __dl_cf_prev");
				} else {
					rows("__dl_cf_prev", prev, schema, t, cols, lineage);
				}
				rows("__dl_cf_cur", s, schema, t, cols, lineage);
				current = s.id();
				String gone = "(SELECT " + FileRows.ROW_ID + ", " + values + " FROM __dl_cf_prev EXCEPT SELECT "
						+ FileRows.ROW_ID + ", " + values + " FROM __dl_cf_cur)";
				String came = "(SELECT " + FileRows.ROW_ID + ", " + values + " FROM __dl_cf_cur EXCEPT SELECT "
						+ FileRows.ROW_ID + ", " + values + " FROM __dl_cf_prev)";
				exec("INSERT INTO __dl_cf_out SELECT " + s.id() + ", g." + FileRows.ROW_ID + ", CASE WHEN EXISTS (SELECT 1"
						+ " FROM " + came + " x WHERE x." + FileRows.ROW_ID + " = g." + FileRows.ROW_ID
						+ ") THEN 'update_preimage' ELSE 'delete' END" + prefixed("g.", cols) + " FROM " + gone + " g");
				exec("INSERT INTO __dl_cf_out SELECT " + s.id() + ", n." + FileRows.ROW_ID + ", CASE WHEN EXISTS (SELECT 1"
						+ " FROM " + gone + " x WHERE x." + FileRows.ROW_ID + " = n." + FileRows.ROW_ID
						+ ") THEN 'update_postimage' ELSE 'insert' END" + prefixed("n.", cols) + " FROM " + came + " n");
			}
			prev = s;
		}
		String filter = switch (what) {
		case "insertions" -> " WHERE change_type IN ('insert', 'update_postimage')";
		case "deletions" -> " WHERE change_type IN ('delete', 'update_preimage')";
		default -> "";
		};
		String select = what.equals("changes") ? "snapshot_id, rowid, change_type" + (names.isEmpty() ? "" : ", " + values)
				: (names.isEmpty() ? "" : values + ", ") + "snapshot_id, rowid";
		exec("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + select + " FROM __dl_cf_out" + filter
				+ " ORDER BY snapshot_id, rowid");
		if (!what.equals("changes")) {
			HiddenColumns.register(table, HIDDEN);
		}
		return table;
	}

	/** Whether the snapshot inserted into or deleted from the table. */
	private static boolean touches(Snapshot s, long table) {
		String made = s.changesMade() == null ? "" : s.changesMade();
		for (String e : made.split(",")) {
			if (e.equals("inserted_into_table:" + table) || e.equals("deleted_from_table:" + table)
					|| e.equals("inlined_insert:" + table) || e.equals("inlined_delete:" + table)) {
				return true;
			}
		}
		return false;
	}

	/** The table's rows at {@code s} (none when null or the table didn't exist) into a temp table. */
	private void rows(String into, Snapshot s, SchemaEntry schema, TableEntry t, List<ColumnEntry> cols,
			Map<Long, FileLineage> lineage) throws DuckLakeException, SQLException {
		List<ReadPlan.Part> parts = s == null ? List.of() : ReadPlan.of(a.catalog.store(), s, null, t.id()).parts();
		String rows = FileRows.select(a, schema, t, cols, parts, lineage, true, s == null ? null : s.id());
		if (s != null) {
			// the file rows whose deletes the catalog keeps go; the rows it keeps itself come, by their row ids
			List<String> deleted = Inlining.deleteRows(Inlining.fileDeletes(a, s, null, t.id()), parts.stream().map(
					p -> p.data().id()).toList());
			if (!deleted.isEmpty()) {
				rows = "SELECT * FROM (" + rows + ") r WHERE NOT EXISTS (SELECT 1 FROM (VALUES " + String.join(", ",
						deleted) + ") x(file, pos) WHERE x.file = r." + Views.FILE + " AND x.pos = r." + Views.POS + ")";
			}
			List<io.lakestudio.ducklake.InlinedRow> inlined = Inlining.rows(a, s, null, t.id());
			if (!inlined.isEmpty() && !cols.isEmpty()) {
				rows = rows + " UNION ALL BY NAME SELECT * EXCLUDE (" + Views.FILE + ", " + Views.POS + "), " + Views.POS
						+ " AS " + FileRows.ROW_ID + " FROM (" + Inlining.select(cols, inlined) + ")";
			}
		}
		exec("CREATE OR REPLACE TEMP TABLE " + into + " AS " + rows);
	}

	private static String prefixed(String p, List<ColumnEntry> cols) {
		StringBuilder b = new StringBuilder();
		for (ColumnEntry c : cols) {
			b.append(", ").append(p).append(Sql.ident(c.name()));
		}
		return b.toString();
	}

	/** A snapshot id, or a time: the first snapshot at or after it (start) or the last at or before it (end). */
	private long snapshotId(String arg, boolean start) throws EngineException, DuckLakeException, SQLException {
		if (arg == null) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: the change feed's snapshots can't be NULL");
		}
		if (arg.strip().matches("-?\\d+")) {
			return Long.parseLong(arg.strip());
		}
		Instant at = Maintenance.instant(d, arg);
		Optional<Snapshot> s = start
				? a.catalog.store().snapshots().stream().filter(x -> !x.time().isBefore(at)).findFirst()
				: a.catalog.store().snapshotAt(at);
		return s.map(Snapshot::id).orElse(start ? Long.MAX_VALUE : -1L);
	}

	private Snapshot snapshot(long id) throws DuckLakeException {
		Optional<Snapshot> s = a.catalog.store().snapshot(id);
		if (s.isPresent()) {
			return s.get();
		}
		return a.catalog.store().latest().id() < id ? a.catalog.store().latest()
				: new Snapshot(id, Instant.EPOCH, 0, 0, 0, null, null, null);
	}

	private void exec(String sql) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(sql);
		}
	}
}
