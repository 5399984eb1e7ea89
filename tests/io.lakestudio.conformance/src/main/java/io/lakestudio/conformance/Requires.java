package io.lakestudio.conformance;

import java.util.List;
import java.util.Locale;

/**
 * Whether a {@code require} line is met: the platform ones as DuckDB's runner decides them on 64-bit Linux with
 * glibc and DuckDB's standard build (vector size 2048, block size 256 KiB), the rest are extensions the
 * {@link SessionFactory} has or hasn't.
 */
final class Requires {

	private Requires() {
	}

	/** Null when met, else why not. */
	static String unmet(List<String> params, SessionFactory f) {
		if (params.isEmpty()) {
			return "require with no parameter";
		}
		String p = params.get(0).toLowerCase(Locale.ROOT);
		switch (p) {
		case "notwindows", "notmingw", "notmusl", "64bit", "longdouble", "nothreadsan", "strinline", "noforcestorage",
				"no_alternative_verify", "noalternativeverify", "no_latest_storage", "no_vector_verification",
				"skip_reload", "ram", "disk_space", "no_extension_autoloading":
			return null;
		case "windows", "mingw":
			return "runs on " + p + " only";
		case "allow_unsigned_extensions":
			return "unsigned extensions are not allowed here";
		case "vector_size":
			return number(params) <= 2048 ? null : "needs a vector size of " + params.get(1) + " (this one: 2048)";
		case "exact_vector_size":
			return number(params) == 2048 ? null : "needs a vector size of exactly " + params.get(1) + " (2048)";
		case "block_size":
			return number(params) == 262144 ? null : "needs a block size of " + params.get(1) + " (262144)";
		default:
			return f.has(p) ? null : "the " + p + " extension is not available on " + f.name();
		}
	}

	private static long number(List<String> params) {
		try {
			return Long.parseLong(params.get(1));
		} catch (RuntimeException e) {
			return Long.MAX_VALUE;
		}
	}
}
