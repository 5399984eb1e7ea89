package io.lakestudio.engine.internal.ducklake;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * The session's own tables while DuckLake catalogs are attached: {@code CREATE TABLE name (...) | AS <query>} of a
 * table in DuckDB's in-memory database (no DuckLake catalog in USE, or named {@code memory.}), and
 * {@code INSERT INTO} such a table or a temp one. They are made as temp tables on the kind's DuckDB: memory of this
 * session only, gone when it ends, never a file, which is all DuckDB's memory database is. Every query in them is
 * read as any query is (DuckLake references rewritten, then the guard); column definitions go to DuckDB as a
 * DuckLake CREATE TABLE's do (DuckDB takes no subquery in a default or a check).
 */
final class Scratch {

	private final DuckLakeKind kind;
	private final KindDuckDb db;

	Scratch(DuckLakeKind kind, KindDuckDb db) {
		this.kind = kind;
		this.db = db;
	}

	/** The statement carried out, or null when it is none of these. */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		if (t.accept("CREATE")) {
			boolean replace = t.accept("OR", "REPLACE");
			if (!t.accept("TABLE")) {
				return null;
			}
			boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
			String name = memoryName(t.qualifiedName());
			if (name == null) {
				return null;
			}
			String how = "CREATE " + (replace ? "OR REPLACE " : "") + "TEMP TABLE " + (ifNotExists ? "IF NOT EXISTS "
					: "") + Sql.ident(name);
			if (t.accept("AS")) {
				exec(how + " AS " + kind.rewrite(t.rest(), null).text());
			} else {
				String definitions = t.parenthesised();
				if (!t.atEnd()) {
					return null;
				}
				NestedColumns.checkDefinitions(definitions);
				exec(how + " (" + definitions + ")");
			}
			db.temps.add(name.toLowerCase(Locale.ROOT));
			db.rewrites.clear();
			return kind.ok("ok");
		}
		if (t.accept("INSERT", "INTO")) {
			List<String> n = t.qualifiedName();
			String name = n.size() == 1 ? n.get(0) : memoryName(n);
			if (name == null || !db.temps.contains(name.toLowerCase(Locale.ROOT))) {
				return null;
			}
			String mode = t.accept("BY", "NAME") ? " BY NAME" : t.accept("BY", "POSITION") ? " BY POSITION" : "";
			String columns = "";
			if (t.peek("(") && !t.peek("(", "SELECT") && !t.peek("(", "WITH") && !t.peek("(", "FROM")
					&& !t.peek("(", "VALUES")) {
				columns = " (" + t.parenthesised() + ")";
			}
			String source = t.rest();
			String rows = source.matches("(?is)DEFAULT\\s+VALUES") ? source : kind.rewrite(source, null).text();
			long n0 = count(name);
			exec("INSERT INTO " + Sql.ident(name) + mode + columns + " " + rows);
			return kind.count(count(name) - n0);
		}
		return null;
	}

	/**
	 * The table name when {@code parts} name one in the memory database: {@code memory[.main].name}, or a bare name
	 * with no DuckLake catalog in USE; null otherwise. Names beginning {@code __} are the engine's own.
	 */
	private String memoryName(List<String> parts) throws EngineException {
		String name = parts.get(parts.size() - 1);
		boolean memory = parts.size() == 1 ? kind.defaultCatalog() == null
				: parts.get(0).equalsIgnoreCase("memory") && (parts.size() == 2 || parts.size() == 3
						&& parts.get(1).equalsIgnoreCase("main"));
		if (!memory) {
			return null;
		}
		if (name.startsWith("__")) {
			throw new EngineException(Kind.REFUSED, "refused: a name beginning with __ is the engine's own: name the"
					+ " table otherwise");
		}
		return name;
	}

	private long count(String table) throws EngineException, SQLException {
		try (java.sql.Statement s = db.connection().createStatement();
				java.sql.ResultSet r = s.executeQuery("SELECT count(*) FROM " + Sql.ident(table))) {
			r.next();
			return r.getLong(1);
		}
	}

	private void exec(String q) throws EngineException, SQLException {
		try (java.sql.Statement s = db.connection().createStatement()) {
			s.execute(q);
		}
	}
}
