package io.lakestudio.engine.internal.ducklake;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.internal.Sql;

/**
 * OneLake tables in a DuckLake statement (a join of both, an INSERT into a DuckLake table from a lake table): the
 * engine reads each as it reads any table ({@link DuckLakeKind.LakeTables}), into a Parquet file of its cache
 * folder, which this kind's DuckDB may read, through a temp view. A query naming lake tables alone stays the
 * engine's, so a query's lake tables are read here only once it names a DuckLake table too ({@link #on}).
 */
final class LakeJoins {

	private final DuckLakeKind.LakeTables tables;
	/** Whether a lake table named now is read here (else left to the engine). */
	private boolean on = true;
	/** Whether the rewrite since {@link #on} named a lake table. */
	private boolean named;
	/** The views made so far on {@link #madeOn}: one per export file, whose name is its plan's digest. */
	private final java.util.Set<String> made = new java.util.HashSet<>();
	private Connection madeOn;

	LakeJoins(DuckLakeKind.LakeTables tables) {
		this.tables = tables;
	}

	/** From now on, lake tables are read here ({@code true}) or left to the engine. */
	void on(boolean read) {
		on = read;
		named = false;
	}

	boolean named() {
		return named;
	}

	/**
	 * The temp view over the lake table {@code parts} names ({@code "workspace/item".table},
	 * {@code "workspace/item".schema.table}, {@code "workspace/item/table"}), or null when it names none.
	 */
	String view(Connection d, List<String> parts, String unit, String value) throws EngineException, SQLException {
		int segments = String.join("/", parts).split("/", -1).length;
		if (tables == null || segments < 3 || segments > 4 || !parts.get(0).contains("/")) {
			return null;
		}
		named = true;
		if (!on) {
			return null;
		}
		String reference = parts.stream().map(Sql::ident).collect(Collectors.joining("."));
		if (unit != null) {
			reference += " AT (" + unit + " => " + (unit.equals("VERSION") ? value : Sql.string(value)) + ")";
		}
		Path file = tables.file(reference);
		String name = "__dl_lake_" + file.getFileName().toString().replace(".parquet", "");
		if (d != madeOn) {
			made.clear(); // a new DuckDB: its temp views are gone
			madeOn = d;
		}
		if (made.add(name)) {
			try (Statement s = d.createStatement()) {
				s.execute("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name) + " AS SELECT * FROM read_parquet("
						+ Sql.string(file.toString()) + ")");
			} catch (SQLException e) {
				made.remove(name);
				throw e;
			}
		}
		return name;
	}
}
