package io.lakestudio.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.catalog.Settings;
import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;

/**
 * {@code ls}, {@code find}, {@code table} and {@code exists} for the DuckLake catalogs kept attached
 * ({@code lakestudio ducklake attach}): answered from the catalog file at its latest snapshot, opened read-only,
 * with no engine. A name is {@code CATALOG[/schema][/table]} ({@code main} when the schema is left out); a kept
 * catalog's name is looked up before a workspace's. A SQLite catalog is read with sqlite-jdbc alone; a catalog in
 * a DuckDB file needs DuckDB's driver, loaded then as the engine loads it.
 */
final class DuckLakeNames {

	private final Path home;
	private final List<Attachment> kept;

	DuckLakeNames(Path home) {
		this.home = home;
		this.kept = DuckLakeAttachments.of(Settings.load(home));
	}

	List<Attachment> kept() {
		return kept;
	}

	/** The kept catalog a name's first part names, if any. */
	Optional<Attachment> of(String name) {
		String first = name.replaceAll("^/+", "").split("/", 2)[0];
		return kept.stream().filter(a -> a.name().equalsIgnoreCase(first)).findFirst();
	}

	/** One kept catalog at its latest snapshot. */
	record Opened(Attachment attachment, DuckLakeCatalog catalog, CatalogAt at) implements AutoCloseable {

		String schemaName(TableEntry t) {
			return at.schemaOf(t).map(SchemaEntry::name).orElse("main");
		}

		@Override
		public void close() {
			catalog.close();
		}
	}

	/** Opens a kept catalog read-only; one that can't be read is a one-line error naming its file (exit 3). */
	Opened open(Attachment a) {
		DuckLakeCatalog c;
		try {
			c = DuckLakeAttachments.openReadOnly(home, a);
		} catch (DuckLakeException e) {
			throw new Die(3, "DuckLake catalog " + a.name() + ": " + e.getMessage());
		}
		try {
			Snapshot s = c.current();
			return new Opened(a, c, c.store().at(s));
		} catch (DuckLakeException e) {
			c.close();
			throw new Die(3, "DuckLake catalog " + a.name() + ": " + e.getMessage());
		}
	}

	/** A DuckLake table name split: catalog, schema, table (table null when the name stops at a schema). */
	record Name(String catalog, String schema, String table) {
		@Override
		public String toString() {
			return catalog + "/" + schema + (table == null ? "" : "/" + table);
		}
	}

	/**
	 * {@code CATALOG/schema/table}, or {@code CATALOG/x}: the schema x when there is one, else the table x of
	 * {@code main}.
	 */
	static Name parse(Opened o, String name) {
		String[] p = name.replaceAll("^/+|/+$", "").split("/");
		String cat = o.attachment().name();
		if (p.length == 1) {
			return new Name(cat, null, null);
		}
		if (p.length == 2) {
			return o.at().schema(p[1]).isPresent() ? new Name(cat, o.at().schema(p[1]).get().name(), null)
					: new Name(cat, "main", p[1]);
		}
		if (p.length == 3) {
			return new Name(cat, p[1], p[2]);
		}
		throw new Die(2, "'" + name + "' has too many parts: write catalog[/schema][/table].");
	}

	/** The tables of one schema, or of all when {@code schema} is null, in name order. */
	static List<TableEntry> tables(Opened o, String schema) {
		List<TableEntry> out = new ArrayList<>();
		for (TableEntry t : o.at().tables()) {
			if (schema == null || o.schemaName(t).equalsIgnoreCase(schema)) {
				out.add(t);
			}
		}
		out.sort(Comparator.comparing((TableEntry t) -> o.schemaName(t)).thenComparing(TableEntry::name));
		return out;
	}

	/** The table a full name names, if the catalog has it at its latest snapshot. */
	static Optional<TableEntry> table(Opened o, Name n) {
		return n.table() == null ? Optional.empty() : o.at().table(n.schema(), n.table());
	}

	/** Names in the catalog closest to {@code n}'s table: the same name in another schema, then shared prefixes. */
	static List<String> closest(Opened o, Name n) {
		String want = n.table() == null ? "" : n.table().toLowerCase(Locale.ROOT);
		Map<String, Integer> score = new LinkedHashMap<>();
		for (TableEntry t : tables(o, null)) {
			String have = t.name().toLowerCase(Locale.ROOT);
			int s = have.equals(want) ? 1000 : common(have, want) * 10 - Math.abs(have.length() - want.length());
			score.put(o.attachment().name() + "/" + o.schemaName(t) + "/" + t.name(), s);
		}
		return score.entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.<String, Integer>comparingByValue()
				.reversed()).limit(3).map(Map.Entry::getKey).toList();
	}

	private static int common(String a, String b) {
		int i = 0;
		while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
			i++;
		}
		return i;
	}

	/** The table's rows and bytes as the catalog's ducklake_table_stats has them. */
	static Optional<TableStats> stats(Opened o, TableEntry t) {
		try {
			return o.catalog().store().tableStats(t.id());
		} catch (DuckLakeException e) {
			return Optional.empty();
		}
	}

	static List<ColumnEntry> columns(Opened o, TableEntry t) {
		List<ColumnEntry> cols = new ArrayList<>(o.at().columns(t.id()));
		cols.sort(Comparator.comparingLong(ColumnEntry::order));
		return cols;
	}
}
