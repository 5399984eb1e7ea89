package io.lakestudio.engine.internal.ducklake;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * A file's hive partition folders: each {@code key=value} folder of its path (percent-escapes decoded,
 * {@code __HIVE_DEFAULT_PARTITION__} a NULL), as DuckDB's hive partitioning reads them. {@code ducklake_add_data_files}
 * takes a column's value from its folder, and a name-mapped read gives it back from the same path.
 */
final class HivePartitions {

	private HivePartitions() {
	}

	/** The path's hive folders in order, key to value (null: NULL); the file name itself is no folder. */
	static Map<String, String> parse(String path) {
		Map<String, String> out = new LinkedHashMap<>();
		String[] parts = path.split("[/\\\\]");
		for (int i = 0; i < parts.length - 1; i++) {
			int eq = parts[i].indexOf('=');
			if (eq > 0) {
				String value = decode(parts[i].substring(eq + 1));
				out.put(decode(parts[i].substring(0, eq)), value.equals(FileLayout.NULL_PARTITION) ? null : value);
			}
		}
		return out;
	}

	/**
	 * A folder's value as a value of {@code type}, as DuckDB's text (null for NULL), failing with DuckDB's message
	 * when it isn't one.
	 */
	static String typed(Connection d, String key, String value, String type) throws EngineException, SQLException {
		if (value == null) {
			return null;
		}
		try (PreparedStatement ps = d.prepareStatement("SELECT TRY_CAST(? AS " + type + ") IS NULL, CAST(TRY_CAST(? AS "
				+ type + ") AS VARCHAR)")) {
			ps.setString(1, value);
			ps.setString(2, value);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				if (r.getBoolean(1)) {
					throw new EngineException(Kind.FAILED, "Invalid Input Error: Unable to cast '" + value + "' (from hive"
							+ " partition column '" + key.toUpperCase(Locale.ROOT) + "') to: '" + type + "'");
				}
				return r.getString(2);
			}
		}
	}

	private static String decode(String s) {
		if (s.indexOf('%') < 0) {
			return s;
		}
		ByteArrayOutputStream b = new ByteArrayOutputStream();
		int i = 0;
		while (i < s.length()) {
			if (s.charAt(i) == '%' && isHex(s, i + 1) && isHex(s, i + 2)) {
				b.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
				i += 3;
			} else {
				int cp = s.codePointAt(i);
				b.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
				i += Character.charCount(cp);
			}
		}
		return b.toString(StandardCharsets.UTF_8);
	}

	private static boolean isHex(String s, int i) {
		return i < s.length() && Character.digit(s.charAt(i), 16) >= 0;
	}
}
