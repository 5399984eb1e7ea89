package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code INSERT INTO t SELECT ...} (every column, by position) written by DuckDB straight from the query into the
 * table's Parquet files, with no copy of the rows in a temp table first (which cost a bulk insert about an eighth of
 * its time); what the writer says of each file (RETURN_STATS) stands in for reading its footer. Taken only where the
 * rows need nothing the temp table gives: the table has flat columns of types a Parquet file gives back as written,
 * no partitioning and no sort order. Too few rows to go in a file are read back and inlined as any insert's.
 */
final class QueryInsert {

	/** A query (not VALUES, DEFAULT VALUES), with nothing after it an INSERT takes (RETURNING, ON CONFLICT). */
	private static final Pattern QUERY = Pattern.compile("(?is)\\s*\\(*\\s*(SELECT|FROM|WITH)\\b.*");
	private static final Pattern INSERT_CLAUSES = Pattern.compile("(?is).*\\b(RETURNING|ON\\s+CONFLICT)\\b.*");

	private final Writes writes;
	private final Connection d;
	private final Path staging;

	QueryInsert(Writes writes, Connection d, Path staging) {
		this.writes = writes;
		this.d = d;
		this.staging = staging;
	}

	/** Whether the rows of {@code rows} (an INSERT's query, every column by position) can go straight to files. */
	static boolean applies(Attached a, TableEntry t, List<ColumnEntry> cols, String rows) throws DuckLakeException {
		if (!QUERY.matcher(rows).matches() || INSERT_CLAUSES.matcher(rows).matches() || cols.isEmpty()) {
			return false;
		}
		for (ColumnEntry c : cols) {
			if (!c.children().isEmpty() || !WriterStats.sameText(c)) {
				return false;
			}
		}
		return Layouts.partitioning(a, t.id()).isEmpty() && Layouts.sorting(a, t.id()).isEmpty();
	}

	/**
	 * Adds the rows of {@code rows} to table {@code t}, whose empty temp table {@code __dl_rows} has its columns:
	 * bound first as an INSERT into that (the same errors for a wrong number of columns or a type with no cast), then
	 * each column cast to its type as the INSERT casts it; NOT NULL checked from the writer's null counts.
	 */
	long insert(Attached a, CatalogAt cat, TableEntry t, String rows) throws SQLException, DuckLakeException,
			IOException {
		exec("EXPLAIN INSERT INTO __dl_rows " + rows);
		List<ColumnEntry> cols = cat.columns(t.id());
		List<String> ids = new ArrayList<>();
		for (ColumnEntry col : cols) {
			ids.add(NestedColumns.fieldIds(col));
		}
		String query = byPosition(cols, rows, false);
		String fieldIds = "FIELD_IDS {" + String.join(", ", ids) + "}" + ParquetOptions.of(a, t);
		List<TargetFiles.Written> files = TargetFiles.write(d, staging, query, fieldIds, writes.target(a));
		try {
			long total = 0;
			for (TargetFiles.Written w : files) {
				total += w.rows();
				notNull(t, cols, w);
			}
			if (total == 0) {
				return 0;
			}
			if (total <= Inlining.limit(a, t, writes.inliningRowLimit())) {
				List<String> paths = files.stream().map(w -> Sql.string(w.path().toString())).toList();
				exec("INSERT INTO __dl_rows SELECT * FROM read_parquet([" + String.join(", ", paths) + "])");
				return writes.insert(a, cat, t, "__dl_rows", total);
			}
			Commit c = a.pending();
			SchemaEntry schema = cat.schemaOf(t).orElseThrow();
			FileLayout.Part whole = new FileLayout.Part("", "", null);
			for (TargetFiles.Written w : files) {
				writes.add(c, a, schema, t, cols, whole, w, false, null);
			}
			c.changes.add("inserted_into_table:" + t.id());
			return total;
		} finally {
			for (TargetFiles.Written w : files) { // each placed one has left: what is left goes
				Files.deleteIfExists(w.path());
			}
		}
	}

	/**
	 * The rows of {@code rows} (an INSERT's query or VALUES, every column by position), each value cast to its
	 * column's type as the INSERT casts it and named as the column, or with {@code asText} then cast to VARCHAR.
	 */
	static String byPosition(List<ColumnEntry> cols, String rows, boolean asText) {
		List<String> select = new ArrayList<>();
		List<String> aliases = new ArrayList<>();
		for (ColumnEntry col : cols) {
			String alias = "__dl_c" + aliases.size();
			aliases.add(alias);
			String cast = "CAST(" + alias + " AS " + NestedTypes.duckType(col) + ")";
			select.add((asText ? "CAST(" + cast + " AS VARCHAR)" : cast) + " AS " + Sql.ident(col.name()));
		}
		return "SELECT " + String.join(", ", select) + " FROM (" + rows + ") AS __dl_src(" + String.join(", ",
				aliases) + ")";
	}

	/** A NULL in a NOT NULL column fails the statement, as DuckDB's INSERT does. */
	private static void notNull(TableEntry t, List<ColumnEntry> cols, TargetFiles.Written w) throws SQLException {
		for (ColumnEntry col : cols) {
			if (col.nullsAllowed()) {
				continue;
			}
			java.util.Map<String, String> said = w.writerStats().get(Sql.ident(col.name()));
			String nulls = said == null ? null : said.get("null_count");
			if (nulls == null || !nulls.equals("0")) {
				throw new SQLException("Constraint Error: NOT NULL constraint failed: " + t.name() + "." + col.name());
			}
		}
	}

	private void exec(String q) throws SQLException {
		try (Statement s = d.createStatement()) {
			s.execute(q);
		}
	}
}
