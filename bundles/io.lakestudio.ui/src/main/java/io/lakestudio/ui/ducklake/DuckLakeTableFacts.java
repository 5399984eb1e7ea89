package io.lakestudio.ui.ducklake;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;
import io.lakestudio.ui.format.Sizes;

/**
 * What the table editor shows of a DuckLake table, read from its catalog file with no engine: the facts and
 * columns of Stats (the table and column stats DuckLake keeps), the snapshots that touched it (History), and the
 * SELECT the Data tab runs, at the latest snapshot or at one picked from History.
 */
public record DuckLakeTableFacts(List<String[]> facts, List<String[]> columns, List<Snapshot> history,
		String select) {

	public static final String[] COLUMN_HEADERS = { "#", "Column", "Type", "Nullable", "Nulls", "Min", "Max" };

	/** The table {@code schema.table} of kept catalog {@code catalog}, at {@code snapshot} (null: the latest). */
	public static DuckLakeTableFacts read(Path home, String catalog, String schema, String table, Long snapshot,
			int rows) throws DuckLakeException {
		Attachment a = DuckLakeAttachments.of(io.lakestudio.catalog.Settings.load(home)).stream()
				.filter(x -> x.name().equals(catalog)).findFirst()
				.orElseThrow(() -> new DuckLakeException("no DuckLake catalog " + catalog + " is kept attached"));
		try (DuckLakeCatalog c = DuckLakeAttachments.openReadOnly(home, a)) {
			Snapshot latest = c.current();
			Snapshot at = snapshot == null ? latest : c.store().snapshot(snapshot)
					.orElseThrow(() -> new DuckLakeException(catalog + " has no snapshot " + snapshot));
			CatalogAt state = c.store().at(at);
			TableEntry t = state.table(schema, table).orElseThrow(() -> new DuckLakeException(
					"no table " + schema + "." + table + " in " + catalog + " at snapshot " + at.id()));
			SchemaEntry s = state.schemaOf(t).orElse(null);
			List<String[]> facts = new ArrayList<>();
			facts.add(new String[] { "Table", catalog + "." + schema + "." + table });
			facts.add(new String[] { "Catalog", a.url() });
			facts.add(new String[] { "Format", "DuckLake" + (DuckLakeTree.moraine(a) ? " (moraine)" : "") });
			facts.add(new String[] { "Snapshot", at.id() + " at " + at.time()
					+ (snapshot == null ? " (latest)" : " (read-only; latest is " + latest.id() + ")") });
			List<io.lakestudio.ducklake.DataFile> dataFiles = c.store().dataFiles(t.id(), at.id());
			int files = dataFiles.size();
			long records = dataFiles.stream().mapToLong(f -> f.recordCount()).sum();
			Optional<TableStats> stats = c.store().tableStats(t.id());
			facts.add(new String[] { "Rows", snapshot == null ? stats.map(x -> String.format("%,d", x.recordCount()))
					.orElse("?") : String.format("%,d in files", records) });
			facts.add(new String[] { "Files", String.format("%,d", files) });
			facts.add(new String[] { "Size", stats.map(x -> Sizes.of(x.fileSizeBytes())).orElse("?") });
			facts.add(new String[] { "Location", c.resolve(s, t, "", true) });
			List<Snapshot> history = touching(c.store().snapshots(), t, s == null ? "main" : s.name());
			java.util.Set<Long> fileIds = new java.util.HashSet<>();
			dataFiles.forEach(f -> fileIds.add(f.id()));
			return new DuckLakeTableFacts(List.copyOf(facts), columns(c, state, t, fileIds), history,
					select(catalog, schema, table, snapshot, rows));
		}
	}

	private static List<String[]> columns(DuckLakeCatalog c, CatalogAt state, TableEntry t, java.util.Set<Long> files)
			throws DuckLakeException {
		ColumnRanges ranges = ColumnRanges.of(c.store(), t.id(), files);
		List<ColumnEntry> cols = new ArrayList<>(state.columns(t.id()));
		cols.sort(Comparator.comparingLong(ColumnEntry::order));
		List<String[]> out = new ArrayList<>();
		int i = 1;
		for (ColumnEntry col : cols) {
			ColumnRanges.Range r = ranges.byColumn().get(col.id());
			out.add(new String[] { String.valueOf(i++), col.name(), col.type(), col.nullsAllowed() ? "yes" : "no",
					r == null ? "" : String.format("%,d", r.nulls()), r == null ? "" : nz(r.min()),
					r == null ? "" : nz(r.max()) });
		}
		return out;
	}

	private static String nz(String s) {
		return s == null ? "" : s;
	}

	/**
	 * The snapshots whose changes name the table (by id, or by name where it was created), newest first. The changes
	 * are DuckLake's {@code changes_made}: {@code created_table:"main"."t",inserted_into_table:3,...}.
	 */
	static List<Snapshot> touching(List<Snapshot> all, TableEntry t, String schema) {
		String created = "created_table:" + quoted(schema) + "." + quoted(t.name());
		List<Snapshot> out = new ArrayList<>();
		for (Snapshot s : all) {
			String changes = s.changesMade() == null ? "" : s.changesMade();
			for (String change : changes.split(",(?=[a-z_]+:)")) {
				int colon = change.indexOf(':');
				String value = colon < 0 ? "" : change.substring(colon + 1);
				if (change.equals(created) || (change.contains("table:") && value.equals(String.valueOf(t.id())))) {
					out.add(s);
					break;
				}
			}
		}
		out.sort(Comparator.comparingLong(Snapshot::id).reversed());
		return out;
	}

	private static String quoted(String name) {
		return '"' + name.replace("\"", "\"\"") + '"';
	}

	/** {@code SELECT * FROM catalog.schema.table [AT (VERSION => n)] LIMIT rows}. */
	public static String select(String catalog, String schema, String table, Long snapshot, int rows) {
		return "SELECT * FROM " + quoted(catalog) + "." + quoted(schema) + "." + quoted(table)
				+ (snapshot == null ? "" : " AT (VERSION => " + snapshot + ")") + " LIMIT " + rows;
	}

	public String fact(String label) {
		return facts.stream().filter(f -> f[0].equals(label)).map(f -> f[1]).findFirst().orElse(null);
	}
}
