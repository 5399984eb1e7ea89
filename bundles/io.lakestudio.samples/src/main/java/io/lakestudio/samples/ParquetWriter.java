package io.lakestudio.samples;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaException;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.samples.SampleTable.Col;

/**
 * DuckDB writes the Parquet ({@code COPY ... TO}) and reads each written file back for its stats; Delta Kernel
 * (through io.lakestudio.delta) creates the table and commits the files.
 */
final class ParquetWriter {

	private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),(\\d+)\\)");

	private final Connection duck;

	ParquetWriter(Connection duck) {
		this.duck = duck;
	}

	void writeTable(Path dir, SampleTable t) throws SQLException, IOException, DeltaException {
		List<DeltaColumn> cols = t.columns().stream().map(c -> new DeltaColumn(c.name(), c.type(), true)).toList();
		List<String> parts = t.partitionColumn() == null ? List.of() : List.of(t.partitionColumn());
		DeltaTables.create(dir, cols, parts, Map.of());
		long perCommit = (t.rows() + t.commits() - 1) / t.commits();
		int fileNo = 0;
		for (int c = 0; c < t.commits(); c++) {
			long from = c * perCommit, to = Math.min(t.rows(), from + perCommit);
			exec("CREATE OR REPLACE TEMP TABLE chunk AS SELECT "
					+ String.join(", ", t.columns().stream().map(x -> x.sql() + " AS " + q(x.name())).toList())
					+ " FROM range(" + from + ", " + to + ") r(i)");
			List<DataFile> files = new ArrayList<>();
			for (String value : partitionValues(t)) {
				String rel = (value == null ? "" : t.partitionColumn() + "=" + value + "/")
						+ String.format("part-%05d-c000.snappy.parquet", fileNo++);
				Path file = dir.resolve(rel);
				Files.createDirectories(file.getParent());
				String where = value == null ? "" : " WHERE " + q(t.partitionColumn()) + "::VARCHAR = '" + value + "'";
				exec("COPY (SELECT " + String.join(", ", t.dataColumns().stream().map(x -> q(x.name())).toList())
						+ " FROM chunk" + where + ") TO '" + file + "' (FORMAT parquet, COMPRESSION snappy)");
				files.add(dataFile(rel, file, t, value));
			}
			DeltaTables.append(dir, files);
		}
	}

	/** The distinct partition values of the current chunk as folder-safe text; [null] when unpartitioned. */
	private List<String> partitionValues(SampleTable t) throws SQLException {
		List<String> out = new ArrayList<>();
		if (t.partitionColumn() == null) {
			out.add(null);
			return out;
		}
		try (Statement st = duck.createStatement();
				ResultSet rs = st.executeQuery("SELECT DISTINCT " + q(t.partitionColumn()) + "::VARCHAR AS v FROM chunk ORDER BY v")) {
			while (rs.next()) {
				out.add(rs.getString(1));
			}
		}
		return out;
	}

	private DataFile dataFile(String rel, Path file, SampleTable t, String partValue) throws SQLException, IOException {
		List<Col> cols = t.dataColumns();
		StringBuilder sql = new StringBuilder("SELECT count(*)");
		for (Col c : cols) {
			String n = q(c.name());
			sql.append(", ").append(statExpr("min(" + n + ")", c.type())).append(", ")
					.append(statExpr("max(" + n + ")", c.type())).append(", count(*) - count(").append(n).append(")");
		}
		sql.append(" FROM read_parquet('").append(file).append("')");
		Map<String, Object> min = new HashMap<>(), max = new HashMap<>();
		Map<String, Long> nulls = new HashMap<>();
		long rows;
		try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(sql.toString())) {
			rs.next();
			rows = rs.getLong(1);
			int i = 2;
			for (Col c : cols) {
				putIfNotNull(min, c.name(), value(rs.getString(i++), c.type()));
				putIfNotNull(max, c.name(), value(rs.getString(i++), c.type()));
				nulls.put(c.name(), rs.getLong(i++));
			}
		}
		Map<String, Object> pv = new LinkedHashMap<>();
		if (t.partitionColumn() != null) {
			String type = t.columns().stream().filter(c -> c.name().equals(t.partitionColumn())).findFirst()
					.orElseThrow().type();
			pv.put(t.partitionColumn(), value(partValue, type));
		}
		return new DataFile(rel, Files.size(file), pv, rows, min, max, nulls);
	}

	/** Stats come back as text so that one parser handles every type. */
	private static String statExpr(String agg, String type) {
		return switch (type) {
		case "timestamp" -> "epoch_us(" + agg + ")::VARCHAR";
		default -> agg + "::VARCHAR";
		};
	}

	private static Object value(String text, String type) {
		if (text == null) {
			return null;
		}
		Matcher m = DECIMAL.matcher(type);
		if (m.matches()) {
			return new BigDecimal(text).setScale(Integer.parseInt(m.group(2)), RoundingMode.UNNECESSARY);
		}
		return switch (type) {
		case "long" -> Long.valueOf(text);
		case "integer" -> Integer.valueOf(text);
		case "double" -> Double.valueOf(text);
		case "boolean" -> Boolean.valueOf(text);
		case "date" -> LocalDate.parse(text);
		case "timestamp" -> Instant.EPOCH.plus(Long.parseLong(text), ChronoUnit.MICROS);
		case "string" -> text;
		default -> throw new IllegalArgumentException("sample type not handled: " + type);
		};
	}

	private static void putIfNotNull(Map<String, Object> m, String k, Object v) {
		if (v != null) {
			m.put(k, v);
		}
	}

	void exec(String sql) throws SQLException {
		try (Statement st = duck.createStatement()) {
			st.execute(sql);
		}
	}

	static String q(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
