package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * ALTER TABLE on a DuckLake table: ADD COLUMN (a new column id; files written before read its initial default),
 * DROP COLUMN, RENAME COLUMN (the column's row ended and written again under the new name with the same id, so
 * every file still reads it by field id) and RENAME TO (the table's row likewise).
 */
final class Alter {

	private final DuckLakeKind kind;

	Alter(DuckLakeKind kind) {
		this.kind = kind;
	}

	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		boolean ifExists = t.accept("IF", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		CatalogAt cat = a.view();
		Optional<TableEntry> found = cat.table(target.schema(), target.table());
		if (found.isEmpty()) {
			if (ifExists) {
				return kind.ok("ok");
			}
			if (cat.view(target.schema(), target.table()).isPresent()) {
				throw new EngineException(Kind.FAILED, "Catalog Error: " + target.table() + " is not a table");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + target.table()
					+ " does not exist!");
		}
		TableEntry table = found.get();
		if (Layouts.handles(t)) {
			return new Layouts(kind).alter(t, a, cat, table);
		}
		String rest = t.rest();
		if (StructAlter.applies(rest, cat, table)) {
			return new StructAlter(kind).execute(new Text(rest), a, cat, table);
		}
		t = new Text(rest);
		Commit c = a.pending();
		if (t.accept("ADD")) {
			t.accept("COLUMN");
			boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
			String definition = t.rest();
			ColumnEntry probe = probe(kind.duck(), definition);
			checkName(a, probe.name());
			if (cat.column(table.id(), probe.name()).isPresent()) {
				if (ifNotExists) {
					return kind.ok("ok");
				}
				throw new EngineException(Kind.FAILED, "Catalog Error: Column with name " + probe.name()
						+ " already exists!");
			}
			long order = cat.columns(table.id()).stream().mapToLong(ColumnEntry::order).max().orElse(0) + 1;
			c.schemaChanged();
			ColumnEntry added = NestedColumns.define(columnIds(a, c, table), table.id(), order, probe.name(),
					NestedTypes.duckType(probe), probe.initialDefault(), probe.defaultValue(), probe.nullsAllowed());
			c.newColumns.add(added);
			io.lakestudio.ducklake.TableStats rows = c.tableStats.get(table.id());
			ColumnStatsCommit.added(kind.duck(), c, table.id(), added, (rows != null ? java.util.Optional.of(rows)
					: a.catalog.store().tableStats(table.id())).map(s -> s.recordCount() > 0).orElse(false));
		} else if (t.accept("DROP")) {
			t.accept("COLUMN");
			boolean colIfExists = t.accept("IF", "EXISTS");
			String name = t.name();
			Optional<ColumnEntry> col = cat.column(table.id(), name);
			if (col.isEmpty()) {
				if (colIfExists) {
					return kind.ok("ok");
				}
				throw new EngineException(Kind.FAILED, "Catalog Error: table \"" + table.name()
						+ "\" does not have a column with name \"" + name + "\"");
			}
			Layouts.checkDrop(a, table, col.get());
			if (cat.columns(table.id()).size() == 1) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Cannot drop column: table only has one column"
						+ " remaining!");
			}
			c.endColumn(table.id(), col.get().id());
		} else if (t.accept("ALTER")) {
			t.accept("COLUMN");
			String name = t.name();
			ColumnEntry col = cat.column(table.id(), name).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Catalog Error: table \"" + table.name() + "\" does not have a column with name \"" + name + "\""));
			ColumnEntry changed;
			if (t.accept("SET", "DATA", "TYPE") || t.accept("SET", "TYPE") || t.accept("TYPE")) {
				changed = retyped(kind.duck(), col, t.rest());
			} else if (t.accept("SET", "NOT", "NULL")) {
				if (!col.nullsAllowed()) {
					throw new EngineException(Kind.FAILED, "Catalog Error: column \"" + name + "\" already has a NOT NULL"
							+ " constraint");
				}
				notNull(a, cat, table, col);
				changed = with(col, col.type(), col.defaultValue(), false);
			} else if (t.accept("DROP", "NOT", "NULL")) {
				if (col.nullsAllowed()) {
					throw new EngineException(Kind.FAILED, "Catalog Error: column \"" + name + "\" has no NOT NULL"
							+ " constraint to drop");
				}
				changed = with(col, col.type(), col.defaultValue(), true);
			} else if (t.accept("SET", "DEFAULT")) {
				changed = with(col, col.type(), t.rest(), col.nullsAllowed());
			} else if (t.accept("DROP", "DEFAULT")) {
				changed = with(col, col.type(), null, col.nullsAllowed());
			} else {
				throw new EngineException(Kind.FAILED, "Not implemented Error: this ALTER TABLE on a DuckLake table: "
						+ t.rest());
			}
			c.endColumn(table.id(), col.id());
			c.newColumns.add(changed);
		} else if (t.accept("RENAME", "TO")) {
			String to = t.name();
			if (!c.newTables.removeIf(x -> x.id() == table.id())) {
				c.endedTables.add(table.id());
			}
			c.newTables.add(new TableEntry(table.id(), table.uuid(), 0, table.schemaId(), to, table.path()));
			c.schemaChanged();
		} else if (t.accept("RENAME")) {
			t.accept("COLUMN");
			String from = t.name();
			t.expect("TO");
			String to = t.name();
			checkName(a, to);
			ColumnEntry col = cat.column(table.id(), from).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Catalog Error: Failed to rename column - column " + from + " does not exist"));
			c.endColumn(table.id(), col.id());
			c.newColumns.add(col.renamed(to));
			Layouts.renamed(a, c, table, from, to);
		} else {
			throw new EngineException(Kind.FAILED, "Not implemented Error: this ALTER TABLE on a DuckLake table: "
					+ t.rest());
		}
		c.changes.add("altered_table:" + table.id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/**
	 * A 1.1 catalog's inlined-data tables name their system columns {@code _ducklake_...}, so the extension keeps
	 * that prefix from every user column (a 1.0 catalog's {@code row_id...} clash only while inlining, which writes
	 * such a table's rows to files here instead).
	 */
	static void checkName(Attached a, String column) throws EngineException, DuckLakeException {
		if (column.toLowerCase(java.util.Locale.ROOT).startsWith(RESERVED_PREFIX)
				&& SpecTableColumns.V1_1.equals(a.catalog.store().metadata().get("version"))) {
			throw new EngineException(Kind.FAILED, "Binder Error: Column name \"" + column + "\" is reserved by DuckLake"
					+ " for internal use: column names starting with \"" + RESERVED_PREFIX + "\" are not allowed.");
		}
	}

	private static final String RESERVED_PREFIX = "_ducklake_";

	/**
	 * New column (and struct field) ids for the table, in turn: its field ids, past every id its columns and their
	 * parts ever had (a dropped one's is not reused), as the extension numbers them.
	 */
	static java.util.function.LongSupplier columnIds(Attached a, Commit c, TableEntry table) throws DuckLakeException {
		long[] next = { nextColumnId(a, c, table) };
		return () -> next[0]++;
	}

	private static long nextColumnId(Attached a, Commit c, TableEntry table) throws DuckLakeException {
		long max = 0;
		for (java.util.List<String> row : a.catalog.store().rows("ducklake_column")) {
			if (row.get(3) != null && Long.parseLong(row.get(3)) == table.id()) {
				max = Math.max(max, Long.parseLong(row.get(0)));
			}
		}
		for (ColumnEntry x : c.newColumns) {
			if (x.tableId() == table.id()) {
				max = Math.max(max, maxId(x));
			}
		}
		for (long x : c.endedColumns.getOrDefault(table.id(), java.util.Set.of())) {
			max = Math.max(max, x);
		}
		return max + 1;
	}

	private static long maxId(ColumnEntry c) {
		long max = c.id();
		for (ColumnEntry f : c.children()) {
			max = Math.max(max, maxId(f));
		}
		return max;
	}

	private static ColumnEntry with(ColumnEntry c, String type, String dflt, boolean nulls) {
		return new ColumnEntry(c.id(), c.beginSnapshot(), c.tableId(), c.order(), c.name(), type, c.initialDefault(),
				dflt, nulls, c.children());
	}

	/**
	 * A column's new type, when DuckLake allows it without rewriting files: one DuckDB's implicit casts widen the
	 * old one into (int8 to int32, float32 to float64, timestamp to timestamptz...), as the extension asks DuckDB
	 * for the two types' common one; the old files are read by casting.
	 */
	private static ColumnEntry retyped(Connection d, ColumnEntry c, String duckType) throws SQLException,
			EngineException {
		String target;
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT typeof(CAST(NULL AS " + duckType
				+ "))")) {
			r.next();
			target = r.getString(1);
		}
		String to = DuckLakeTypes.toDuckLake(target);
		if (to == null) {
			throw new EngineException(Kind.FAILED, "Not implemented Error: Cannot change type of column \""
					+ c.name() + "\" from " + c.type() + " to " + duckType);
		}
		String source = DuckLakeTypes.toDuckDb(c.type());
		if (!widens(d, c.type(), to)) {
			throw new EngineException(Kind.FAILED, "Catalog Error: Cannot change type of column " + c.name()
					+ " from " + source + " to " + target + " - only widening type promotions are allowed");
		}
		return with(c, to, c.defaultValue(), c.nullsAllowed());
	}

	/** Whether a column of DuckLake type {@code from} may become {@code to} (the same, or widened into it). */
	static boolean widens(Connection d, String from, String to) throws SQLException {
		String target = DuckLakeTypes.toDuckDb(to);
		return from.equals(to) || target.equals(common(d, DuckLakeTypes.toDuckDb(from), target));
	}

	/** The type DuckDB casts both to implicitly (a list of the two's element type), or null when there is none. */
	private static String common(Connection d, String a, String b) throws SQLException {
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT typeof([CAST(NULL AS " + a
				+ "), CAST(NULL AS " + b + ")])")) {
			r.next();
			String list = r.getString(1);
			return list.substring(0, list.length() - 2);
		} catch (SQLException e) {
			return null; // "Cannot deduce template type": no common type
		}
	}

	/** SET NOT NULL only when no row holds a NULL there now. */
	private void notNull(Attached a, CatalogAt cat, TableEntry table, ColumnEntry col) throws SQLException,
			DuckLakeException, EngineException {
		String view = Views.define(kind.duck(), a, cat, table, a.snapshot(), a.pendingOrNull());
		try (Statement s = kind.duck().createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM "
				+ io.lakestudio.engine.internal.Sql.ident(view) + " WHERE " + io.lakestudio.engine.internal.Sql
						.ident(col.name()) + " IS NULL")) {
			r.next();
			if (r.getLong(1) > 0) {
				throw new EngineException(Kind.FAILED, "Constraint Error: Cannot SET NOT NULL on column \"" + col.name()
						+ "\" of table \"" + table.name() + "\": the column has NULL values");
			}
		}
	}

	/** A column definition as DuckDB reads it: name, type, default (and its value now, for existing rows). */
	static ColumnEntry probe(Connection d, String definition) throws SQLException, EngineException {
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE __dl_probe (" + definition + ")");
			String name;
			String duckType;
			String dflt;
			boolean nulls;
			try (ResultSet r = s.executeQuery("SELECT column_name, data_type, is_nullable, column_default"
					+ " FROM duckdb_columns() WHERE table_name = '__dl_probe' AND database_name = 'temp'")) {
				r.next();
				name = r.getString(1);
				duckType = r.getString(2);
				nulls = r.getBoolean(3);
				dflt = r.getString(4);
			}
			ColumnEntry typed = NestedColumns.define(() -> 0, 0, 0, name, duckType, null, dflt, nulls);
			String initial = null;
			if (dflt != null) {
				try (ResultSet v = s.executeQuery("SELECT CAST((" + dflt + ") AS VARCHAR)")) {
					v.next();
					initial = v.getString(1);
				}
			}
			return new ColumnEntry(0, 0, 0, 0, name, typed.type(), initial, dflt, nulls, typed.children());
		}
	}
}
