package io.lakestudio.engine.internal.ducklake;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * Whether a column of a file {@code ducklake_add_data_files} registers fits its table column, as the extension
 * checks it: an integer of the same signedness no wider (a signed column also takes the unsigned one a size
 * smaller), FLOAT into DOUBLE, any timestamp precision into a timestamp, a decimal of no more digits either side,
 * a list, struct or map of the same kind whose elements (fields by name, key and value) fit in turn; anything else
 * the very same type. A misfit fails with the extension's message, naming what was expected and found.
 */
final class AddedTypes {

	private static final List<String> SIGNED = List.of("TINYINT", "UTINYINT", "SMALLINT", "USMALLINT", "INTEGER",
			"UINTEGER", "BIGINT");
	private static final List<String> UNSIGNED = List.of("UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT");

	private AddedTypes() {
	}

	/** Checks the file's column {@code source} of DuckDB type {@code fileType} against the table's {@code col}. */
	static void check(TableEntry t, String file, ColumnEntry col, String source, String fileType)
			throws EngineException {
		ColumnEntry found;
		try {
			AtomicLong ids = new AtomicLong();
			found = NestedTypes.column(source, fileType, ids::getAndIncrement, 0, 0, null, null, true);
		} catch (IllegalArgumentException e) {
			// a type DuckLake has none of: it fits only a column of the very same type
			if (!fileType.equalsIgnoreCase(NestedTypes.duckType(col))) {
				throw fail(t, file, "", source, "Expected " + NestedTypes.duckType(col) + ", found type " + fileType);
			}
			return;
		}
		check(t, file, "", col, found);
	}

	private static void check(TableEntry t, String file, String prefix, ColumnEntry want, ColumnEntry have)
			throws EngineException {
		if (NestedTypes.isNested(want.type())) {
			if (!want.type().equals(have.type())) {
				throw fail(t, file, prefix, have.name(), "Expected type \"" + NestedTypes.duckType(want) + "\" but found"
						+ " type \"" + have.type().toUpperCase(Locale.ROOT) + "\"");
			}
			String inner = prefix.isEmpty() ? have.name() : prefix + "." + have.name();
			if (want.type().equals("struct")) {
				for (ColumnEntry h : have.children()) {
					for (ColumnEntry w : want.children()) {
						if (w.name().equalsIgnoreCase(h.name())) {
							check(t, file, inner, w, h);
						}
					}
				}
			} else {
				// a list's element and a map's key and value line up by place
				for (int i = 0; i < want.children().size() && i < have.children().size(); i++) {
					check(t, file, inner, want.children().get(i), have.children().get(i));
				}
			}
			return;
		}
		String w = NestedTypes.duckType(want);
		String h = NestedTypes.duckType(have);
		List<String> accepted = accepted(w);
		if (w.startsWith("DECIMAL(")) {
			if (!h.startsWith("DECIMAL(")) {
				throw fail(t, file, prefix, have.name(), "Expected type \"DECIMAL\" but found type \"" + h + "\"");
			}
			int[] a = decimal(w), b = decimal(h);
			if (b[1] > a[1] || b[0] > a[0]) {
				throw fail(t, file, prefix, have.name(), "Incompatible decimal precision/scale - found precision " + b[0]
						+ ", scale " + b[1] + " - but table is defined with precision " + a[0] + ", scale " + a[1]);
			}
		} else if (!accepted.contains(h)) {
			throw fail(t, file, prefix, have.name(), "Expected " + (accepted.size() > 1 ? "one of " : "") + String.join(
					", ", accepted) + ", found type " + h);
		}
	}

	/** The file types a table column of DuckDB type {@code w} takes, in the extension's order. */
	private static List<String> accepted(String w) {
		int s = SIGNED.indexOf(w);
		if (s >= 0 && !w.startsWith("U")) {
			return SIGNED.subList(0, s + 1).reversed();
		}
		int u = UNSIGNED.indexOf(w);
		if (u >= 0) {
			return UNSIGNED.subList(0, u + 1).reversed();
		}
		return switch (w) {
		case "DOUBLE" -> List.of("DOUBLE", "FLOAT");
		case "TIMESTAMP", "TIMESTAMP_NS" -> List.of("TIMESTAMP_NS", "TIMESTAMP", "TIMESTAMP_MS", "TIMESTAMP_S");
		case "TIMESTAMP_MS", "TIMESTAMP_S" -> List.of("TIMESTAMP", "TIMESTAMP_MS", "TIMESTAMP_S");
		default -> List.of(w);
		};
	}

	private static int[] decimal(String type) {
		String[] ps = type.substring(type.indexOf('(') + 1, type.indexOf(')')).split(",");
		return new int[] { Integer.parseInt(ps[0].strip()), Integer.parseInt(ps[1].strip()) };
	}

	private static EngineException fail(TableEntry t, String file, String prefix, String column, String why) {
		return new EngineException(Kind.FAILED, "Invalid Input Error: Failed to map column \"" + (prefix.isEmpty() ? ""
				: prefix + ".") + column + "\" from file \"" + file + "\" to the column in table \"" + t.name()
				+ "\"\n* " + why);
	}
}
