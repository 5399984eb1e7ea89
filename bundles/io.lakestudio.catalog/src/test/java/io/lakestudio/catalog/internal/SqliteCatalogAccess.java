package io.lakestudio.catalog.internal;

/** Opens package-private helpers to the tests of the API package. */
public final class SqliteCatalogAccess {

	private SqliteCatalogAccess() {
	}

	public static String itemIdOf(String tableId) {
		return SqliteCatalog.itemIdOf(tableId);
	}
}
