package io.lakestudio.catalog;

/**
 * One match of {@link ReadOnlyCatalog#find}: what kind of thing, its display path
 * ({@code workspace/item[/schema]/table[.column]}), and the id to open it with.
 */
public record SearchHit(Kind kind, String path, String id, int rank) {

	public enum Kind {
		WORKSPACE, ITEM, TABLE, COLUMN
	}
}
