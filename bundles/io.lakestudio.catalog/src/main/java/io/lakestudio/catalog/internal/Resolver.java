package io.lakestudio.catalog.internal;

import java.util.List;
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

	static final String DEFAULT_SCHEMA = "dbo";

	private final SqliteReadOnlyCatalog catalog;

	Resolver(SqliteReadOnlyCatalog catalog) {
		this.catalog = catalog;
	}

	Resolution resolve(TableName name) {
		Optional<Workspace> workspace = catalog.workspaceNamed(name.workspace());
		if (workspace.isEmpty()) {
			if (!catalog.held(Listing.WORKSPACES)) {
				return Resolution.unknown(Listing.WORKSPACES);
			}
			return Resolution.missing(ClosestNames.of(catalog.sql,
					"SELECT name AS n FROM workspace WHERE dropped_at IS NULL", name.workspace()));
		}
		Workspace ws = workspace.get();
		Optional<Item> item = catalog.itemNamed(ws.id(), name.item());
		if (item.isEmpty()) {
			if (!catalog.held(Listing.items(ws.id()))) {
				return Resolution.unknown(Listing.items(ws.id()));
			}
			// compared without the workspace prefix they all share (it changes no distance and no order)
			return Resolution.missing(ClosestNames.of(catalog.sql,
					"SELECT name AS n FROM item WHERE dropped_at IS NULL AND workspace_id = ?", name.item(), ws.id())
					.stream().map(n -> ws.name() + "/" + n).toList());
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
		// compared without the workspace/item prefix they all share (it changes no distance and no order), the
		// prefix added to the closest alone
		String prefix = ws.name() + "/" + it.name() + "/";
		return Resolution.missing(ClosestNames.of(catalog.sql, "SELECT CASE schema_name WHEN '' THEN name"
				+ " ELSE schema_name || '/' || name END AS n FROM lake_table WHERE item_id = ? AND dropped_at IS NULL",
				(schema.isEmpty() ? "" : schema + "/") + name.table(), it.id()).stream().map(n -> prefix + n).toList());
	}

	/** An exact-case match if there is one, else the first case-insensitive one. */
	static <T> Optional<T> best(List<T> candidates, Function<T, String> name, String wanted) {
		return candidates.stream().filter(c -> name.apply(c).equals(wanted)).findFirst()
				.or(() -> candidates.stream().findFirst());
	}
}
