package io.lakestudio.engine.internal.ducklake;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * {@code COMMENT ON TABLE|VIEW|COLUMN name IS '...'|NULL}: the extension's {@code comment} tag
 * ({@code ducklake_tag} for a table or view, {@code ducklake_column_tag} for a column), ended and written anew from
 * the next snapshot (a new schema version, no table's); read back at the snapshot a session sees.
 */
final class Comments {

	static final String KEY = "comment";

	private final DuckLakeKind kind;

	Comments(DuckLakeKind kind) {
		this.kind = kind;
	}

	/** After COMMENT ON; null when the name is no attached catalog's. */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		String what = t.accept("TABLE") ? "TABLE" : t.accept("VIEW") ? "VIEW" : t.accept("COLUMN") ? "COLUMN" : null;
		if (what == null) {
			return null;
		}
		List<String> name = t.qualifiedName();
		t.expect("IS");
		String value = t.accept("NULL") ? null : t.string();
		List<String> object = what.equals("COLUMN") ? name.subList(0, name.size() - 1) : name;
		if (object.isEmpty()) {
			throw new EngineException(Kind.FAILED, "Parser Error: COMMENT ON COLUMN needs table.column");
		}
		DuckLakeKind.Target target = kind.target(object);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		Changes.writable(a);
		CatalogAt cat = a.view();
		Optional<TableEntry> table = cat.table(target.schema(), target.table());
		Optional<ViewEntry> view = cat.view(target.schema(), target.table());
		Commit c = a.pending();
		if (what.equals("TABLE") || what.equals("VIEW")) {
			boolean isTable = what.equals("TABLE");
			if (isTable ? table.isEmpty() : view.isEmpty()) {
				if (isTable ? view.isPresent() : table.isPresent()) {
					throw new EngineException(Kind.FAILED, "Catalog Error: " + target.table() + " is not a "
							+ what.toLowerCase(java.util.Locale.ROOT));
				}
				throw new EngineException(Kind.FAILED, "Catalog Error: " + (isTable ? "Table" : "View")
						+ " with name " + target.table() + " does not exist!");
			}
			long id = isTable ? table.get().id() : view.get().id();
			c.tags.computeIfAbsent(id, k -> new LinkedHashMap<>()).put(KEY, value);
			c.changes.add((isTable ? "altered_table:" : "altered_view:") + id);
		} else {
			if (table.isEmpty() && view.isPresent()) {
				// DuckLake 1.1's ducklake_view_column_tag keeps them; a 1.0 catalog has no table for them
				if (!SpecTableColumns.V1_1.equals(a.catalog.store().metadata().get("version"))) {
					throw new EngineException(Kind.FAILED, "Not implemented Error: DuckLake 1.0 does not support"
							+ " COMMENT ON COLUMN for views");
				}
				long id = view.get().id();
				c.viewColumnTags.computeIfAbsent(id, k -> new LinkedHashMap<>()).computeIfAbsent(
						name.get(name.size() - 1), k -> new LinkedHashMap<>()).put(KEY, value);
				c.changes.add("altered_view:" + id);
				c.schemaChanged();
				kind.statementDone(a);
				return kind.ok("ok");
			}
			if (table.isEmpty()) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + target.table()
						+ " does not exist!");
			}
			String colName = name.get(name.size() - 1);
			ColumnEntry col = cat.column(table.get().id(), colName).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Binder Error: Column with name " + colName + " does not exist!"));
			c.columnTags.computeIfAbsent(table.get().id(), k -> new LinkedHashMap<>()).computeIfAbsent(col.id(),
					k -> new LinkedHashMap<>()).put(KEY, value);
			c.changes.add("altered_table:" + table.get().id());
		}
		c.schemaChanged();
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/** The comment on a table or view as the session sees it (its open transaction's own first), or null. */
	static String of(Attached a, long object) throws DuckLakeException {
		Commit c = a.pendingOrNull();
		if (c != null && c.tags.containsKey(object) && c.tags.get(object).containsKey(KEY)) {
			return c.tags.get(object).get(KEY);
		}
		return a.catalog.store().tags(object, a.snapshot().id()).get(KEY);
	}

	/** The comments on a table's columns as the session sees them, by column id. */
	static Map<Long, String> ofColumns(Attached a, long table) throws DuckLakeException {
		Map<Long, String> out = new LinkedHashMap<>();
		a.catalog.store().columnTags(table, a.snapshot().id()).forEach((col, tags) -> {
			if (tags.get(KEY) != null) {
				out.put(col, tags.get(KEY));
			}
		});
		Commit c = a.pendingOrNull();
		if (c != null) {
			c.columnTags.getOrDefault(table, Map.of()).forEach((col, tags) -> {
				if (tags.containsKey(KEY)) {
					out.put(col, tags.get(KEY));
				}
			});
		}
		return out;
	}

	/** The comments on a view's columns as the session sees them, by the column's name. */
	static Map<String, String> ofViewColumns(Attached a, long view) throws DuckLakeException {
		Map<String, String> out = new LinkedHashMap<>();
		a.catalog.store().viewColumnTags(view, a.snapshot().id()).forEach((col, tags) -> {
			if (tags.get(KEY) != null) {
				out.put(col, tags.get(KEY));
			}
		});
		Commit c = a.pendingOrNull();
		if (c != null) {
			c.viewColumnTags.getOrDefault(view, Map.of()).forEach((col, tags) -> {
				if (tags.containsKey(KEY)) {
					out.put(col, tags.get(KEY));
				}
			});
		}
		return out;
	}
}
