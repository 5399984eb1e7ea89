package io.lakestudio.catalog.internal;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.Workspace;

/**
 * Answers "does this table exist" from listings alone, level by level: workspace, item, table. At each level a
 * name that isn't there is missing only if that level's listing was held; otherwise it isn't known.
 */
final class Resolver {

	private static final int CLOSEST = 5;
	static final String DEFAULT_SCHEMA = "dbo";

	private final SqliteReadOnlyCatalog catalog;

	Resolver(SqliteReadOnlyCatalog catalog) {
		this.catalog = catalog;
	}

	Resolution resolve(TableName name) {
		List<Workspace> workspaces = catalog.sql.list(
				"SELECT * FROM workspace WHERE dropped_at IS NULL AND name = ? COLLATE NOCASE", Rows::workspace,
				name.workspace());
		Optional<Workspace> workspace = best(workspaces, Workspace::name, name.workspace());
		if (workspace.isEmpty()) {
			if (!catalog.held(Listing.WORKSPACES)) {
				return Resolution.unknown(Listing.WORKSPACES);
			}
			return Resolution.missing(closest(catalog.sql.list(
					"SELECT name FROM workspace WHERE dropped_at IS NULL", rs -> rs.getString(1)), name.workspace()));
		}
		Workspace ws = workspace.get();
		Optional<Item> item = findItem(ws, name.item());
		if (item.isEmpty()) {
			if (!catalog.held(Listing.items(ws.id()))) {
				return Resolution.unknown(Listing.items(ws.id()));
			}
			return Resolution.missing(closest(catalog.sql.list(
					"SELECT name FROM item WHERE dropped_at IS NULL AND workspace_id = ?", rs -> ws.name() + "/"
							+ rs.getString(1), ws.id()), ws.name() + "/" + name.item()));
		}
		Item it = item.get();
		String schema = name.schema().orElse(it.schemaEnabled() ? DEFAULT_SCHEMA : "");
		List<LakeTable> tables = catalog.sql.list("SELECT " + Rows.TABLE_COLUMNS + " FROM lake_table t"
				+ " WHERE item_id = ? AND schema_name = ? COLLATE NOCASE AND name = ? COLLATE NOCASE"
				+ " AND dropped_at IS NULL", Rows::table, it.id(), schema, name.table());
		Optional<LakeTable> table = best(tables, LakeTable::name, name.table());
		if (table.isPresent()) {
			return Resolution.exists(table.get());
		}
		if (!catalog.held(Listing.tables(it.id()))) {
			return Resolution.unknown(Listing.tables(it.id()));
		}
		String prefix = ws.name() + "/" + it.name() + "/";
		List<String> names = catalog.sql.list("SELECT schema_name, name FROM lake_table WHERE item_id = ?"
				+ " AND dropped_at IS NULL", rs -> prefix + (rs.getString(1).isEmpty() ? "" : rs.getString(1) + "/")
						+ rs.getString(2), it.id());
		return Resolution.missing(closest(names, prefix + (schema.isEmpty() ? "" : schema + "/") + name.table()));
	}

	private Optional<Item> findItem(Workspace ws, String text) {
		List<Item> items = catalog.sql.list("SELECT * FROM item WHERE workspace_id = ? AND dropped_at IS NULL"
				+ " AND (name = ? COLLATE NOCASE OR name || '.' || type = ? COLLATE NOCASE)", Rows::item, ws.id(),
				text, text);
		// exact case first, then items that hold tables, then Lakehouses
		return items.stream().min(Comparator
				.comparing((Item i) -> !(i.name().equals(text) || (i.name() + "." + i.type()).equals(text)))
				.thenComparing(i -> !i.hasTables()).thenComparing(i -> !"Lakehouse".equals(i.type())));
	}

	/** An exact-case match if there is one, else the first case-insensitive one. */
	private static <T> Optional<T> best(List<T> candidates, Function<T, String> name, String wanted) {
		return candidates.stream().filter(c -> name.apply(c).equals(wanted)).findFirst()
				.or(() -> candidates.stream().findFirst());
	}

	/** The names nearest to {@code wanted} by edit distance, ignoring case; ties by name. */
	static List<String> closest(List<String> names, String wanted) {
		String w = wanted.toLowerCase(Locale.ROOT);
		record Scored(String name, int distance) {
		}
		return names.stream().map(n -> new Scored(n, distance(n.toLowerCase(Locale.ROOT), w)))
				.sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name)).limit(CLOSEST)
				.map(Scored::name).toList();
	}

	static int distance(String a, String b) {
		int[] prev = new int[b.length() + 1];
		int[] cur = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			prev[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			cur[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
				cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
			}
			int[] t = prev;
			prev = cur;
			cur = t;
		}
		return prev[b.length()];
	}
}
