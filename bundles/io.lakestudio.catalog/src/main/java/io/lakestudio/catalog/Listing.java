package io.lakestudio.catalog;

/**
 * Names of listings, the unit the sync job fetches and {@code sync_state} tracks:
 * {@code workspaces}, {@code items/<ws>}, {@code tables/<item>}, {@code files/<item>/<dir>}, and
 * {@code table/<tableId>} for one table's metadata.
 */
public final class Listing {

	public static final String WORKSPACES = "workspaces";

	private Listing() {
	}

	public static String items(String workspaceId) {
		return "items/" + workspaceId;
	}

	public static String tables(String itemId) {
		return "tables/" + itemId;
	}

	public static String files(String itemId, String dir) {
		return "files/" + itemId + "/" + dir;
	}

	public static String tableMetadata(String tableId) {
		return "table/" + tableId;
	}
}
