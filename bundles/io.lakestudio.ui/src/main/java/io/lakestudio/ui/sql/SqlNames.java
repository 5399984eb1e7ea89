package io.lakestudio.ui.sql;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.ui.ducklake.DuckLakeTree;

/**
 * Completion of names from the catalog only (no network). Reads the dotted name being typed before the cursor
 * ({@code "Workspace/Item".schema.table.col}, each part bare or double-quoted) and offers what can follow: items
 * as {@code "workspace/item"} first, then the item's schemas and tables, then a table's columns. A first part
 * that is not an item is taken as a table name, so {@code orders.} offers the columns of tables named orders.
 * The kept DuckLake catalogs' names follow ({@link DuckLakeSqlNames}).
 */
public final class SqlNames {

	/** What to insert in place of the typed prefix, and what the popup shows. */
	public record Proposal(String replacement, String display) {
	}

	/** The name being typed: its finished parts (unquoted), the unfinished prefix, and where the prefix starts. */
	record Typed(List<String> parts, String prefix, int prefixStart) {
	}

	private final ReadOnlyCatalog catalog;
	private final DuckLakeSqlNames ducklake;

	public SqlNames(ReadOnlyCatalog catalog) {
		this(catalog, null);
	}

	/** Also the names of the DuckLake catalogs {@code lakes} keeps (null: none). */
	public SqlNames(ReadOnlyCatalog catalog, DuckLakeTree lakes) {
		this.catalog = catalog;
		this.ducklake = lakes == null ? null : new DuckLakeSqlNames(lakes);
	}

	/** Where the text a proposal replaces starts (it ends at the cursor). */
	public static int replaceFrom(String text, int offset) {
		return typed(text, offset).prefixStart();
	}

	/** The proposals at {@code offset}: OneLake's names, then the kept DuckLake catalogs'. */
	public List<Proposal> propose(String text, int offset) {
		Typed t = typed(text, offset);
		Set<Proposal> out = new LinkedHashSet<>(oneLake(t));
		if (ducklake != null) {
			ducklake.propose(t.parts(), t.prefix(), out);
		}
		return List.copyOf(out);
	}

	private List<Proposal> oneLake(Typed t) {
		String prefix = t.prefix();
		Set<Proposal> out = new LinkedHashSet<>();
		if (t.parts().isEmpty()) {
			items(prefix, out);
			for (Item i : catalog.allItems()) {
				if (!i.dropped() && i.hasTables()) {
					catalog.tables(i.id()).stream().filter(tb -> !tb.dropped()).map(LakeTable::name)
							.filter(n -> starts(n, prefix)).forEach(n -> out.add(new Proposal(quote(n), n + " (table)")));
				}
			}
			return List.copyOf(out);
		}
		Optional<Item> item = item(t.parts().get(0));
		if (item.isPresent()) {
			List<LakeTable> tables = catalog.tables(item.get().id()).stream().filter(tb -> !tb.dropped()).toList();
			List<String> rest = t.parts().subList(1, t.parts().size());
			if (rest.isEmpty()) {
				tables.stream().map(LakeTable::schema).filter(s -> !s.isEmpty() && starts(s, prefix)).distinct()
						.forEach(s -> out.add(new Proposal(quote(s), s + " (schema)")));
				tables.stream().filter(tb -> tb.schema().isEmpty() && starts(tb.name(), prefix))
						.forEach(tb -> out.add(new Proposal(quote(tb.name()), tb.name() + " (table)")));
			} else if (rest.size() == 1) {
				tables.stream().filter(tb -> tb.schema().equalsIgnoreCase(rest.get(0)) && starts(tb.name(), prefix))
						.forEach(tb -> out.add(new Proposal(quote(tb.name()), tb.name() + " (table)")));
				tables.stream().filter(tb -> tb.schema().isEmpty() && tb.name().equalsIgnoreCase(rest.get(0)))
						.forEach(tb -> columns(tb, prefix, out));
			} else if (rest.size() == 2) {
				tables.stream().filter(tb -> tb.schema().equalsIgnoreCase(rest.get(0))
						&& tb.name().equalsIgnoreCase(rest.get(1))).forEach(tb -> columns(tb, prefix, out));
			}
			return List.copyOf(out);
		}
		if (t.parts().size() == 1) {
			String name = t.parts().get(0);
			for (SearchHit hit : catalog.find(name, 50)) {
				if (hit.kind() == SearchHit.Kind.TABLE) {
					catalog.table(hit.id()).filter(tb -> tb.name().equalsIgnoreCase(name))
							.ifPresent(tb -> columns(tb, prefix, out));
				}
			}
		}
		return List.copyOf(out);
	}

	private void items(String prefix, Set<Proposal> out) {
		List<Workspace> workspaces = catalog.workspaces();
		for (Workspace ws : workspaces) {
			if (ws.dropped()) {
				continue;
			}
			for (Item i : catalog.items(ws.id())) {
				String name = ws.name() + "/" + ("Lakehouse".equals(i.type()) ? i.name() : i.name() + "." + i.type());
				if (!i.dropped() && i.hasTables() && starts(name, prefix)) {
					out.add(new Proposal(quote(name), name + " (" + i.type() + ")"));
				}
			}
		}
	}

	private void columns(LakeTable table, String prefix, Set<Proposal> out) {
		for (LakeColumn c : catalog.columns(table.id())) {
			if (starts(c.name(), prefix)) {
				out.add(new Proposal(quote(c.name()), c.name() + " : " + c.type()));
			}
		}
	}

	/** {@code "Workspace/Item"} (the item may carry its type) to the catalog's item. */
	private Optional<Item> item(String name) {
		int slash = name.indexOf('/');
		if (slash <= 0) {
			return Optional.empty();
		}
		return catalog.workspaceNamed(name.substring(0, slash))
				.flatMap(ws -> catalog.itemNamed(ws.id(), name.substring(slash + 1)));
	}

	private static boolean starts(String name, String prefix) {
		return name.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT));
	}

	/** Bare when SQL would read it back unchanged (lower case word), quoted otherwise. */
	static String quote(String name) {
		return name.matches("[a-z_][a-z0-9_]*") && !SqlScanner.KEYWORDS.contains(name) ? name
				: '"' + name.replace("\"", "\"\"") + '"';
	}

	/**
	 * Reads back from the cursor over a dotted name whose parts are words or "quoted" names. Inside an unclosed
	 * quote (an odd count of quotes before the cursor) the prefix starts at that quote, which the proposal replaces.
	 */
	static Typed typed(String text, int offset) {
		String before = text.substring(0, offset);
		int i;
		String prefix;
		if (before.chars().filter(c -> c == '"').count() % 2 == 1) {
			i = before.lastIndexOf('"');
			prefix = before.substring(i + 1);
		} else {
			i = wordStart(before, offset);
			prefix = before.substring(i);
		}
		int prefixStart = i;
		List<String> parts = new ArrayList<>();
		while (i > 0 && before.charAt(i - 1) == '.') {
			i--;
			if (i > 0 && before.charAt(i - 1) == '"') {
				int open = before.lastIndexOf('"', i - 2);
				if (open < 0) {
					break;
				}
				parts.add(0, before.substring(open + 1, i - 1));
				i = open;
			} else {
				int start = wordStart(before, i);
				parts.add(0, before.substring(start, i));
				i = start;
			}
		}
		return new Typed(parts, prefix, prefixStart);
	}

	private static int wordStart(String text, int end) {
		int i = end;
		while (i > 0 && (Character.isLetterOrDigit(text.charAt(i - 1)) || text.charAt(i - 1) == '_')) {
			i--;
		}
		return i;
	}
}
