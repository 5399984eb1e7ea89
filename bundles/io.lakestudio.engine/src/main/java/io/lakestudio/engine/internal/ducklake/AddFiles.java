package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_add_data_files(catalog, table, file | [files] | glob, schema =>, allow_missing =>,
 * ignore_extra_columns =>)}: registers existing Parquet files with a table, in the session's transaction, without
 * copying them. Columns map by name (the files have no field ids, so each gets a {@code map_by_name} mapping), each file column
 * must fit its table column's type (the same, or one that widens into it), stats come from the footers, and the
 * rows get new row ids. A file that doesn't fit is refused and nothing is registered.
 */
final class AddFiles {

	private static final List<String> SIGNED = List.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT");
	private static final List<String> UNSIGNED = List.of("UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT");

	private final DuckLakeKind kind;
	private final Connection d;
	private final Attached a;

	AddFiles(DuckLakeKind kind, Connection d, Attached a) {
		this.kind = kind;
		this.d = d;
		this.a = a;
	}

	List<String> add(List<String> args, Map<String, String> named) throws EngineException, DuckLakeException,
			SQLException {
		if (args.size() < 3 || args.get(2) == null) {
			throw new EngineException(Kind.FAILED, "Binder Error: ducklake_add_data_files(catalog, table, files)");
		}
		boolean allowMissing = Maintenance.flag(named, "allow_missing", false);
		boolean ignoreExtra = Maintenance.flag(named, "ignore_extra_columns", false);
		// part of the session's transaction, as the extension's: a table made in it takes files, a ROLLBACK takes
		// them back (the files themselves are the user's: never deleted)
		Changes.writable(a);
		Commit c = a.pending();
		CatalogAt cat = a.view();
		String schemaName = named.getOrDefault("schema", "main");
		TableEntry t = cat.table(schemaName, args.get(1)).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Catalog Error: Table with name " + args.get(1) + " does not exist!"));
		List<ColumnEntry> cols = cat.columns(t.id());
		TableStats stats = c.tableStats.get(t.id());
		if (stats == null) {
			stats = a.catalog.store().tableStats(t.id()).orElse(new TableStats(t.id(), 0, 0, 0));
			c.baseStats.putIfAbsent(t.id(), stats);
		}
		List<String> rows = new ArrayList<>();
		for (String file : files(args.get(2))) {
			Map<String, String> fileCols = columns(file);
			Map<Long, String> mapping = new LinkedHashMap<>();
			for (ColumnEntry col : cols) {
				String source = find(fileCols, col.name());
				if (source == null) {
					if (!allowMissing) {
						throw new EngineException(Kind.FAILED, "Invalid Input Error: column \"" + col.name() + "\" of"
								+ " table " + t.name() + " is not in " + file + " (allow_missing => true adds it as NULL)");
					}
					continue;
				}
				String want = DuckLakeTypes.toDuckDb(col.type());
				if (!fits(fileCols.get(source), want)) {
					throw new EngineException(Kind.FAILED, "Invalid Input Error: column \"" + source + "\" of " + file
							+ " is " + fileCols.get(source) + ", which the table's column of type " + want
							+ " can't hold");
				}
				mapping.put(col.id(), source);
			}
			for (String name : fileCols.keySet()) {
				if (!mapping.containsValue(name) && !ignoreExtra) {
					throw new EngineException(Kind.FAILED, "Invalid Input Error: " + file + " has a column \"" + name
							+ "\" that table " + t.name() + " doesn't (ignore_extra_columns => true skips it)");
				}
			}
			long count = scalar("SELECT count(*) FROM read_parquet(" + Sql.string(file) + ")");
			long footer = scalar("SELECT footer_size FROM parquet_file_metadata(" + Sql.string(file) + ")");
			long size;
			try {
				size = Files.size(Path.of(file));
			} catch (IOException e) {
				throw new EngineException(Kind.FAILED, "cannot read " + file + ": " + e.getMessage(), e);
			}
			long id = c.fileId();
			c.newDataFiles.add(new DataFile(id, t.id(), 0, file, false, count, size, footer, stats.nextRowId(),
					stats(file, cols, mapping)));
			c.nameMappings.put(id, mapping);
			c.rowGroups.put(id, scalar("SELECT num_row_groups FROM parquet_file_metadata(" + Sql.string(file) + ")"));
			stats = new TableStats(t.id(), stats.recordCount() + count, stats.nextRowId() + count,
					stats.fileSizeBytes() + size);
			rows.add("(" + Sql.string(file) + ")");
		}
		if (!rows.isEmpty()) {
			c.tableStats.put(t.id(), stats);
			c.changes.add("inserted_into_table:" + t.id());
			kind.statementDone(a);
		}
		return rows;
	}

	/** The files a string or a list of strings names, each glob expanded (in order, each file once). */
	private List<String> files(String arg) throws EngineException, SQLException {
		List<String> patterns = arg.strip().startsWith("[") ? Maintenance.list(arg) : List.of(arg);
		java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
		for (String p : patterns) {
			List<String> found = new ArrayList<>();
			try (PreparedStatement ps = d.prepareStatement("SELECT file FROM glob(?) ORDER BY file")) {
				ps.setString(1, p);
				try (ResultSet r = ps.executeQuery()) {
					while (r.next()) {
						found.add(r.getString(1));
					}
				}
			}
			if (found.isEmpty()) {
				throw new EngineException(Kind.FAILED, "IO Error: No files found that match the pattern \"" + p + "\"");
			}
			out.addAll(found);
		}
		return new ArrayList<>(out);
	}

	/** The file's top-level columns and their DuckDB types, in order. */
	private Map<String, String> columns(String file) throws SQLException {
		Map<String, String> out = new LinkedHashMap<>();
		try (PreparedStatement ps = d.prepareStatement("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM"
				+ " read_parquet(" + Sql.string(file) + "))"); ResultSet r = ps.executeQuery()) {
			while (r.next()) {
				out.put(r.getString(1), r.getString(2));
			}
		}
		return out;
	}

	private static String find(Map<String, String> fileCols, String name) {
		if (fileCols.containsKey(name)) {
			return name;
		}
		for (String n : fileCols.keySet()) {
			if (n.equalsIgnoreCase(name)) {
				return n;
			}
		}
		return null;
	}

	/** Whether a file column's type fits the table's: the same, or one every value of which the table type holds. */
	static boolean fits(String file, String table) {
		String f = file.toUpperCase(Locale.ROOT).strip();
		String t = table.toUpperCase(Locale.ROOT).strip();
		if (f.equals(t)) {
			return true;
		}
		int fs = SIGNED.indexOf(f), fu = UNSIGNED.indexOf(f), ts = SIGNED.indexOf(t), tu = UNSIGNED.indexOf(t);
		if (fs >= 0 && ts >= 0) {
			return fs <= ts;
		}
		if (fu >= 0) {
			return tu >= fu || ts > fu;
		}
		if (f.equals("FLOAT") && t.equals("DOUBLE")) {
			return true;
		}
		java.util.regex.Matcher df = java.util.regex.Pattern.compile("DECIMAL\\((\\d+),\\s*(\\d+)\\)").matcher(f);
		java.util.regex.Matcher dt = java.util.regex.Pattern.compile("DECIMAL\\((\\d+),\\s*(\\d+)\\)").matcher(t);
		if (df.matches() && dt.matches()) {
			int p1 = Integer.parseInt(df.group(1)), s1 = Integer.parseInt(df.group(2));
			int p2 = Integer.parseInt(dt.group(1)), s2 = Integer.parseInt(dt.group(2));
			return s1 <= s2 && p1 - s1 <= p2 - s2;
		}
		return false;
	}

	/** Each mapped column's stats from the file's footer, by the column's name in the file. */
	private List<ColumnStats> stats(String file, List<ColumnEntry> cols, Map<Long, String> mapping)
			throws SQLException {
		List<ColumnStats> out = new ArrayList<>();
		String f = Sql.string(file);
		for (ColumnEntry col : cols) {
			String source = mapping.get(col.id());
			if (source == null) {
				continue;
			}
			String type = DuckLakeTypes.toDuckDb(col.type());
			String cast = type.equals("BLOB") ? "stats_min_value" : "TRY_CAST(stats_min_value AS " + type + ")";
			try (PreparedStatement ps = d.prepareStatement("SELECT sum(num_values), sum(stats_null_count),"
					+ " sum(total_compressed_size), min(" + cast + ")::VARCHAR, max(" + cast.replace("stats_min_value",
							"stats_max_value") + ")::VARCHAR FROM parquet_metadata(" + f + ") WHERE path_in_schema = ?")) {
				ps.setString(1, source);
				try (ResultSet r = ps.executeQuery()) {
					r.next();
					out.add(new ColumnStats(col.id(), r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4),
							r.getString(5), null));
				}
			}
		}
		return out;
	}

	private long scalar(String q) throws SQLException {
		try (java.sql.Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getLong(1);
		}
	}
}
