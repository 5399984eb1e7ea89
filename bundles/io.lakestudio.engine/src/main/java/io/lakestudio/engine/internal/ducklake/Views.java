package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * A DuckLake table at a snapshot as two temp views: {@code <name>_all} reads the data files by field id
 * ({@code read_parquet(..., schema = map {<column id>: ...})}, so renamed and added columns read right from files
 * written before), with each row's data file id and position ({@code __dl_file}, {@code __dl_pos}), minus the
 * rows its delete files name; {@code <name>} is that without the two, what a query sees.
 */
final class Views {

	static final String FILE = "__dl_file";
	static final String POS = "__dl_pos";

	private Views() {
	}

	/** What tells the views over a pruned set of files apart ("" for all files). */
	static String suffix(java.util.Set<Long> only) {
		if (only == null) {
			return "";
		}
		long h = 1125899906842597L;
		for (long id : new java.util.TreeSet<>(only)) {
			h = 31 * h + id;
		}
		return "_p" + Long.toHexString(h);
	}

	/** Makes the views of the table (as the session sees it: {@code pending} counts) and returns the plain one. */
	static String define(Connection d, Attached a, CatalogAt cat, TableEntry t, Snapshot at, Commit pending)
			throws SQLException, DuckLakeException {
		return define(d, a, cat, t, at, pending, null);
	}

	/** The views over only the data files {@code only} names (null: all), as partition pruning leaves them. */
	static String define(Connection d, Attached a, CatalogAt cat, TableEntry t, Snapshot at, Commit pending,
			java.util.Set<Long> only) throws SQLException, DuckLakeException {
		String name = "__dl_" + a.name.replaceAll("[^A-Za-z0-9_]", "_") + "_" + t.id() + "_" + at.id()
				+ (pending == null ? "" : "_tx") + suffix(only);
		SchemaEntry schema = cat.schemaOf(t).orElseThrow();
		List<ColumnEntry> columns = cat.columns(t.id());
		ReadPlan plan = ReadPlan.of(a.catalog.store(), at, pending, t.id());
		if (only != null) {
			plan = new ReadPlan(plan.parts().stream().filter(p -> only.contains(p.data().id())).toList());
		}
		DataFileCheck.check(a, cat, t, plan); // a missing or damaged file: named with its table, before DuckDB reads
		List<String> select = new ArrayList<>();
		List<String> plain = new ArrayList<>();
		List<String> sql = new ArrayList<>();
		String plainFrom = null;
		// rows kept in the catalog itself: a union with the files', so the plain view reads through the other
		java.util.List<io.lakestudio.ducklake.InlinedRow> inlined = Inlining.rows(a, at, pending, t.id());
		String inlinedRows = "";
		if (!inlined.isEmpty() && !columns.isEmpty()) {
			// a temp table, not a VALUES list: DuckDB keeps a table's min, max and NULLs for the planner (stats(col),
			// a filter no row matches answered empty), and the plan scans a table, as the extension's does
			sql.add("CREATE OR REPLACE TEMP TABLE " + Sql.ident(name + "_inlined") + " AS " + Inlining.select(columns,
					inlined));
			inlinedRows = " UNION ALL BY NAME SELECT * FROM " + Sql.ident(name + "_inlined");
		}
		if (plan.parts().isEmpty() && !inlinedRows.isEmpty()) {
			// the inlined rows alone, scanned as a table (in the order they were inserted) with no union around it
			sql.add("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name + "_all") + " AS SELECT * FROM " + Sql.ident(name
					+ "_inlined"));
		} else if (plan.parts().isEmpty()) {
			for (ColumnEntry c : columns) {
				select.add("CAST(NULL AS " + NestedTypes.duckType(c) + ") AS " + Sql.ident(c.name()));
			}
			select.add("CAST(NULL AS BIGINT) AS " + FILE);
			select.add("CAST(NULL AS BIGINT) AS " + POS);
			sql.add("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name + "_all") + " AS SELECT " + String.join(", ", select)
					+ " WHERE false" + inlinedRows);
		} else {
			List<String> schemaMap = new ArrayList<>();
			for (ColumnEntry c : columns) {
				String type = NestedTypes.duckType(c);
				schemaMap.add(SchemaMap.entry(String.valueOf(c.id()), "c" + c.id(), type, c.initialDefault()));
				select.add("r." + Sql.ident("c" + c.id()) + " AS " + Sql.ident(c.name()));
				plain.add(Sql.ident("c" + c.id()) + " AS " + Sql.ident(c.name()));
			}
			// a merged file read before its last snapshot keeps only the rows of snapshots up to this one
			boolean partial = Lineage.partial(a.catalog.store(), t.id(), at, plan, schemaMap);
			java.util.Map<Long, java.util.Map<Long, String>> mapped = new java.util.HashMap<>(a.catalog.store()
					.nameMappings(t.id()));
			java.util.Map<Long, java.util.Set<Long>> hive = new java.util.HashMap<>(a.catalog.store()
					.hivePartitionColumns(t.id()));
			if (pending != null) {
				mapped.putAll(pending.nameMappings); // files the open transaction registered
				hive.putAll(pending.hivePartitionColumns);
			}
			List<String> files = new ArrayList<>();
			List<Long> fileIds = new ArrayList<>();
			List<String> ids = new ArrayList<>();
			List<String> deletes = new ArrayList<>();
			List<String> deleteIds = new ArrayList<>();
			List<String> vectors = new ArrayList<>(); // (file, pos) of deletion vectors, as of the snapshot
			boolean bySnapshot = false;
			for (ReadPlan.Part p : plan.parts()) {
				String path = a.catalog.resolve(schema, t, p.data().path(), p.data().relative());
				files.add(Sql.string(path));
				fileIds.add(p.data().id());
				ids.add("(" + Sql.string(path) + ", " + p.data().id() + ")");
				if (DeletionVectorRows.is(p.deletes())) {
					DeletionVectorRows.addRows(vectors, a.catalog.resolve(schema, t, p.deletes().path(),
							p.deletes().relative()), p.data().id(), p.deletes(), at.id());
				} else if (p.deletes() != null) {
					String dp = a.catalog.resolve(schema, t, p.deletes().path(), p.deletes().relative());
					deletes.add(Sql.string(dp));
					deleteIds.add("(" + Sql.string(dp) + ", " + p.data().id() + ", " + p.deletes().partialMax()
							+ "::BIGINT)");
					bySnapshot |= p.deletes().partialMax() != null;
				}
			}
			List<String> paths = new ArrayList<>();
			for (ReadPlan.Part p : plan.parts()) {
				paths.add(a.catalog.resolve(schema, t, p.data().path(), p.data().relative()));
			}
			List<String> inlinedDeletes = new ArrayList<>(Inlining.deleteRows(Inlining.fileDeletes(a, at, pending,
					t.id()), fileIds));
			inlinedDeletes.addAll(vectors); // taken away as the catalog's deletes are
			// files registered by add_data_files are read by name (NameMapping), nested columns too
			boolean nested = NestedReads.needed(columns) && mapped.isEmpty();
			if (!inlinedDeletes.isEmpty()) {
				// deletes kept in the catalog: the plain view reads through the one that takes them away
			} else if (nested && deletes.isEmpty()) {
				plainFrom = NestedReads.source(d, paths, columns, false);
			} else if (deletes.isEmpty() && !schemaMap.isEmpty()) {
				// no deletes: the plain view reads the files alone, so DuckDB answers count(*) from the footers and
				// pushes filters into the scan
				// a partitioned table's files are read by field id still: by name, DuckDB answers a count on a
				// partition from the footers' statistics, and the plan DuckLake's own tests look for has no scan
				plainFrom = partial || !mapped.isEmpty() || !a.catalog.store().partitionings(t.id()).isEmpty() ? null
						: ByName.scan(d, paths, plan.parts().stream().map(p -> p.data().fileSizeBytes()).toList(),
								columns);
				if (plainFrom == null) {
					plainFrom = NameMapping.scan(files, fileIds, schemaMap, columns, mapped, hive, "")
							+ (partial ? " WHERE " + Lineage.upTo("", at) : "");
				}
			}
			select.add("f.id AS " + FILE);
			select.add("r.file_row_number AS " + POS);
			StringBuilder from = new StringBuilder(nested ? NestedReads.source(d, paths, columns, true)
					: NameMapping.scan(files, fileIds, schemaMap, columns, mapped, hive,
							"filename = true, file_row_number = true"));
			from.append(" r JOIN (VALUES ").append(String.join(", ", ids))
					.append(") f(path, id) ON r.filename = f.path");
			if (partial) {
				from.append(" AND ").append(Lineage.upTo("r.", at));
			}
			if (!deletes.isEmpty() || !inlinedDeletes.isEmpty()) {
				List<String> parts = new ArrayList<>();
				if (!deletes.isEmpty()) {
					parts.add("SELECT df.id AS file, d.pos FROM read_parquet([" + String.join(", ", deletes)
							+ "], filename = true, union_by_name = true) d JOIN (VALUES " + String.join(", ", deleteIds)
							+ ") df(path, id, pmax) ON d.filename = df.path" + (bySnapshot ? " WHERE "
									+ DeleteSnapshots.upTo("d.", "df.pmax", at.id()) : ""));
				}
				if (!inlinedDeletes.isEmpty()) {
					parts.add("SELECT * FROM (VALUES " + String.join(", ", inlinedDeletes) + ") il(file, pos)");
				}
				sql.add("CREATE OR REPLACE TEMP TABLE " + Sql.ident(name + "_deleted") + " AS "
						+ String.join(" UNION ALL ", parts));
				from.append(" WHERE NOT EXISTS (SELECT 1 FROM ").append(Sql.ident(name + "_deleted"))
						.append(" x WHERE x.file = f.id AND x.pos = r.file_row_number)");
			}
			sql.add("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name + "_all") + " AS SELECT " + String.join(", ", select)
					+ " FROM " + from + inlinedRows);
			if (!inlinedRows.isEmpty()) {
				plainFrom = null;
			}
		}
		sql.add("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name) + " AS " + (plainFrom != null
				? "SELECT " + String.join(", ", plain) + " FROM " + plainFrom
				: "SELECT * EXCLUDE (" + FILE + ", " + POS + ") FROM " + Sql.ident(name + "_all")));
		try (Statement s = d.createStatement()) {
			for (String x : sql) {
				s.execute(x);
			}
		}
		return name;
	}
}
