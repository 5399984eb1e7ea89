package io.lakestudio.ui.tree;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.Workspace;

/**
 * A node of the OneLake tree. Equality is the node's kind and key only, never the row it carries, so a refresh
 * that reads a changed row finds the same tree item (and keeps its expansion and selection).
 */
public abstract sealed class LakeNode {

	private final String key;

	LakeNode(String key) {
		this.key = key;
	}

	public final String key() {
		return key;
	}

	/** The name shown and copied. */
	public abstract String name();

	/** The listing whose rows are this node's children, or null for a leaf. */
	public String listing() {
		return null;
	}

	/**
	 * The listings behind a selection, each once, in order, with the name of the node that asked (quoted): what
	 * Refresh reads. Leaves and other objects add none.
	 */
	public static Map<String, String> listings(List<?> selection) {
		Map<String, String> out = new LinkedHashMap<>();
		for (Object o : selection) {
			if (o instanceof LakeNode n && n.listing() != null) {
				out.putIfAbsent(n.listing(), "'" + n.name() + "'");
			}
		}
		return out;
	}

	/** When the catalog last read this node's own row, or null when it has none. */
	public Instant lastRead() {
		return null;
	}

	public boolean dropped() {
		return false;
	}

	@Override
	public final boolean equals(Object o) {
		return o != null && o.getClass() == getClass() && ((LakeNode) o).key.equals(key);
	}

	@Override
	public final int hashCode() {
		return getClass().hashCode() * 31 + key.hashCode();
	}

	@Override
	public String toString() {
		return getClass().getSimpleName() + "[" + key + "]";
	}

	/** Shown instead of the account when the catalog knows nothing (first run, or a file set aside). */
	public static final class Message extends LakeNode {

		public Message(String text) {
			super(text);
		}

		@Override
		public String name() {
			return key();
		}
	}

	public static final class Account extends LakeNode {

		public Account(String account) {
			super(account);
		}

		@Override
		public String name() {
			return key();
		}

		@Override
		public String listing() {
			return Listing.WORKSPACES;
		}
	}

	public static final class WorkspaceNode extends LakeNode {

		private final Workspace workspace;

		public WorkspaceNode(Workspace workspace) {
			super(workspace.id());
			this.workspace = workspace;
		}

		public Workspace workspace() {
			return workspace;
		}

		@Override
		public String name() {
			return workspace.name();
		}

		@Override
		public String listing() {
			return Listing.items(workspace.id());
		}

		@Override
		public Instant lastRead() {
			return workspace.lastRead();
		}

		@Override
		public boolean dropped() {
			return workspace.dropped();
		}
	}

	/** The items of one Fabric type in a workspace ("Lakehouse", "SemanticModel"...). */
	public static final class Kind extends LakeNode {

		private final String workspaceId;
		private final String type;

		public Kind(String workspaceId, String type) {
			super(workspaceId + "\u0000" + type);
			this.workspaceId = workspaceId;
			this.type = type;
		}

		public String workspaceId() {
			return workspaceId;
		}

		public String type() {
			return type;
		}

		@Override
		public String name() {
			return ItemKinds.plural(type);
		}

		@Override
		public String listing() {
			return Listing.items(workspaceId);
		}
	}

	public static final class ItemNode extends LakeNode {

		private final Item item;

		public ItemNode(Item item) {
			super(item.id());
			this.item = item;
		}

		public Item item() {
			return item;
		}

		@Override
		public String name() {
			return item.name();
		}

		@Override
		public String listing() {
			return item.hasTables() ? Listing.tables(item.id()) : null;
		}

		@Override
		public Instant lastRead() {
			return item.lastRead();
		}

		@Override
		public boolean dropped() {
			return item.dropped();
		}
	}

	/** A schema of a lakehouse with schemas; its tables come from the item's tables listing. */
	public static final class Schema extends LakeNode {

		private final String itemId;
		private final String schema;

		public Schema(String itemId, String schema) {
			super(itemId + "\u0000" + schema);
			this.itemId = itemId;
			this.schema = schema;
		}

		public String itemId() {
			return itemId;
		}

		public String schema() {
			return schema;
		}

		@Override
		public String name() {
			return schema;
		}

		@Override
		public String listing() {
			return Listing.tables(itemId);
		}
	}

	public static final class Table extends LakeNode {

		private final LakeTable table;

		public Table(LakeTable table) {
			super(table.id());
			this.table = table;
		}

		public LakeTable table() {
			return table;
		}

		@Override
		public String name() {
			return table.name();
		}

		@Override
		public String listing() {
			return Listing.tableMetadata(table.id());
		}

		@Override
		public Instant lastRead() {
			return table.lastRead();
		}

		@Override
		public boolean dropped() {
			return table.dropped();
		}
	}

	public static final class Column extends LakeNode {

		private final LakeColumn column;

		public Column(String tableId, LakeColumn column) {
			super(tableId + "\u0000" + column.name());
			this.column = column;
		}

		public LakeColumn column() {
			return column;
		}

		@Override
		public String name() {
			return column.name();
		}
	}

	/** A folder under an item's {@code Files/}; {@code dir} "" is {@code Files/} itself. */
	public static final class Folder extends LakeNode {

		private final String itemId;
		private final String dir;
		private final LakeFile row;

		public Folder(String itemId, String dir, LakeFile row) {
			super(itemId + "\u0000" + dir);
			this.itemId = itemId;
			this.dir = dir;
			this.row = row;
		}

		public String itemId() {
			return itemId;
		}

		public String dir() {
			return dir;
		}

		@Override
		public String name() {
			return dir.isEmpty() ? "Files" : row != null ? row.name() : dir.substring(dir.lastIndexOf('/') + 1);
		}

		@Override
		public String listing() {
			return Listing.files(itemId, dir);
		}

		@Override
		public Instant lastRead() {
			return row == null ? null : row.lastRead();
		}

		@Override
		public boolean dropped() {
			return row != null && row.droppedAt() != null;
		}
	}

	public static final class FileNode extends LakeNode {

		private final LakeFile file;

		public FileNode(LakeFile file) {
			super(file.itemId() + "\u0000" + file.path());
			this.file = file;
		}

		public LakeFile file() {
			return file;
		}

		@Override
		public String name() {
			return file.name();
		}

		@Override
		public Instant lastRead() {
			return file.lastRead();
		}

		@Override
		public boolean dropped() {
			return file.droppedAt() != null;
		}
	}

	/** One answer of the filter box; it opens like the node it names. */
	public static final class Hit extends LakeNode {

		private final SearchHit hit;
		private final LakeNode target;

		public Hit(SearchHit hit, LakeNode target) {
			super(hit.kind() + "\u0000" + hit.path());
			this.hit = hit;
			this.target = target;
		}

		public SearchHit hit() {
			return hit;
		}

		/** The node the hit names (for a column: its table). */
		public LakeNode target() {
			return target;
		}

		@Override
		public String name() {
			return hit.path();
		}

		@Override
		public String listing() {
			return target.listing();
		}
	}

	/** A node under a kept DuckLake catalog; {@link io.lakestudio.ui.ducklake.DuckLakeTree} reads them. */
	public static final class DuckLake extends LakeNode {

		private final io.lakestudio.ui.ducklake.DuckLakeNode node;

		public DuckLake(io.lakestudio.ui.ducklake.DuckLakeNode node) {
			super(node.key());
			this.node = node;
		}

		public io.lakestudio.ui.ducklake.DuckLakeNode node() {
			return node;
		}

		@Override
		public String name() {
			return node.name();
		}
	}
}
