package io.lakestudio.engine.internal.ducklake;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import io.lakestudio.ducklake.Retries;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * The session settings that loosen nothing and that a session may set: the extension's {@code ducklake_*} ones,
 * checked as it checks them and kept for what reads them (the retry ones by each commit), and two of DuckDB's that change nothing here
 * ({@code immediate_transaction_mode}: a transaction here sees the catalog from its first statement on anyway;
 * {@code profiling_renderer_settings}: applied to EXPLAIN's text here). None reaches a file, a folder or an extension.
 */
final class LakeSettings {

	private final Map<String, String> values = new HashMap<>();

	/** Sets or resets {@code key} ({@code value} null on RESET); false when it is not one of these. */
	boolean apply(String key, String value, boolean reset) throws EngineException {
		switch (key) {
		case "ducklake_target_file_size" -> {
			if (!reset) {
				long n = bytes(key, value);
				if (n <= 0) {
					throw invalid(key + " must be more than 0 bytes");
				}
				value = Long.toString(n);
			}
		}
		case "ducklake_default_data_inlining_row_limit", "ducklake_retry_wait_ms", "ducklake_max_retry_count" -> {
			if (!reset) {
				value = Long.toString(whole(key, value));
			}
		}
		case "ducklake_retry_backoff" -> {
			if (!reset) {
				try {
					if (Double.parseDouble(value) < 1) {
						throw invalid(key + " must be at least 1");
					}
				} catch (NumberFormatException e) {
					throw invalid(key + " '" + value + "' is not a number");
				}
			}
		}
		case "ducklake_default_version" -> {
			// checked where it matters, at ATTACH, as the extension does
		}
		case "immediate_transaction_mode" -> {
			if (!reset && !value.matches("(?i)true|false|1|0|on|off")) {
				throw invalid(key + " '" + value + "' is not a boolean");
			}
		}
		case "profiling_renderer_settings" -> {
			// the engine's DuckDB is locked: kept, and its operator casing applied to EXPLAIN's text (ExplainCasing)
		}
		default -> {
			return false;
		}
		}
		if (reset) {
			values.remove(key);
		} else {
			values.put(key, value);
		}
		return true;
	}

	/** The session's {@code SET ducklake_target_file_size} in bytes, over any the catalog names. */
	OptionalLong targetFileSize() {
		return number("ducklake_target_file_size");
	}

	/** The session's {@code SET ducklake_default_data_inlining_row_limit}, over the catalog's option. */
	OptionalLong inliningRowLimit() {
		return number("ducklake_default_data_inlining_row_limit");
	}

	/** How a commit that lost the race for the next snapshot is tried again: the session's, else the defaults. */
	Retries retries() {
		Retries d = Retries.DEFAULT;
		String backoff = values.get("ducklake_retry_backoff");
		return new Retries(number("ducklake_max_retry_count").orElse(d.max()),
				number("ducklake_retry_wait_ms").orElse(d.waitMillis()),
				backoff == null ? d.backoff() : Double.parseDouble(backoff));
	}

	/** {@code profiling_renderer_settings} holds {@code 'operator_casing': 'upper'} ({@link ExplainCasing}). */
	boolean upperOperators() {
		String v = values.get("profiling_renderer_settings");
		return v != null && v.replaceAll("\\s", "").toLowerCase(Locale.ROOT).contains("'operator_casing':'upper'");
	}

	/** The session's {@code SET ducklake_default_version} (checked by the ATTACH that creates a catalog), or null. */
	String defaultVersion() {
		return values.get("ducklake_default_version");
	}

	private OptionalLong number(String key) {
		String v = values.get(key);
		return v == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v));
	}

	private static long whole(String key, String value) throws EngineException {
		try {
			long n = Long.parseLong(value.strip());
			if (n < 0) {
				throw invalid(key + " must be 0 or more");
			}
			return n;
		} catch (NumberFormatException e) {
			throw invalid(key + " '" + value + "' is not a whole number");
		}
	}

	/** DuckDB's size text: {@code 10KB}, {@code 512MB}, {@code 1GiB}, a plain number of bytes. */
	static long bytes(String key, String value) throws EngineException {
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]i?b?|b|bytes)?\\s*")
				.matcher(value);
		if (!m.matches()) {
			throw invalid(key + " '" + value + "' is not a size (as 10KB, 512MB)");
		}
		double n = Double.parseDouble(m.group(1));
		String u = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
		boolean binary = u.contains("i");
		long base = binary ? 1024 : 1000;
		int power = switch (u.charAt(0)) {
		case 'k' -> 1;
		case 'm' -> 2;
		case 'g' -> 3;
		case 't' -> 4;
		default -> 0;
		};
		return (long) (n * Math.pow(base, power));
	}

	private static EngineException invalid(String why) {
		return new EngineException(Kind.FAILED, "Invalid Input Error: " + why);
	}
}
