package io.lakestudio.ui.ducklake;

import java.util.List;

/**
 * One node under a kept DuckLake catalog in the tree: what it is, where (catalog, then schema, table... as names),
 * the name shown and a detail after it. Equal by kind and path only, so a re-read finds the same tree item.
 */
public record DuckLakeNode(Kind kind, List<String> path, String name, String detail, long id) {

	public enum Kind {
		CATALOG(true), SCHEMA(true), TABLE(true), VIEW(false), COLUMN(false), SNAPSHOTS(true), SNAPSHOT(false),
		CHECKPOINTS(true), CHECKPOINT(false), CENSUS(true), SUBSPACE(false), MESSAGE(false), BRANCHES(true),
		BRANCH(false), TAGS(true), TAG(false), REQUESTS(true), REQUEST(false), VERSIONS(true), VERSION(true),
		VERSION_TABLE(false);

		private final boolean container;

		Kind(boolean container) {
			this.container = container;
		}

		public boolean container() {
			return container;
		}
	}

	public DuckLakeNode {
		path = List.copyOf(path);
	}

	/** The kept catalog's name: the first part of every node's path. */
	public String catalog() {
		return path.get(0);
	}

	/** A key stable across re-reads: the kind and the path. */
	public String key() {
		return kind + "\u0000" + String.join("\u0000", path);
	}

	@Override
	public boolean equals(Object o) {
		return o instanceof DuckLakeNode n && n.kind == kind && n.path.equals(path);
	}

	@Override
	public int hashCode() {
		return key().hashCode();
	}
}
