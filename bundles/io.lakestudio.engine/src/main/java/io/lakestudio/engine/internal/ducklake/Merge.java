package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code MERGE INTO <DuckLake table> USING <source> ON|USING ... WHEN ...}, carried out by DuckDB itself: the
 * target's rows are copied into a temp table (its row {@code k} at rowid k, with their data file and position kept
 * beside), the source into another (its DuckLake references read as any query's), and DuckDB runs the MERGE on the
 * copy, so its grammar and meaning are DuckDB's. What changed is then written as the extension would: the rows that
 * went or changed are deleted from their files, the changed rows written again with their row ids, the new ones
 * inserted.
 *
 * <p>The MERGE's own clauses run on the kind's DuckDB, so they are checked first: every expression in them (the ON
 * condition, each WHEN's AND, SET values, INSERT values, ERROR message) goes through the guard as one query over the
 * two copies; only keywords and plain column lists are left out of it, and a clause not understood is refused.
 */
final class Merge {

	private static final String TARGET = "__dl_merge_target";
	private static final String ROWS = "__dl_merge_rows";
	private static final String SOURCE = "__dl_merge_source";
	private static final String KEY = "__dl_k";

	private final DuckLakeKind kind;
	private final Connection d;
	private final Writes writes;

	Merge(DuckLakeKind kind, Connection d, Writes writes) {
		this.kind = kind;
		this.d = d;
		this.writes = writes;
	}

	/** After {@code MERGE INTO}: carried out, or null when the target is no attached catalog's. */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException,
			IOException {
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		CatalogAt cat = a.view();
		TableEntry table = cat.table(target.schema(), target.table()).orElseThrow(() -> new EngineException(
				Kind.FAILED, "Catalog Error: Table with name " + target.table() + " does not exist!"));
		t.accept("AS");
		String alias = t.peek("USING") ? target.table() : t.name();
		t.expect("USING");
		String sourceAlias = source(t);
		String clauses = t.rest();
		check(clauses, alias, sourceAlias);
		List<ColumnEntry> columns = cat.columns(table.id());
		copyTarget(target, alias, columns);
		long n;
		try (Statement s = d.createStatement()) {
			s.execute("MERGE INTO " + TARGET + " AS " + Sql.ident(alias) + " USING " + SOURCE + " AS "
					+ Sql.ident(sourceAlias) + " " + clauses);
			n = Math.max(0, s.getUpdateCount());
		}
		String changed = changed(columns);
		exec("CREATE OR REPLACE TEMP TABLE __dl_merge_gone AS SELECT r." + Views.FILE + ", r." + Views.POS + " FROM "
				+ ROWS + " r LEFT JOIN " + TARGET + " m ON m.rowid = r." + KEY + " WHERE m.rowid IS NULL OR " + changed);
		// an updated row keeps its row id, as an UPDATE's does (a file row's from its file, an inlined row's its
		// position); taken before the delete ends them
		exec("CREATE OR REPLACE TEMP TABLE __dl_merge_updated AS SELECT m.*, coalesce(l.rid, r." + Views.POS + ") AS "
				+ Writes.KEPT_ROW_ID + " FROM " + TARGET + " m JOIN " + ROWS + " r ON m.rowid = r." + KEY + " LEFT JOIN ("
				+ Lineage.rowIds(a, cat, table, "__dl_merge_gone") + ") l ON l.file = r." + Views.FILE + " AND l.pos = r."
				+ Views.POS + " WHERE " + changed);
		exec("CREATE OR REPLACE TEMP TABLE __dl_merge_new AS SELECT m.* FROM " + TARGET + " m LEFT JOIN " + ROWS
				+ " r ON m.rowid = r." + KEY + " WHERE r." + KEY + " IS NULL");
		writes.delete(a, cat, table, "__dl_merge_gone");
		writes.update(a, cat, table, "__dl_merge_updated");
		writes.insert(a, cat, table, "__dl_merge_new");
		kind.statementDone(a);
		return kind.count(n);
	}

	/** The source, read into {@link #SOURCE}; returns the name the clauses know it by. */
	private String source(Text t) throws java.text.ParseException, EngineException, DuckLakeException,
			SQLException {
		String query;
		String alias;
		if (t.peek("(")) {
			query = t.parenthesised();
			t.accept("AS");
			alias = t.peek("ON") || t.peek("USING") ? SOURCE : t.name();
		} else {
			List<String> name = t.qualifiedName();
			query = "SELECT * FROM " + String.join(".", name.stream().map(Sql::ident).toList());
			t.accept("AS");
			alias = t.peek("ON") || t.peek("USING") ? name.get(name.size() - 1) : t.name();
		}
		String columns = t.peek("(") ? "(" + identifiers(t.parenthesised()) + ")" : "";
		String select = "SELECT * FROM (" + query + ") AS " + Sql.ident(alias) + columns;
		exec("CREATE OR REPLACE TEMP TABLE " + SOURCE + " AS " + kind.rewrite(select, null).text());
		return alias;
	}

	/** The target's rows, copied into {@link #TARGET} with row k at rowid k, and in {@link #ROWS} with their place. */
	private void copyTarget(DuckLakeKind.Target target, String alias, List<ColumnEntry> columns)
			throws EngineException, DuckLakeException, SQLException {
		String rows = kind.rewrite("SELECT * FROM " + Sql.ident(target.catalog().name) + "." + Sql.ident(target
				.schema()) + "." + Sql.ident(target.table()) + " AS " + Sql.ident(alias), alias).text();
		exec("CREATE OR REPLACE TEMP TABLE " + ROWS + " AS SELECT row_number() OVER () - 1 AS " + KEY + ", * FROM ("
				+ rows + ")");
		List<String> names = columns.stream().map(c -> Sql.ident(c.name())).toList();
		exec("CREATE OR REPLACE TEMP TABLE " + TARGET + " (" + Changes.definitions(columns) + ")");
		exec("INSERT INTO " + TARGET + " SELECT " + String.join(", ", names) + " FROM " + ROWS + " ORDER BY " + KEY);
		// the diff after the MERGE stands on rowid = k: made sure of, not assumed
		long same = count("SELECT count(*) FROM " + TARGET + " m JOIN " + ROWS + " r ON m.rowid = r." + KEY
				+ " WHERE NOT " + changed(columns));
		if (same != count("SELECT count(*) FROM " + ROWS)) {
			throw new EngineException(Kind.FAILED, "MERGE: the target's rows could not be copied in order");
		}
	}

	private long count(String q) throws SQLException {
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getLong(1);
		}
	}

	/** A row of the copy ({@code m}) that differs from the row it was ({@code r}). */
	private static String changed(List<ColumnEntry> columns) {
		if (columns.isEmpty()) {
			return "false";
		}
		List<String> differ = new ArrayList<>();
		for (ColumnEntry c : columns) {
			differ.add("m." + Sql.ident(c.name()) + " IS DISTINCT FROM r." + Sql.ident(c.name()));
		}
		return "(" + String.join(" OR ", differ) + ")";
	}

	/**
	 * Refuses the clauses unless each expression in them passes the guard; they are read strictly, so no text of
	 * them runs that the guard has not seen (comments, which could hide text from that reading, are refused).
	 */
	private void check(String clauses, String alias, String sourceAlias) throws java.text.ParseException,
			EngineException, DuckLakeException, SQLException {
		if (clauses.contains("--") || clauses.contains("/*")) {
			throw refused("comments inside a MERGE's clauses are not taken here");
		}
		List<String> exprs = new ArrayList<>();
		Text c = new Text(clauses);
		if (c.accept("ON")) {
			exprs.add(c.until("WHEN"));
		} else {
			c.expect("USING");
			identifiers(c.parenthesised());
		}
		if (c.atEnd()) {
			throw refused("a MERGE needs a WHEN clause");
		}
		while (!c.atEnd()) {
			if (!c.accept("WHEN")) {
				throw refused("MERGE ... " + Text.upper(c.until("WHEN")) + " is not taken here (RETURNING neither)");
			}
			c.accept("NOT");
			c.expect("MATCHED");
			if (!c.accept("BY", "SOURCE")) {
				c.accept("BY", "TARGET");
			}
			if (c.accept("AND")) {
				exprs.add(c.until("THEN"));
			}
			c.expect("THEN");
			action(c, exprs);
		}
		if (exprs.isEmpty()) {
			return;
		}
		List<String> probe = new ArrayList<>();
		exprs.forEach(e -> probe.add("(" + e + ")"));
		Rewriter.Rewritten r = kind.rewrite("SELECT " + String.join(", ", probe) + " FROM " + TARGET + " AS "
				+ Sql.ident(alias) + ", " + SOURCE + " AS " + Sql.ident(sourceAlias), null);
		if (r.touched()) {
			throw refused("a MERGE's conditions and values can't read DuckLake tables here: read them in its USING");
		}
	}

	/** One WHEN's action; its expressions added to {@code exprs}. */
	private static void action(Text c, List<String> exprs) throws java.text.ParseException, EngineException {
		if (c.accept("UPDATE")) {
			if (c.accept("SET")) {
				if (!c.accept("*")) {
					for (String pair : Text.commas(c.until("WHEN"))) {
						Text p = new Text(pair);
						p.name();
						p.expect("=");
						exprs.add(p.rest());
					}
				}
			} else if (!c.accept("BY", "NAME")) {
				c.accept("BY", "POSITION");
			}
		} else if (c.accept("INSERT")) {
			if (!c.accept("BY", "NAME")) {
				c.accept("BY", "POSITION");
			}
			if (c.peek("(")) {
				identifiers(c.parenthesised());
			}
			if (c.accept("VALUES")) {
				exprs.addAll(Text.commas(c.parenthesised()));
			} else if (!c.accept("DEFAULT", "VALUES")) {
				c.accept("*");
			}
		} else if (c.accept("ERROR")) {
			if (!c.atEnd() && !c.peek("WHEN")) {
				exprs.add(c.until("WHEN"));
			}
		} else if (!c.accept("DELETE") && !c.accept("DO", "NOTHING")) {
			throw refused("MERGE ... THEN " + Text.upper(c.until("WHEN")) + " is not taken here");
		}
		if (!c.atEnd() && !c.peek("WHEN")) {
			throw refused("MERGE ... " + Text.upper(c.until("WHEN")) + " is not taken here");
		}
	}

	/** A column list of plain names (nothing the guard would need to see), as given. */
	private static String identifiers(String list) throws EngineException {
		if (!list.matches("\\s*[A-Za-z_][A-Za-z0-9_]*(\\s*,\\s*[A-Za-z_][A-Za-z0-9_]*)*\\s*")) {
			throw refused("a column list here takes plain names: " + list);
		}
		return list;
	}

	private static EngineException refused(String why) {
		return new EngineException(Kind.REFUSED, "refused: " + why);
	}

	private void exec(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}
}
