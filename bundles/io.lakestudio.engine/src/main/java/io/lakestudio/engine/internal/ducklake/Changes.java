package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * The statements that change a DuckLake catalog: CREATE SCHEMA / TABLE [AS], DROP, ALTER TABLE, INSERT, DELETE,
 * UPDATE, MERGE ({@link Merge}). Only their skeleton is read here (target, column list, SET pairs); every query, expression, column
 * definition and type in them is handed to DuckDB (a temp table made with the definitions, a SELECT with the
 * expressions), so DuckDB's grammar decides what is valid and what it means.
 */
final class Changes {

	/** CREATE TABLE ... AS's query, and NO when it ends WITH NO DATA ({@code WITH DATA} is the default). */
	private static final java.util.regex.Pattern WITH_DATA = java.util.regex.Pattern.compile(
			"(?is)(.*?)(?:\\s+WITH\\s+(NO\\s+)?DATA)?\\s*");

	private final DuckLakeKind kind;
	private final Connection d;
	private final Writes writes;

	Changes(DuckLakeKind kind, Connection d, Writes writes) {
		this.kind = kind;
		this.d = d;
		this.writes = writes;
	}

	/** Carries the statement out, or null when it is none of these or names no attached catalog. */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException,
			IOException {
		if (t.accept("CREATE")) {
			boolean replace = t.accept("OR", "REPLACE");
			if (t.accept("SCHEMA")) {
				return createSchema(t);
			}
			if (t.accept("TABLE")) {
				return createTable(t, replace);
			}
			if (t.accept("VIEW")) {
				return new ViewChanges(kind).create(t, replace);
			}
			if (t.accept("MACRO") || t.accept("FUNCTION")) {
				return kind.macros().create(t, replace);
			}
			return null;
		}
		if (t.accept("DROP", "TABLE")) {
			return dropTable(t);
		}
		if (t.accept("DROP", "MACRO") || t.accept("DROP", "FUNCTION")) {
			return kind.macros().drop(t);
		}
		if (t.accept("DROP", "VIEW")) {
			return new ViewChanges(kind).drop(t);
		}
		if (t.accept("DROP", "SCHEMA")) {
			return dropSchema(t);
		}
		if (t.accept("ALTER", "VIEW")) {
			return new ViewChanges(kind).alter(t);
		}
		if (t.accept("ALTER", "TABLE")) {
			return new Alter(kind).execute(t);
		}
		if (t.accept("INSERT", "INTO")) {
			return insert(t);
		}
		if (t.accept("DELETE", "FROM")) {
			return delete(t);
		}
		if (t.accept("TRUNCATE")) {
			t.accept("TABLE");
			return delete(t);
		}
		if (t.accept("COMMENT", "ON")) {
			return new Comments(kind).execute(t);
		}
		if (t.accept("CALL")) {
			return new Calls(kind).execute(t);
		}
		if (t.accept("UPDATE")) {
			return update(t);
		}
		if (t.accept("MERGE", "INTO")) {
			return new Merge(kind, d, writes).execute(t);
		}
		return null;
	}

	private Answer createSchema(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
		List<String> n = t.qualifiedName();
		Attached a = n.size() == 2 ? kind.catalog(n.get(0)) : kind.target(n) == null ? null : kind.target(n).catalog();
		if (a == null) {
			return null;
		}
		writable(a);
		String name = n.get(n.size() - 1);
		if (a.view().schema(name).isPresent()) {
			if (ifNotExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Schema with name \"" + name + "\" already exists!");
		}
		Commit c = a.pending();
		c.newSchemas.add(new SchemaEntry(c.catalogId(), UUID.randomUUID().toString(), 0, name, name + "/"));
		c.changes.add("created_schema:" + quoted(name));
		kind.statementDone(a);
		return kind.ok("ok");
	}

	private Answer createTable(Text t, boolean replace) throws java.text.ParseException, EngineException,
			DuckLakeException, SQLException, IOException {
		boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		CatalogAt cat = a.view();
		SchemaEntry schema = cat.schema(target.schema()).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Binder Error: Schema \"" + target.schema() + "\" not found in DuckLakeCatalog \"" + a.name + "\""));
		Optional<TableEntry> existing = cat.table(target.schema(), target.table());
		if (existing.isPresent()) {
			if (ifNotExists) {
				return kind.ok("ok");
			}
			if (!replace) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Table with name \"" + target.table()
						+ "\" already exists!");
			}
			drop(a, existing.get());
		} else if (cat.view(target.schema(), target.table()).isPresent()) {
			// tables and views share one namespace, as in DuckDB
			if (ifNotExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, replace ? "Catalog Error: Existing object " + target.table()
					+ " is of type View, trying to replace with type Table" : "Catalog Error: View with name \""
							+ target.table() + "\" already exists!");
		}
		boolean as = false;
		if (t.accept("AS")) {
			as = true;
			java.util.regex.Matcher m = WITH_DATA.matcher(t.rest());
			m.matches();
			String query = kind.rewrite(m.group(1), null).text();
			// WITH NO DATA: the query's columns, none of its rows
			exec("CREATE OR REPLACE TEMP TABLE __dl_rows AS " + (m.group(2) == null ? query
					: "SELECT * FROM (" + query + ") LIMIT 0"));
		} else {
			String definitions = t.parenthesised();
			NestedColumns.checkDefinitions(definitions);
			exec("CREATE OR REPLACE TEMP TABLE __dl_rows (" + definitions + ")");
			unsupportedConstraints();
		}
		Commit c = a.pending();
		long id = c.catalogId();
		TableEntry table = new TableEntry(id, UUID.randomUUID().toString(), 0, schema.id(), target.table(),
				target.table() + "/");
		c.newTables.add(table);
		long order = 1;
		long[] nextId = { 1 };
		java.util.function.LongSupplier ids = () -> nextId[0]++;
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT column_name, data_type,"
				+ " is_nullable, column_default FROM duckdb_columns() WHERE table_name = '__dl_rows' AND database_name = 'temp'"
				+ " ORDER BY column_index")) {
			while (r.next()) {
				Alter.checkName(a, r.getString(1));
				// a column's id is its field id in the table (1, 2, ... parent before its parts), as the extension
				// numbers them, not a catalog id
				c.newColumns.add(NestedColumns.define(ids, id, order++, r.getString(1), r.getString(2), null,
						r.getString(4), r.getBoolean(3)));
			}
		}
		c.changes.add("created_table:" + quoted(schema.name()) + "." + quoted(target.table()));
		long rows = 0;
		if (as) {
			rows = writes.insert(a, a.view(), table, "__dl_rows");
		}
		kind.statementDone(a);
		return as ? kind.count(rows) : kind.ok("ok");
	}

	/** DuckLake keeps NOT NULL and defaults only: a key or CHECK the definitions made is refused, as the extension does. */
	private void unsupportedConstraints() throws SQLException, EngineException {
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT constraint_type FROM"
				+ " duckdb_constraints() WHERE table_name = '__dl_rows' AND database_name = 'temp' AND constraint_type"
				+ " NOT IN ('NOT NULL') LIMIT 1")) {
			if (r.next()) {
				throw new EngineException(Kind.FAILED, "Not implemented Error: " + r.getString(1) + " constraints are"
						+ " not supported in DuckLake");
			}
		}
	}

	private Answer dropTable(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean ifExists = t.accept("IF", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		Optional<TableEntry> table = a.view().table(target.schema(), target.table());
		if (table.isEmpty() && a.view().view(target.schema(), target.table()).isPresent()) {
			throw new EngineException(Kind.FAILED, "Catalog Error: Existing object " + target.table()
					+ " is of type View, trying to drop type Table");
		}
		if (table.isEmpty()) {
			if (ifExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + target.table()
					+ " does not exist!");
		}
		drop(a, table.get());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	private void drop(Attached a, TableEntry t) throws DuckLakeException {
		Commit c = a.pending();
		if (!c.newTables.removeIf(x -> x.id() == t.id())) {
			c.endedTables.add(t.id());
		}
		io.lakestudio.ducklake.SchemaEntry s = a.view().schemaOf(t).orElseThrow();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), a.snapshot(), c, t.id()).parts()) {
			DataFile f = p.data();
			// the transaction's own files go at once: no snapshot ever names them
			if (c.newDataFiles.removeIf(x -> x.id() == f.id())) {
				a.discard(a.catalog.resolve(s, t, f.path(), f.relative()));
			} else {
				c.endedDataFiles.add(f.id());
			}
			DeleteFile del = p.deletes();
			if (del != null && c.newDeleteFiles.removeIf(x -> x.id() == del.id())) {
				a.discard(a.catalog.resolve(s, t, del.path(), del.relative()));
			} else if (del != null) {
				c.endedDeleteFiles.add(del.id());
			}
		}
		c.tableStats.remove(t.id());
		c.droppedStats.add(t.id());
		c.schemaChanged();
		c.changes.add("dropped_table:" + t.id());
	}

	private Answer dropSchema(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean ifExists = t.accept("IF", "EXISTS");
		List<String> n = t.qualifiedName();
		Attached a = n.size() == 2 ? kind.catalog(n.get(0)) : kind.target(n) == null ? null : kind.target(n).catalog();
		if (a == null) {
			return null;
		}
		writable(a);
		boolean cascade = t.accept("CASCADE");
		CatalogAt cat = a.view();
		Optional<SchemaEntry> s = cat.schema(n.get(n.size() - 1));
		if (s.isEmpty()) {
			if (ifExists) {
				return kind.ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Schema with name " + n.get(n.size() - 1)
					+ " does not exist!");
		}
		List<TableEntry> tables = cat.tables().stream().filter(x -> x.schemaId() == s.get().id()).toList();
		List<io.lakestudio.ducklake.ViewEntry> views = cat.views().stream().filter(x -> x.schemaId() == s.get().id())
				.toList();
		boolean macros = kind.macros().inSchema(a, s.get().id());
		if ((!tables.isEmpty() || !views.isEmpty() || macros) && !cascade) {
			throw new EngineException(Kind.FAILED, "Dependency Error: Cannot drop schema \"" + s.get().name()
					+ "\" because there are entries that depend on it. Use DROP...CASCADE to drop all dependents.");
		}
		for (TableEntry x : tables) {
			drop(a, x);
		}
		Commit c = a.pending();
		for (io.lakestudio.ducklake.ViewEntry v : views) {
			ViewChanges.end(c, v.id());
			c.changes.add("dropped_view:" + v.id());
		}
		kind.macros().dropAll(a, s.get().id());
		if (!c.newSchemas.removeIf(x -> x.id() == s.get().id())) {
			c.endedSchemas.add(s.get().id());
		}
		c.schemaChanged();
		c.changes.add("dropped_schema:" + s.get().id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	private Answer insert(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException,
			IOException {
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		TableEntry table = table(a, target);
		String mode = t.accept("BY", "NAME") ? " BY NAME" : t.accept("BY", "POSITION") ? " BY POSITION" : "";
		String columns = "";
		if (t.peek("(") && !t.peek("(", "SELECT") && !t.peek("(", "WITH") && !t.peek("(", "FROM")
				&& !t.peek("(", "VALUES")) {
			columns = " (" + t.parenthesised() + ")";
		}
		String source = t.rest();
		// constants only: nothing for the rewrite to point elsewhere, nothing for the guard to refuse
		boolean constants = LiteralRows.matches(source);
		String rows = constants || source.matches("(?is)DEFAULT\\s+VALUES") ? source
				: kind.rewrite(source, null).text();
		CatalogAt cat = a.view();
		List<ColumnEntry> cols = cat.columns(table.id());
		long n = constants && mode.isEmpty() && columns.isEmpty() ? writes.insertValues(a, cat, table, rows) : -1;
		if (n >= 0) {
			kind.statementDone(a);
			return kind.count(n);
		}
		exec("CREATE OR REPLACE TEMP TABLE __dl_rows (" + definitions(cols) + ")");
		if (mode.isEmpty() && columns.isEmpty() && QueryInsert.applies(a, table, cols, rows)) {
			n = writes.insertQuery(a, cat, table, rows);
		} else {
			long inserted = update("INSERT INTO __dl_rows" + mode + columns + " " + rows);
			n = writes.insert(a, cat, table, "__dl_rows", inserted);
		}
		kind.statementDone(a);
		return kind.count(n);
	}

	private Answer delete(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException,
			IOException {
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		TableEntry table = table(a, target);
		String alias = alias(t, target);
		String using = t.accept("USING") ? ", " + t.until("WHERE") : "";
		String where = t.accept("WHERE") ? " WHERE " + t.rest() : "";
		positions(target, alias, "__dl_target_positions", "DISTINCT " + Views.FILE + ", " + Views.POS, using + where);
		long n = writes.delete(a, a.view(), table, "__dl_target_positions");
		kind.statementDone(a);
		return kind.count(n);
	}

	private Answer update(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException,
			IOException {
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		TableEntry table = table(a, target);
		String alias = alias(t, target);
		t.expect("SET");
		String set = t.until("WHERE", "FROM");
		String from = t.accept("FROM") ? ", " + t.until("WHERE") : "";
		String where = t.accept("WHERE") ? " WHERE " + t.rest() : "";
		if (!from.isEmpty()) {
			// a row the join matches more than once is updated once, as DuckDB does
			where += " QUALIFY row_number() OVER (PARTITION BY " + Sql.ident(alias) + "." + Views.FILE + ", "
					+ Sql.ident(alias) + "." + Views.POS + ") = 1";
		}
		CatalogAt cat = a.view();
		List<String> replace = new ArrayList<>();
		for (String pair : Text.commas(set)) {
			Text p = new Text(pair);
			String col = p.name();
			p.expect("=");
			ColumnEntry c = cat.column(table.id(), col).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Binder Error: Referenced update column " + col + " not found in table!"));
			replace.add("CAST((" + p.rest() + ") AS " + NestedTypes.duckType(c) + ") AS " + Sql.ident(c.name()));
		}
		positions(target, alias, "__dl_target_updates", Sql.ident(alias) + ".* REPLACE (" + String.join(", ", replace)
				+ ")", from + where);
		// each row keeps its row id: a file row's (from its file's), an inlined row's (its position)
		exec("CREATE OR REPLACE TEMP TABLE __dl_rows AS SELECT u.* EXCLUDE (" + Views.FILE + ", " + Views.POS
				+ "), coalesce(r.rid, u." + Views.POS + ") AS " + Writes.KEPT_ROW_ID + " FROM __dl_target_updates u"
				+ " LEFT JOIN (" + Lineage.rowIds(a, cat, table, "__dl_target_updates") + ") r ON r.file = u." + Views.FILE
				+ " AND r.pos = u." + Views.POS);
		long n = writes.delete(a, cat, table, "__dl_target_updates");
		writes.update(a, cat, table, "__dl_rows");
		kind.statementDone(a);
		return kind.count(n);
	}

	/** A temp table of the target's rows the WHERE keeps, with their data file and position. */
	private void positions(DuckLakeKind.Target target, String alias, String into, String select, String where)
			throws EngineException, DuckLakeException, SQLException {
		String from = Sql.ident(target.catalog().name) + "." + Sql.ident(target.schema()) + "."
				+ Sql.ident(target.table()) + " AS " + Sql.ident(alias);
		String q = "SELECT " + select + " FROM " + from + where;
		exec("CREATE OR REPLACE TEMP TABLE " + into + " AS " + kind.rewrite(q, alias).text());
	}

	private static String alias(Text t, DuckLakeKind.Target target) throws java.text.ParseException {
		if (t.accept("AS")) {
			return t.name();
		}
		if (!t.atEnd() && !t.peek("WHERE") && !t.peek("SET") && !t.peek("USING")) {
			return t.name();
		}
		return target.table();
	}

	private TableEntry table(Attached a, DuckLakeKind.Target target) throws DuckLakeException, EngineException {
		return a.view().table(target.schema(), target.table()).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Catalog Error: Table with name " + target.table() + " does not exist!"));
	}

	/** The table's columns as DuckDB column definitions, with their defaults and NOT NULL. */
	static String definitions(List<ColumnEntry> columns) {
		List<String> defs = new ArrayList<>();
		for (ColumnEntry c : columns) {
			defs.add(Sql.ident(c.name()) + " " + NestedTypes.duckType(c)
					+ (c.defaultValue() == null ? "" : " DEFAULT " + c.defaultValue())
					+ (c.nullsAllowed() ? "" : " NOT NULL"));
		}
		return String.join(", ", defs);
	}

	static void writable(Attached a) throws EngineException {
		if (a.catalog.readOnly()) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: Cannot execute statement: the DuckLake catalog"
					+ " \"" + a.name + "\" is attached read-only");
		}
	}

	static String quoted(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	void exec(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}

	/** Runs an INSERT: the rows it added, or -1 when DuckDB answered with rows of its own (RETURNING). */
	private long update(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			return s.execute(q) ? -1 : s.getLargeUpdateCount();
		}
	}
}
