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
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_add_data_files(catalog, table, file | [files] | glob, schema =>, allow_missing =>,
 * ignore_extra_columns =>, hive_partitioning =>)}: registers existing Parquet files with a table, in the session's
 * transaction, without copying them. Columns map by name (the files have no field ids, so each gets a
 * {@code map_by_name} mapping), each file column must fit its table column's type ({@link AddedTypes}), a column in
 * a hive folder ({@code key=value}) takes the folder's value, stats come from the footers (a hive column's from its
 * value), a partitioned table's file must sit in the folders of its partition keys, and the rows get new row ids.
 * A file that doesn't fit is refused with the extension's message and nothing is registered.
 */
final class AddFiles {

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
		// hive folders (key=value) give columns their values: looked for unless hive_partitioning => false
		boolean hive = Maintenance.flag(named, "hive_partitioning", true);
		// part of the session's transaction, as the extension's: a table made in it takes files, a ROLLBACK takes
		// them back (the files themselves are the user's: never deleted)
		Changes.writable(a);
		Commit c = a.pending();
		CatalogAt cat = a.view();
		TableEntry t = table(cat, named.getOrDefault("schema", "main"), args.get(1));
		List<ColumnEntry> cols = cat.columns(t.id());
		Optional<PartitionSpec> spec = Layouts.partitioning(a, t.id());
		TableStats stats = c.tableStats.get(t.id());
		if (stats == null) {
			stats = a.catalog.store().tableStats(t.id()).orElse(new TableStats(t.id(), 0, 0, 0));
			c.baseStats.putIfAbsent(t.id(), stats);
		}
		List<String> rows = new ArrayList<>();
		for (String file : files(args.get(2))) {
			Map<String, String> fileCols = columns(file);
			Map<String, String> folders = hive ? HivePartitions.parse(file) : Map.of();
			Map<Long, String> mapping = new LinkedHashMap<>();
			// hive columns: their value as the column's type (null: NULL)
			Map<Long, String> hiveValues = new LinkedHashMap<>();
			for (String name : fileCols.keySet()) {
				if (find(cols, name) == null && !ignoreExtra) {
					throw new EngineException(Kind.FAILED, "Invalid Input Error: Column \"" + name + "\" exists in file"
							+ " \"" + file + "\" but was not found in table \"" + t.name() + "\"\n* Set"
							+ " ignore_extra_columns => true to add the file anyway");
				}
			}
			for (ColumnEntry col : cols) {
				String source = findName(fileCols, col.name());
				String folder = folders.containsKey(source == null ? col.name() : source) ? source == null ? col
						.name() : source : null;
				if (folder != null) {
					if (NestedTypes.isNested(col.type())) {
						throw new EngineException(Kind.FAILED, "Invalid Input Error: Type \"" + NestedTypes.duckType(col)
								+ "\" is not supported for hive partitioning");
					}
					hiveValues.put(col.id(), HivePartitions.typed(d, folder, folders.get(folder), NestedTypes.duckType(
							col)));
					mapping.put(col.id(), folder);
					continue;
				}
				if (source == null) {
					if (!allowMissing) {
						throw new EngineException(Kind.FAILED, "Invalid Input Error: Column \"" + col.name() + "\" exists"
								+ " in table \"" + t.name() + "\" but was not found in file \"" + file + "\"\n* Set"
								+ " allow_missing => true to allow missing fields and columns");
					}
					continue;
				}
				AddedTypes.check(t, file, col, source, fileCols.get(source));
				mapping.put(col.id(), source);
			}
			long count = scalar("SELECT count(*) FROM read_parquet(" + Sql.string(file) + ", hive_partitioning = false)");
			if (count == 0) {
				continue; // as the extension: an empty file adds no rows, so no file
			}
			long footer = scalar("SELECT footer_size FROM parquet_file_metadata(" + Sql.string(file) + ")");
			long size;
			try {
				size = Files.size(Path.of(file));
			} catch (IOException e) {
				throw new EngineException(Kind.FAILED, "cannot read " + file + ": " + e.getMessage(), e);
			}
			long id = c.fileId();
			FilePartition partition = spec.isEmpty() ? null : partition(file, spec.get(), cols, folders, hiveValues);
			List<ColumnStats> fileStats = stats(file, cols, mapping, hiveValues.keySet());
			hiveValues.forEach((col, v) -> fileStats.add(new ColumnStats(col, count, v == null ? count : 0, 0, v, v,
					null)));
			c.newDataFiles.add(new DataFile(id, t.id(), 0, file, false, count, size, footer, stats.nextRowId(),
					fileStats));
			c.nameMappings.put(id, mapping);
			if (!hiveValues.isEmpty()) {
				c.hivePartitionColumns.put(id, new java.util.HashSet<>(hiveValues.keySet()));
			}
			if (partition != null) {
				c.filePartitions.put(id, partition);
			}
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

	/** The table, or the extension's error (naming the table of that name in another schema, if there is one). */
	private static TableEntry table(CatalogAt cat, String schema, String name) throws EngineException {
		Optional<TableEntry> t = cat.table(schema, name);
		if (t.isPresent()) {
			return t.get();
		}
		for (TableEntry other : cat.tables()) {
			if (other.name().equalsIgnoreCase(name)) {
				String s = cat.schemaOf(other).map(io.lakestudio.ducklake.SchemaEntry::name).orElse("main");
				throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + name + " does not exist!\n"
						+ "Did you mean \"" + s + "." + other.name() + "\"?");
			}
		}
		throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + name + " does not exist!");
	}

	/**
	 * The partition of a file of a partitioned table, from its hive folders: each key's value (an identity key's
	 * its column's folder, a transform's the folder the extension names for it), or the extension's error when the
	 * folders don't give every key of the table's partitioning, or give another column.
	 */
	private static FilePartition partition(String file, PartitionSpec spec, List<ColumnEntry> cols,
			Map<String, String> folders, Map<Long, String> hiveValues) throws EngineException {
		EngineException invalid = new EngineException(Kind.FAILED, "Invalid Input Error: File \"" + file + "\" contains"
				+ " an invalid partition value for the table configuration.");
		List<String> names = FileLayout.keyNames(spec, cols);
		List<String> values = new ArrayList<>();
		for (PartitionSpec.Key k : spec.keys()) {
			if (k.transform().equals("identity")) {
				if (!hiveValues.containsKey(k.columnId())) {
					throw invalid;
				}
				values.add(hiveValues.get(k.columnId()));
				continue;
			}
			String name = names.get(k.index());
			if (!folders.containsKey(name)) {
				throw invalid;
			}
			String v = folders.get(name);
			Integer buckets = Buckets.count(k.transform());
			try {
				long n = v == null ? 0 : Long.parseLong(v.strip());
				if (v != null && buckets != null && (n < 0 || n >= buckets)) {
					throw invalid; // no value hashes into a bucket past the count
				}
				values.add(v == null ? null : String.valueOf(n));
			} catch (NumberFormatException e) {
				throw invalid;
			}
		}
		// every hive column must be a key of the partitioning
		if (hiveValues.keySet().stream().anyMatch(id -> spec.keys().stream().noneMatch(k -> k.transform().equals(
				"identity") && k.columnId() == id))) {
			throw invalid;
		}
		return new FilePartition(spec.id(), values);
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
				+ " read_parquet(" + Sql.string(file) + ", hive_partitioning = false))"); ResultSet r = ps.executeQuery()) {
			while (r.next()) {
				out.put(r.getString(1), r.getString(2));
			}
		}
		return out;
	}

	private static ColumnEntry find(List<ColumnEntry> cols, String name) {
		for (ColumnEntry c : cols) {
			if (c.name().equalsIgnoreCase(name)) {
				return c;
			}
		}
		return null;
	}

	private static String findName(Map<String, String> fileCols, String name) {
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

	/**
	 * Each mapped column's stats from the file's footer, by its path in the file: a primitive column's its name, a
	 * nested column's each leaf's (a list's element, a map's key and value, a struct's fields by name), as the
	 * extension keeps them, under the leaf's column id. A hive column is not in the footer: none here.
	 */
	private List<ColumnStats> stats(String file, List<ColumnEntry> cols, Map<Long, String> mapping, Set<Long> hive)
			throws SQLException {
		List<ColumnStats> out = new ArrayList<>();
		for (ColumnEntry col : cols) {
			String source = mapping.get(col.id());
			if (source != null && !hive.contains(col.id())) {
				leafStats(file, col, source, out);
			}
		}
		return out;
	}

	private void leafStats(String file, ColumnEntry col, String path, List<ColumnStats> out) throws SQLException {
		switch (col.type()) {
		case "list" -> leafStats(file, col.children().get(0), path + ", list, element", out);
		case "map" -> {
			leafStats(file, col.children().get(0), path + ", key_value, key", out);
			leafStats(file, col.children().get(1), path + ", key_value, value", out);
		}
		case "struct" -> {
			for (ColumnEntry f : col.children()) {
				leafStats(file, f, path + ", " + f.name(), out);
			}
		}
		default -> {
			String type = DuckLakeTypes.toDuckDb(col.type());
			String cast = type.equals("BLOB") ? "stats_min_value" : "TRY_CAST(stats_min_value AS " + type + ")";
			try (PreparedStatement ps = d.prepareStatement("SELECT sum(num_values), sum(stats_null_count),"
					+ " sum(total_compressed_size), min(" + cast + ")::VARCHAR, max(" + cast.replace("stats_min_value",
							"stats_max_value") + ")::VARCHAR, count(*) FROM parquet_metadata(" + Sql.string(file)
					+ ") WHERE path_in_schema = ?")) {
				ps.setString(1, path);
				try (ResultSet r = ps.executeQuery()) {
					r.next();
					if (r.getLong(6) > 0) {
						out.add(new ColumnStats(col.id(), r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4),
								r.getString(5), null));
					}
				}
			}
		}
		}
	}

	private long scalar(String q) throws SQLException {
		try (java.sql.Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
			r.next();
			return r.getLong(1);
		}
	}
}
