package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * How the rows of one write become files: under a partitioning, one file per partition value (rows with that
 * value alone, in the extension's hive-style folder {@code key=value/} under the table's folder, NULL as
 * {@code __HIVE_DEFAULT_PARTITION__}); under a sort order, each file's rows sorted by its keys. Every write of data
 * files (INSERT, UPDATE, compaction) goes through here, so they all keep the table's layout.
 */
record FileLayout(List<Part> parts, String orderBy) {

	/** The rows of one file: a WHERE over the source ("" for all), its folder ("" or ending in /), its partition. */
	record Part(String where, String dir, FilePartition partition) {
	}

	static final String NULL_PARTITION = "__HIVE_DEFAULT_PARTITION__";

	/**
	 * The layout of the rows of {@code source} (the table's columns, by name) for table {@code t}; {@code sorted}:
	 * by the sort order even when sort_on_insert is off (a flush sorts, as compaction does).
	 */
	static FileLayout of(Connection d, Attached a, TableEntry t, List<ColumnEntry> cols, String source,
			boolean sorted) throws SQLException, DuckLakeException {
		Map<String, String> options = TableOptions.of(a, t);
		String orderBy = "";
		Optional<SortSpec> sort = Layouts.sorting(a, t.id());
		if (sort.isPresent() && (sorted || !"false".equalsIgnoreCase(options.getOrDefault("sort_on_insert",
				"true")))) {
			List<String> keys = new ArrayList<>();
			for (SortSpec.Key k : sort.get().keys()) {
				keys.add(k.expression() + " " + k.direction() + " " + k.nullOrder().replace('_', ' '));
			}
			orderBy = " ORDER BY " + String.join(", ", keys);
		}
		Optional<PartitionSpec> spec = Layouts.partitioning(a, t.id());
		if (spec.isEmpty()) {
			return new FileLayout(List.of(new Part("", "", null)), orderBy);
		}
		boolean hive = !"false".equalsIgnoreCase(options.getOrDefault("hive_file_pattern", "true"));
		List<String> exprs = new ArrayList<>();
		for (PartitionSpec.Key k : spec.get().keys()) {
			ColumnEntry c = cols.stream().filter(x -> x.id() == k.columnId()).findFirst().orElseThrow(
					() -> new DuckLakeException("the partition column " + k.columnId() + " of " + t.name() + " is gone"));
			exprs.add("CAST(" + transform(k.transform(), Sql.ident(c.name()), io.lakestudio.ducklake.NestedTypes
					.duckType(c)) + " AS VARCHAR)");
		}
		List<String> keyNames = keyNames(spec.get(), cols);
		List<Part> parts = new ArrayList<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT DISTINCT " + String.join(", ",
				exprs) + " FROM " + Sql.ident(source) + " ORDER BY ALL")) {
			while (r.next()) {
				List<String> values = new ArrayList<>();
				List<String> where = new ArrayList<>();
				StringBuilder dir = new StringBuilder();
				for (int i = 0; i < exprs.size(); i++) {
					String v = r.getString(i + 1);
					values.add(v);
					where.add(exprs.get(i) + (v == null ? " IS NULL" : " = " + Sql.string(v)));
					dir.append(folder(keyNames.get(i))).append('=').append(v == null ? NULL_PARTITION : folder(v))
							.append('/');
				}
				parts.add(new Part(" WHERE " + String.join(" AND ", where), hive ? dir.toString() : "",
						new FilePartition(spec.get().id(), values)));
			}
		}
		return new FileLayout(List.copyOf(parts), orderBy);
	}

	/**
	 * The hive folder name of each key of a partitioning, in key order: an identity key's its column's, a
	 * transform's the transform's ({@code bucket} for {@code bucket(n)}); a transform's named twice (two bucket keys)
	 * told apart by its column, and an identity key named like a transform key of the spec by its name twice.
	 */
	static List<String> keyNames(PartitionSpec spec, List<ColumnEntry> cols) {
		List<String> keyNames = new ArrayList<>();
		for (PartitionSpec.Key k : spec.keys()) {
			String col = cols.stream().filter(x -> x.id() == k.columnId()).map(ColumnEntry::name).findFirst().orElse(
					"");
			String name = k.transform().equals("identity") ? col : Buckets.count(k.transform()) != null ? "bucket"
					: k.transform();
			keyNames.add(!k.transform().equals("identity") && keyNames.contains(name) ? name + "_" + col : name);
		}
		for (int i = 0; i < keyNames.size(); i++) {
			String n = keyNames.get(i);
			boolean identity = spec.keys().get(i).transform().equals("identity");
			if (identity && spec.keys().stream().anyMatch(k -> k.transform().equalsIgnoreCase(n))) {
				keyNames.set(i, n + "_" + n);
			}
		}
		return keyNames;
	}

	/** The SQL of a partition transform of a column of DuckDB type {@code type}: the extension's partition values. */
	static String transform(String transform, String col, String type) {
		Integer buckets = Buckets.count(transform);
		if (buckets != null) {
			return Buckets.sql(buckets, col, type);
		}
		return switch (transform.toLowerCase(Locale.ROOT)) {
		case "year", "month", "day", "hour" -> transform + "(" + col + ")";
		case "epoch_year" -> "(year(" + col + ") - 1970)";
		case "epoch_month" -> "((year(" + col + ") - 1970) * 12 + month(" + col + ") - 1)";
		case "epoch_day" -> "date_diff('day', DATE '1970-01-01', CAST(" + col + " AS DATE))";
		// hours since the epoch, floored in whole nanoseconds: a TIMESTAMP_NS a nanosecond before an hour (or before
		// 1970) is in the hour before, where epoch()'s seconds as a double would round it up
		case "epoch_hour" -> "((epoch_ns(" + col + ") - (epoch_ns(" + col + ") % 3600000000000 + 3600000000000)"
				+ " % 3600000000000) // 3600000000000)";
		default -> col;
		};
	}

	/** A key or value as a folder name: characters a path can't hold escaped as hive does ({@code %XX}). */
	private static String folder(String v) {
		StringBuilder b = new StringBuilder();
		for (char ch : v.toCharArray()) {
			if (ch < 0x20 || "/\\\"%=:*?<>|#'{}[]^".indexOf(ch) >= 0) {
				b.append(String.format("%%%02X", (int) ch));
			} else {
				b.append(ch);
			}
		}
		return b.toString();
	}
}
