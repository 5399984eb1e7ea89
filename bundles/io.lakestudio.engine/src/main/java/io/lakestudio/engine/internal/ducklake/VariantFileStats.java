package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.engine.internal.Sql;

/**
 * A written file's stats of its VARIANT columns, from the footer, as the extension keeps them: the column's own
 * row in {@code ducklake_file_column_stats} (its counts from the {@code metadata} part, no min or max), and a row
 * in {@code ducklake_file_variant_stats} for each shredded field ({@code typed_value}) whose untyped
 * {@code value} beside it is NULL in every row, that is, every value of the field had the shredded type.
 */
final class VariantFileStats {

	/** One leaf of the file's schema: its path as parquet_metadata names it and DuckDB's type of it. */
	private record Part(String path, String duckType) {
	}

	private final Connection d;
	private final String file;
	/** Each leaf's DuckDB type by its path. */
	private final Map<String, String> types = new LinkedHashMap<>();

	private VariantFileStats(Connection d, String file) throws SQLException {
		this.d = d;
		this.file = file;
		// parquet_schema lists the tree depth first, each group with its number of children
		Deque<Object[]> open = new ArrayDeque<>(); // {path, children left}
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT name, num_children, duckdb_type"
				+ " FROM parquet_schema(" + file + ") ORDER BY column_id")) {
			boolean root = true;
			while (r.next()) {
				if (root) { // the file's schema itself
					root = false;
					continue;
				}
				Object[] parent = open.peek();
				String path = parent == null ? r.getString(1) : parent[0] + ", " + r.getString(1);
				if (parent != null && --((int[]) parent[1])[0] == 0) {
					open.pop();
				}
				int children = r.getInt(2);
				if (children > 0) {
					open.push(new Object[] { path, new int[] { children } });
				} else {
					types.put(path, r.getString(3));
				}
			}
		}
	}

	/** The shredded fields' stats of every VARIANT column (top level or nested) of {@code cols} in {@code file}. */
	static List<VariantStats> of(Connection d, String file, List<ColumnEntry> cols) throws SQLException {
		List<VariantStats> out = new ArrayList<>();
		VariantFileStats schema = null;
		for (ColumnEntry top : cols) {
			for (NestedColumns.Leaf leaf : NestedColumns.leaves(top)) {
				if (leaf.column().type().equals("variant")) {
					schema = schema == null ? new VariantFileStats(d, file) : schema;
					out.addAll(schema.fields(leaf.column(), leaf.path()));
				}
			}
		}
		return out;
	}

	/** The variant column's own stats, under its Parquet path {@code path} in {@code file} (a SQL string). */
	static ColumnStats column(Connection d, String file, ColumnEntry col, String path) throws SQLException {
		String metadata = Sql.string(path + ", metadata");
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT sum(num_values) FILTER (WHERE"
				+ " path_in_schema = " + metadata + "), sum(stats_null_count) FILTER (WHERE path_in_schema = "
				+ metadata + "), sum(total_compressed_size) FROM parquet_metadata(" + file + ") WHERE"
				+ " starts_with(path_in_schema, " + Sql.string(path + ", ") + ")")) {
			r.next();
			return new ColumnStats(col.id(), r.getLong(1), r.getLong(2), r.getLong(3), null, null, null);
		}
	}

	/** The fully shredded fields of the variant column {@code col} at Parquet path {@code path}. */
	private List<VariantStats> fields(ColumnEntry col, String path) throws SQLException {
		List<VariantStats> out = new ArrayList<>();
		for (Part p : typedLeaves(path)) {
			String value = p.path().substring(0, p.path().length() - "typed_value".length()) + "value";
			if (!allNull(value)) {
				continue;
			}
			String cast = p.duckType().equals("BOOLEAN") ? "TRY_CAST(TRY_CAST(x AS BOOLEAN) AS INTEGER)"
					: p.duckType().equals("BLOB") ? "x" : "TRY_CAST(x AS " + p.duckType() + ")";
			String q = "SELECT sum(total_compressed_size), sum(num_values) - sum(stats_null_count),"
					+ " sum(stats_null_count), min(" + cast.replace("x", "stats_min_value") + ")::VARCHAR, max("
					+ cast.replace("x", "stats_max_value") + ")::VARCHAR FROM parquet_metadata(" + file
					+ ") WHERE path_in_schema = " + Sql.string(p.path());
			try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(q)) {
				r.next();
				out.add(new VariantStats(col.id(), name(p.path().substring(path.length())), DuckLakeTypes.toDuckLake(
						p.duckType()), r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4), r.getString(5)));
			}
		}
		return out;
	}

	private List<Part> typedLeaves(String path) {
		List<Part> out = new ArrayList<>();
		types.forEach((p, t) -> { // a list's items: typed_value, list, element, typed_value
			if (p.startsWith(path + ", ") && p.endsWith(", typed_value")) {
				out.add(new Part(p, t));
			}
		});
		return out;
	}

	/**
	 * Whether the untyped part {@code path} is there and holds no value in any row but NULL or a variant NULL (the
	 * byte 00: the key was there with a NULL, which the shredded part shows as NULL too).
	 */
	private boolean allNull(String path) throws SQLException {
		if (!types.containsKey(path)) {
			return false;
		}
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(bool_and(num_values ="
				+ " stats_null_count OR stats_min_value = '\\x00'::BLOB AND stats_max_value = '\\x00'::BLOB), true)"
				+ " FROM parquet_metadata(" + file + ") WHERE path_in_schema = "
				+ Sql.string(path))) {
			r.next();
			return r.getBoolean(1);
		}
	}

	/**
	 * The extension's name of a field from its Parquet path below the column ({@code , typed_value, a,
	 * typed_value}): {@code root}, else its object keys quoted and list items as {@code element}, dot-joined.
	 */
	private static String name(String below) {
		List<String> parts = new ArrayList<>();
		String[] steps = below.substring(2).split(", ");
		for (int i = 0; i + 1 < steps.length; i++) {
			if (!steps[i].equals("typed_value")) {
				continue;
			}
			if (steps[i + 1].equals("list") && i + 2 < steps.length && steps[i + 2].equals("element")) {
				parts.add("element");
				i += 2;
			} else {
				parts.add(Sql.ident(steps[i + 1]));
				i++;
			}
		}
		return parts.isEmpty() ? "root" : String.join(".", parts);
	}
}
