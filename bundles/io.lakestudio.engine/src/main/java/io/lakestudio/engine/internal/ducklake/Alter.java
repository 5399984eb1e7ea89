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
		DuckLakeKind.Target target = kind.target(t.qualifiedName());
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		Changes.writable(a);
		CatalogAt cat = a.view();
		Optional<TableEntry> found = cat.table(target.schema(), target.table());
		if (found.isEmpty()) {
			if (ifExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + target.table()
					+ " does not exist!");
		}
		TableEntry table = found.get();
		Commit c = a.pending();
		if (t.accept("ADD")) {
			t.accept("COLUMN");
			boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
			String definition = t.rest();
			ColumnEntry probe = probe(kind.duck(), definition);
			if (cat.column(table.id(), probe.name()).isPresent()) {
				if (ifNotExists) {
					return kind.ok("ok");
				}
				throw new EngineException(Kind.FAILED, "Catalog Error: Column with name " + probe.name()
						+ " already exists!");
			}
			long order = cat.columns(table.id()).stream().mapToLong(ColumnEntry::order).max().orElse(0) + 1;
			c.newColumns.add(new ColumnEntry(c.catalogId(), 0, table.id(), order, probe.name(), probe.type(),
					probe.initialDefault(), probe.defaultValue(), probe.nullsAllowed()));
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
			c.endColumn(table.id(), col.get().id());
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
			ColumnEntry col = cat.column(table.id(), from).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Catalog Error: table \"" + table.name() + "\" does not have a column with name \"" + from + "\""));
			c.endColumn(table.id(), col.id());
			c.newColumns.add(col.renamed(to));
		} else {
			throw new EngineException(Kind.FAILED, "Not implemented Error: this ALTER TABLE on a DuckLake table: "
					+ t.rest());
		}
		c.changes.add("altered_table:" + table.id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/** A column definition as DuckDB reads it: name, type, default (and its value now, for existing rows). */
	private static ColumnEntry probe(Connection d, String definition) throws SQLException, EngineException {
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
			String type = DuckLakeTypes.toDuckLake(duckType);
			if (type == null) {
				throw new EngineException(Kind.FAILED, "Not implemented Error: a DuckLake column of type " + duckType
						+ " is not supported here yet");
			}
			String initial = null;
			if (dflt != null) {
				try (ResultSet v = s.executeQuery("SELECT CAST((" + dflt + ") AS VARCHAR)")) {
					v.next();
					initial = v.getString(1);
				}
			}
			return new ColumnEntry(0, 0, 0, 0, name, type, initial, dflt, nulls);
		}
	}
}
