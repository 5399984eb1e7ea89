package io.lakestudio.ui.tree;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Workspace;

/**
 * Maps the listings a catalog change names to the tree nodes that show their rows. The nodes returned are probes:
 * equal (kind and key) to the nodes in the tree, carrying no rows.
 */
public final class ChangeRouter {

	private static final String ITEMS = Listing.items("");
	private static final String TABLES = Listing.tables("");
	private static final String TABLE = Listing.tableMetadata("");
	private static final String FILES = "files/";

	private final String account;
	private final Predicate<String> isItem;

	/** @param isItem whether an id names an item; splits {@code files/<item>/<dir>} when item ids hold '/' */
	public ChangeRouter(String account, Predicate<String> isItem) {
		this.account = account;
		this.isItem = isItem;
	}

	public List<LakeNode> nodes(Set<String> listings) {
		Set<LakeNode> out = new LinkedHashSet<>();
		for (String l : listings) {
			if (l.equals(Listing.WORKSPACES)) {
				out.add(new LakeNode.Account(account));
			} else if (l.startsWith(ITEMS)) {
				out.add(new LakeNode.WorkspaceNode(new Workspace(l.substring(ITEMS.length()), "")));
			} else if (l.startsWith(TABLES)) {
				out.add(item(l.substring(TABLES.length())));
			} else if (l.startsWith(TABLE)) {
				LakeNode t = table(l.substring(TABLE.length()));
				if (t != null) {
					out.add(t);
				}
			} else if (l.startsWith(FILES)) {
				files(l.substring(FILES.length()), out);
			}
		}
		return new ArrayList<>(out);
	}

	private void files(String rest, Set<LakeNode> out) {
		for (int i = rest.indexOf('/'); i >= 0; i = rest.indexOf('/', i + 1)) {
			String itemId = rest.substring(0, i);
			if (isItem.test(itemId)) {
				String dir = rest.substring(i + 1);
				out.add(new LakeNode.Folder(itemId, dir, null));
				if (dir.isEmpty()) {
					out.add(item(itemId)); // the item grows its Files folder on the first listing
				}
				return;
			}
		}
	}

	private static LakeNode item(String id) {
		return new LakeNode.ItemNode(new Item(id, "", "", "", false, false, null, null));
	}

	/** A table id is {@code <itemId>/<schema>/<name>}; item ids may hold '/', schemas and names don't. Null if not. */
	private static LakeNode table(String tableId) {
		int last = tableId.lastIndexOf('/');
		int schema = tableId.lastIndexOf('/', last - 1);
		if (last < 0 || schema < 0) {
			return null;
		}
		return new LakeNode.Table(new LakeTable(tableId.substring(0, schema), tableId.substring(schema + 1, last),
				tableId.substring(last + 1), null, null));
	}
}
