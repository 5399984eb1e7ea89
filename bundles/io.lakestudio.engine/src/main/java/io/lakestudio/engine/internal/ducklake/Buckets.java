package io.lakestudio.engine.internal.ducklake;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.iceberg.BucketHash;

/**
 * DuckLake's {@code bucket(n, col)} partition transform: Iceberg's murmur3 bucket hash ({@link BucketHash}) of a
 * value as the extension hashes its physical value (integers, dates and timestamps as a 64-bit integer, floating
 * point as a double, text and blobs as their bytes, any other type as its text), kept as {@code bucket(n)} in
 * {@code ducklake_partition_column}. DuckDB has no murmur3, so the hashes are Java functions registered on the
 * session's DuckDB: FileLayout writes one file per bucket with them, and pruning hashes a query's constants.
 */
final class Buckets {

	private static final Pattern TRANSFORM = Pattern.compile("(?i)bucket\\((\\d+)\\)");
	private static final String LONG = "__dl_bucket_hash_long";
	private static final String DOUBLE = "__dl_bucket_hash_double";
	private static final String STRING = "__dl_bucket_hash_string";
	private static final String HEX = "__dl_bucket_hash_hex";

	private Buckets() {
	}

	/** The bucket count of a stored transform, or null when it is not a bucket transform. */
	static Integer count(String transform) {
		Matcher m = TRANSFORM.matcher(transform == null ? "" : transform.strip());
		return m.matches() ? Integer.valueOf(m.group(1)) : null;
	}

	/**
	 * Registers the hash functions on a DuckDB connection the driver made (they live in its database, so every
	 * connection of it has them). The driver's classes are loaded apart from ours ({@code DuckDb}), so its
	 * function builder is reached by reflection; only java.* types cross.
	 */
	static void register(Connection raw) throws SQLException {
		function(raw, LONG, Long.class, (Function<Long, Integer>) v -> v == null ? null : BucketHash.ofLong(v));
		function(raw, DOUBLE, Double.class, (Function<Double, Integer>) v -> v == null ? null
				: BucketHash.ofDouble(v));
		function(raw, STRING, String.class, (Function<String, Integer>) v -> v == null ? null
				: BucketHash.ofString(v));
		function(raw, HEX, String.class, (Function<String, Integer>) v -> v == null ? null
				: BucketHash.ofBytes(HexFormat.of().parseHex(v)));
	}

	private static void function(Connection raw, String name, Class<?> parameter, Function<?, Integer> f)
			throws SQLException {
		try {
			Object b = raw.getClass().getClassLoader().loadClass("org.duckdb.DuckDBFunctions")
					.getMethod("scalarFunction").invoke(null);
			Class<?> c = b.getClass();
			b = c.getMethod("withName", String.class).invoke(b, name);
			b = c.getMethod("withParameter", Class.class).invoke(b, parameter);
			b = c.getMethod("withReturnType", Class.class).invoke(b, Integer.class);
			b = c.getMethod("withFunction", Function.class).invoke(b, f);
			c.getMethod("register", Connection.class).invoke(b, raw);
		} catch (java.lang.reflect.InvocationTargetException e) {
			throw e.getCause() instanceof SQLException s ? s : new SQLException("cannot register " + name, e.getCause());
		} catch (ReflectiveOperationException e) {
			throw new SQLException("cannot register " + name + ": " + e, e);
		}
	}

	/** The SQL of the bucket of {@code col} (of DuckDB type {@code type}) among {@code n}. */
	static String sql(int n, String col, String type) {
		String t = type.toUpperCase(java.util.Locale.ROOT);
		String hash;
		if (t.matches("TINYINT|SMALLINT|INTEGER|BIGINT|BOOLEAN")) {
			hash = LONG + "(CAST(" + col + " AS BIGINT))";
		} else if (t.equals("DATE")) {
			hash = LONG + "(CAST(" + col + " - DATE '1970-01-01' AS BIGINT))";
		} else if (t.equals("TIMESTAMP") || t.equals("TIMESTAMP WITH TIME ZONE")) {
			hash = LONG + "(epoch_us(" + col + "))";
		} else if (t.equals("TIMESTAMP_MS")) {
			hash = LONG + "(epoch_ms(" + col + "))";
		} else if (t.equals("TIMESTAMP_NS")) {
			hash = LONG + "(epoch_ns(" + col + "))";
		} else if (t.matches("DECIMAL\\(([1-9]|1[0-8]),\\s*\\d+\\)")) {
			// a decimal up to 18 digits is an integer scaled: its digits without the point
			hash = LONG + "(CAST(replace(CAST(" + col + " AS VARCHAR), '.', '') AS BIGINT))";
		} else if (t.equals("FLOAT") || t.equals("DOUBLE")) {
			hash = DOUBLE + "(CAST(" + col + " AS DOUBLE))";
		} else if (t.equals("VARCHAR")) {
			hash = STRING + "(" + col + ")";
		} else if (t.equals("BLOB")) {
			hash = HEX + "(hex(" + col + "))";
		} else {
			hash = STRING + "(CAST(" + col + " AS VARCHAR))";
		}
		return "((" + hash + " & 2147483647) % " + n + ")";
	}

	/**
	 * The bucket among {@code n} of a query's constant as pruning types it ({@link io.lakestudio.engine.internal.Pruning}:
	 * a BigDecimal, its string, a LocalDate) for a column of DuckDB type {@code type}, or null when not known here.
	 */
	static Integer of(int n, Object constant, String text, String type) {
		String t = type.toUpperCase(java.util.Locale.ROOT);
		try {
			if (constant instanceof BigDecimal d && t.matches("TINYINT|SMALLINT|INTEGER|BIGINT")) {
				return BucketHash.bucket(BucketHash.ofLong(d.longValueExact()), n);
			}
			if (constant instanceof LocalDate d && t.equals("DATE")) {
				return BucketHash.bucket(BucketHash.ofLong(d.toEpochDay()), n);
			}
		} catch (ArithmeticException e) {
			return null;
		}
		if (text != null && t.equals("VARCHAR")) {
			return BucketHash.bucket(BucketHash.ofString(text), n);
		}
		return null;
	}
}
