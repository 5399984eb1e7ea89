package io.lakestudio.cli.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;

/**
 * What {@code ls}, {@code table}, {@code exists} and {@code find} print for a kept DuckLake catalog, in the columns
 * they use for OneLake ({@link DuckLakeNames} reads the catalog). A DuckLake catalog is whole in its file, so an
 * answer is yes or no, never "not known".
 */
final class DuckLakeAnswers {

	private DuckLakeAnswers() {
	}

	/** {@code ls}: each kept catalog as a row beside the workspaces. */
	static List<List<Object>> catalogRows(DuckLakeNames names) {
		List<List<Object>> rows = new ArrayList<>();
		for (Attachment a : names.kept()) {
			try (DuckLakeNames.Opened o = names.open(a)) {
				rows.add(List.of(a.name(), o.at().tables().size(), o.at().snapshot().time(), "ducklake"));
			} catch (Die e) {
				rows.add(List.of(a.name(), "", "", "ducklake, unreadable: " + e.getMessage()));
			}
		}
		return rows;
	}

	/** {@code ls CATALOG[/schema[/table]]}. */
	static int ls(DuckLakeNames names, Attachment a, String path, Out out) {
		try (DuckLakeNames.Opened o = names.open(a)) {
			DuckLakeNames.Name n = DuckLakeNames.parse(o, path);
			if (n.table() != null) {
				return table(o, n, out);
			}
			List<List<Object>> rows = new ArrayList<>();
			for (TableEntry t : DuckLakeNames.tables(o, n.schema())) {
				Optional<TableStats> s = DuckLakeNames.stats(o, t);
				rows.add(List.of(n.schema() != null ? t.name() : o.schemaName(t) + "/" + t.name(), "ducklake",
						o.at().snapshot().id(), s.map(x -> Out.size(x.fileSizeBytes())).orElse(""),
						o.at().snapshot().time(), ""));
			}
			out.rows(List.of("TABLE", "FORMAT", "VERSION", "SIZE", "LAST READ", "STATE"), rows);
			return 0;
		}
	}

	/** {@code table CATALOG/[schema/]table}. */
	static int table(DuckLakeNames names, Attachment a, String path, Out out) {
		try (DuckLakeNames.Opened o = names.open(a)) {
			return table(o, DuckLakeNames.parse(o, path), out);
		}
	}

	private static int table(DuckLakeNames.Opened o, DuckLakeNames.Name n, Out out) {
		TableEntry t = DuckLakeNames.table(o, n).orElseThrow(() -> new Die(1, "No table " + n + "."
				+ Locate.didYouMean(DuckLakeNames.closest(o, n))));
		SchemaEntry schema = o.at().schemaOf(t).orElse(null);
		String location = o.catalog().resolve(schema, t, "", true);
		Optional<TableStats> stats = DuckLakeNames.stats(o, t);
		int files;
		try {
			files = o.catalog().store().dataFiles(t.id(), o.at().snapshot().id()).size();
		} catch (DuckLakeException e) {
			throw new Die(3, "DuckLake catalog " + n.catalog() + ": " + e.getMessage());
		}
		List<ColumnEntry> columns = DuckLakeNames.columns(o, t);
		String name = n.catalog() + "/" + o.schemaName(t) + "/" + t.name();
		if (out.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("name", name);
			m.put("format", "ducklake");
			m.put("location", location);
			m.put("version", o.at().snapshot().id());
			m.put("size_bytes", stats.map(TableStats::fileSizeBytes).orElse(null));
			m.put("files", files);
			m.put("records", stats.map(TableStats::recordCount).orElse(null));
			m.put("snapshot_time", o.at().snapshot().time().toString());
			List<Object> cols = new ArrayList<>();
			for (ColumnEntry c : columns) {
				cols.add(Map.of("name", c.name(), "type", c.type(), "nullable", c.nullsAllowed()));
			}
			m.put("columns", cols);
			out.json(m);
			return 0;
		}
		var w = out.writer();
		w.println(name + "  (ducklake)");
		w.println("  location:      " + location);
		w.println("  catalog:       " + o.attachment().url());
		w.println("  version:       snapshot " + o.at().snapshot().id() + " at " + o.at().snapshot().time());
		w.println("  size:          " + stats.map(s -> Out.size(s.fileSizeBytes())).orElse("?") + " in " + files
				+ " files" + stats.map(s -> ", " + s.recordCount() + " rows").orElse(""));
		if (!columns.isEmpty()) {
			w.println();
			List<List<Object>> rows = new ArrayList<>();
			for (ColumnEntry c : columns) {
				rows.add(List.of(c.name(), c.type(), c.nullsAllowed() ? "" : "not null", ""));
			}
			out.rows(List.of("COLUMN", "TYPE", "NULL", "KEY"), rows);
		}
		return 0;
	}

	/** {@code exists CATALOG/[schema/]table}: 0 yes, 1 no (with the closest names). */
	static int exists(DuckLakeNames names, Attachment a, String path, Out out) {
		try (DuckLakeNames.Opened o = names.open(a)) {
			DuckLakeNames.Name n = DuckLakeNames.parse(o, path);
			boolean yes = DuckLakeNames.table(o, n).isPresent();
			List<String> closest = yes ? List.of() : DuckLakeNames.closest(o, n);
			if (out.json()) {
				Map<String, Object> m = new LinkedHashMap<>();
				m.put("name", n.toString());
				m.put("answer", yes ? "exists" : "missing");
				m.put("closest", closest);
				m.put("missing_listing", null);
				out.json(m);
			} else {
				out.writer().println((yes ? "yes: " : "no: ") + n);
				closest.forEach(c -> out.writer().println("  closest: " + c));
			}
			return yes ? 0 : 1;
		}
	}

	/** {@code find TEXT}: the kept catalogs' schemas, tables and columns whose names contain it. */
	static List<List<Object>> find(DuckLakeNames names, String text) {
		String want = text.toLowerCase(Locale.ROOT);
		List<List<Object>> exact = new ArrayList<>();
		List<List<Object>> rest = new ArrayList<>();
		for (Attachment a : names.kept()) {
			try (DuckLakeNames.Opened o = names.open(a)) {
				for (SchemaEntry s : o.at().schemas()) {
					hit(exact, rest, want, s.name(), "ducklake schema", a.name() + "/" + s.name());
				}
				for (TableEntry t : DuckLakeNames.tables(o, null)) {
					String path = a.name() + "/" + o.schemaName(t) + "/" + t.name();
					hit(exact, rest, want, t.name(), "ducklake table", path);
					for (ColumnEntry c : DuckLakeNames.columns(o, t)) {
						hit(exact, rest, want, c.name(), "ducklake column", path + "." + c.name());
					}
				}
			} catch (Die e) {
				// an unreadable catalog has no names to offer; ls says why
			}
		}
		exact.addAll(rest);
		return exact;
	}

	private static void hit(List<List<Object>> exact, List<List<Object>> rest, String want, String name, String kind,
			String path) {
		String n = name.toLowerCase(Locale.ROOT);
		if (n.equals(want)) {
			exact.add(List.of(kind, path));
		} else if (n.contains(want)) {
			rest.add(List.of(kind, path));
		}
	}
}
