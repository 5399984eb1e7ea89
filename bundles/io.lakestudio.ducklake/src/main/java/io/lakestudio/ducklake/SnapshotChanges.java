package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code changes_made} entries say, sorted by kind, as the extension reads them for its conflict check:
 * creations by name (schema, then entry name, then what it is), everything else by id. One commit's own
 * {@link Commit#changes} read the same way are what it did; the entries of the snapshots committed since its
 * base are what the others did.
 */
final class SnapshotChanges {

	/** Names compare as the extension's maps do, without regard to case. */
	final Set<String> createdSchemas = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
	/** Tables and views made: schema name, then name, then "table" or "view" (one namespace). */
	final Map<String, Map<String, String>> createdEntries = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
	final Map<String, Map<String, String>> createdScalarMacros = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
	final Map<String, Map<String, String>> createdTableMacros = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
	final Set<Long> droppedSchemas = new LinkedHashSet<>();
	final Set<Long> droppedTables = new LinkedHashSet<>();
	final Set<Long> droppedViews = new LinkedHashSet<>();
	final Set<Long> droppedScalarMacros = new LinkedHashSet<>();
	final Set<Long> droppedTableMacros = new LinkedHashSet<>();
	final Set<Long> inserted = new LinkedHashSet<>();
	final Set<Long> deletedFrom = new LinkedHashSet<>();
	final Set<Long> altered = new LinkedHashSet<>();
	final Set<Long> alteredViews = new LinkedHashSet<>();
	/** compacted_table, merge_adjacent and rewrite_delete: files of the table replaced by others. */
	final Set<Long> compacted = new LinkedHashSet<>();
	final Set<Long> insertedInlined = new LinkedHashSet<>();
	final Set<Long> deletedInlined = new LinkedHashSet<>();
	final Set<Long> flushedInlined = new LinkedHashSet<>();

	/** Reads each {@code changes_made} value (null or empty ones too). */
	static SnapshotChanges of(Iterable<String> changesMade) {
		SnapshotChanges out = new SnapshotChanges();
		for (String changes : changesMade) {
			for (String entry : entries(changes)) {
				out.add(entry);
			}
		}
		return out;
	}

	/** The entries of one {@code changes_made} value: split at commas outside double quotes. */
	static List<String> entries(String changes) {
		List<String> out = new ArrayList<>();
		if (changes == null || changes.isEmpty()) {
			return out;
		}
		boolean quoted = false;
		int start = 0;
		for (int i = 0; i < changes.length(); i++) {
			char ch = changes.charAt(i);
			if (ch == '"') {
				quoted = !quoted;
			} else if (ch == ',' && !quoted) {
				out.add(changes.substring(start, i));
				start = i + 1;
			}
		}
		out.add(changes.substring(start));
		return out;
	}

	private void add(String entry) {
		int colon = entry.indexOf(':');
		String kind = colon < 0 ? entry : entry.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
		String value = colon < 0 ? "" : entry.substring(colon + 1);
		switch (kind) {
		case "created_schema" -> createdSchemas.add(names(value).get(0));
		case "created_table", "created_view" -> created(createdEntries, value, kind.substring(8));
		case "created_scalar_macro" -> created(createdScalarMacros, value, "scalar_macro");
		case "created_table_macro" -> created(createdTableMacros, value, "table_macro");
		default -> {
			Set<Long> ids = byId(kind);
			if (ids != null && value.matches("\\d+")) {
				ids.add(Long.parseLong(value));
			}
			// a kind this code doesn't know (a newer extension's) constrains nothing here
		}
		}
	}

	private Set<Long> byId(String kind) {
		return switch (kind) {
		case "dropped_schema" -> droppedSchemas;
		case "dropped_table" -> droppedTables;
		case "dropped_view" -> droppedViews;
		case "dropped_scalar_macro" -> droppedScalarMacros;
		case "dropped_table_macro" -> droppedTableMacros;
		case "inserted_into_table" -> inserted;
		case "deleted_from_table" -> deletedFrom;
		case "altered_table" -> altered;
		case "altered_view" -> alteredViews;
		case "compacted_table", "merge_adjacent", "rewrite_delete" -> compacted;
		case "inlined_insert" -> insertedInlined;
		case "inlined_delete" -> deletedInlined;
		case "flushed_inlined", "inline_flush" -> flushedInlined;
		default -> null;
		};
	}

	private static void created(Map<String, Map<String, String>> into, String value, String what) {
		List<String> n = names(value);
		if (n.size() == 2) {
			into.computeIfAbsent(n.get(0), k -> new TreeMap<>(String.CASE_INSENSITIVE_ORDER)).put(n.get(1), what);
		}
	}

	/** {@code "main"."t"} or {@code main."t"}: the names, unquoted ({@code ""} inside quotes is one quote). */
	static List<String> names(String value) {
		List<String> out = new ArrayList<>();
		StringBuilder b = new StringBuilder();
		boolean quoted = false;
		for (int i = 0; i < value.length(); i++) {
			char ch = value.charAt(i);
			if (quoted && ch == '"' && i + 1 < value.length() && value.charAt(i + 1) == '"') {
				b.append('"');
				i++;
			} else if (ch == '"') {
				quoted = !quoted;
			} else if (ch == '.' && !quoted) {
				out.add(b.toString());
				b.setLength(0);
			} else {
				b.append(ch);
			}
		}
		out.add(b.toString());
		return out;
	}
}
