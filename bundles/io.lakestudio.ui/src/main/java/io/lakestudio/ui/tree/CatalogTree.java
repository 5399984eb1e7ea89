package io.lakestudio.ui.tree;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.TableUse;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.sync.Syncer;
import io.lakestudio.ui.ducklake.DuckLakeNode;
import io.lakestudio.ui.ducklake.DuckLakeTableFacts;
import io.lakestudio.ui.ducklake.DuckLakeTree;
import io.lakestudio.ui.lake.AccountSync;
import io.lakestudio.ui.sql.SelectStatement;

/**
 * The tree's view of the catalog: children and sync states read on demand and kept until the catalog changes, so
 * a label's counts and the expansion that follows it cost one read. Used on the UI thread only; the watcher has
 * its own connection.
 */
public final class CatalogTree implements AutoCloseable {

	public static final String NOTHING_SYNCED = "Nothing synced yet \u2014 run Refresh / lakestudio sync";

	private final Path home;
	private String account;
	private ReadOnlyCatalog catalog;
	private boolean open = true;
	private final Map<LakeNode, List<LakeNode>> children = new HashMap<>();
	private final Map<String, Optional<SyncState>> states = new HashMap<>();
	private final Map<String, Map<String, ReadOnlyCatalog.TableCounts>> tableCounts = new HashMap<>();
	private Map<String, WarmState> warm;
	private Set<String> inUse;
	private LakeState lakeState;
	private final DuckLakeTree ducklake;

	private CatalogTree(Path home, String account, ReadOnlyCatalog catalog) {
		this.home = home;
		this.account = account;
		this.catalog = catalog;
		this.ducklake = new DuckLakeTree(home);
	}

	/** Opens the catalog of the account in the state folder's settings; reads only, never the network. */
	public static CatalogTree open(Path home) {
		String account = Settings.load(home).account();
		return new CatalogTree(home, account, Catalogs.openReadOnly(Catalogs.catalogFile(home, account), account));
	}

	public Path home() {
		return home;
	}

	public Path file() {
		return catalog.file();
	}

	public ReadOnlyCatalog catalog() {
		return catalog;
	}

	/** The kept DuckLake catalogs, shown beside the account. */
	public DuckLakeTree ducklake() {
		return ducklake;
	}

	/** Drops what was read; the next question reads the catalog again. */
	public void forget() {
		children.clear();
		states.clear();
		tableCounts.clear();
		warm = null;
		inUse = null;
		lakeState = null;
		ducklake.forget();
	}

	/** After the file was replaced (set aside, cleared): a fresh handle on the new file. */
	public void reopen() {
		release();
		catalog = Catalogs.openReadOnly(Catalogs.catalogFile(home, account), account);
		open = true;
	}

	/** After a switch of account: the current account's catalog, from settings (the view re-roots on it). */
	public void reroot() {
		release();
		account = Settings.load(home).account();
		catalog = Catalogs.openReadOnly(Catalogs.catalogFile(home, account), account);
		open = true;
	}

	public String account() {
		return account;
	}

	/** Closes the file (so it can be deleted); nothing is read until {@link #reopen()}. */
	public void release() {
		forget();
		if (open) {
			catalog.close();
			open = false;
		}
	}

	public List<LakeNode> roots() {
		List<LakeNode> out = new ArrayList<>();
		if (!catalog.knowsAnything()) {
			out.add(new LakeNode.Message(catalog.openNotice().map(n -> n + " ").orElse("") + NOTHING_SYNCED));
		} else {
			out.add(new LakeNode.Account(account));
		}
		ducklake.roots().forEach(n -> out.add(new LakeNode.DuckLake(n)));
		return out;
	}

	public List<LakeNode> children(LakeNode node) {
		List<LakeNode> known = children.get(node);
		if (known == null) {
			known = read(node); // not computeIfAbsent: a hit's children are its target's, read recursively
			children.put(node, known);
		}
		return known;
	}

	/** Whether to draw an expander; a guess for containers not yet read, so opening stays one read per level. */
	public boolean hasChildren(LakeNode node) {
		List<LakeNode> known = children.get(node);
		if (known != null) {
			return !known.isEmpty();
		}
		return switch (node) {
		case LakeNode.Message m -> false;
		case LakeNode.Column c -> false;
		case LakeNode.FileNode f -> false;
		case LakeNode.Hit h when h.hit().kind() == SearchHit.Kind.COLUMN -> false;
		case LakeNode.DuckLake d -> d.node().kind().container();
		case LakeNode.ItemNode i -> i.item().hasTables() || !children(node).isEmpty();
		default -> true;
		};
	}

	/** What a node's label counts (workspaces, items, tables or columns, leaving out dropped ones); -1 for none. */
	public int count(LakeNode node) {
		return switch (node) {
		case LakeNode.Account a -> live(children(a));
		case LakeNode.WorkspaceNode w -> children(w).stream().mapToInt(k -> live(children(k))).sum();
		case LakeNode.Kind k -> live(children(k));
		case LakeNode.ItemNode i when i.item().hasTables() -> tableCount(i);
		case LakeNode.Schema s -> live(children(s));
		case LakeNode.DuckLake d -> ducklake.count(d.node());
		default -> -1;
		};
	}

	/**
	 * The tables {@link #itemChildren} shows, dropped ones left out: those in named schemas when it shows schemas,
	 * else all. Counted by the catalog for the whole workspace at once, so a kind's labels read no table row.
	 */
	private int tableCount(LakeNode.ItemNode node) {
		Item item = node.item();
		ReadOnlyCatalog.TableCounts n = tableCounts.computeIfAbsent(item.workspaceId(), catalog::tableCounts)
				.get(item.id());
		if (n == null) {
			return 0;
		}
		return item.schemaEnabled() || n.anySchema() ? n.liveInSchemas() : n.live();
	}

	private static int live(List<LakeNode> nodes) {
		return (int) nodes.stream().filter(n -> !n.dropped()).count();
	}

	public Optional<SyncState> state(String listing) {
		return listing == null ? Optional.empty() : states.computeIfAbsent(listing, catalog::syncState);
	}

	/** How far the warm read of a table in use got; the warm reads are few, so all are read at once. */
	public Optional<WarmState> warmState(String tableId) {
		if (warm == null) {
			warm = new HashMap<>();
			catalog.warmStates().forEach(w -> warm.put(w.tableId(), w));
		}
		return Optional.ofNullable(warm.get(tableId));
	}

	/** Whether a table is in use: read {@link TableUse#IN_USE_READS} times within the last 14 days. */
	public boolean inUse(String tableId) {
		if (inUse == null) {
			inUse = new HashSet<>(catalog.tablesUsedAtLeast(TableUse.IN_USE_READS,
					Instant.now().minus(TableUse.IN_USE_WINDOW)));
		}
		return inUse.contains(tableId);
	}

	/**
	 * Whether the lake is asked anything now: the offline setting, and the workbench's sync job's own state (the
	 * lake unreachable, a pause OneLake asked for, a sign-in that can't be renewed silently).
	 */
	public LakeState lakeState() {
		if (lakeState == null) {
			Optional<Syncer.Status> job = AccountSync.running().map(a -> a.syncer().status());
			lakeState = new LakeState(Settings.load(home).flag(Settings.OFFLINE),
					job.map(Syncer.Status::offline).orElse(false), job.map(Syncer.Status::pausedUntil).orElse(null),
					job.map(Syncer.Status::signInNeeded).orElse(false));
		}
		return lakeState;
	}

	/** See {@link #lakeState()}; {@code offline} includes the setting. */
	public record LakeState(boolean offlineSetting, boolean offline, Instant pausedUntil, boolean signInNeeded) {
	}

	private List<LakeNode> read(LakeNode node) {
		return switch (node) {
		case LakeNode.Account a -> catalog.workspaces().stream().<LakeNode>map(LakeNode.WorkspaceNode::new).toList();
		case LakeNode.WorkspaceNode w -> kinds(w.workspace().id());
		case LakeNode.Kind k -> catalog.items(k.workspaceId()).stream().filter(i -> i.type().equals(k.type()))
				.<LakeNode>map(LakeNode.ItemNode::new).toList();
		case LakeNode.ItemNode i -> itemChildren(i.item());
		case LakeNode.Schema s -> catalog.tables(s.itemId()).stream().filter(t -> t.schema().equals(s.schema()))
				.<LakeNode>map(LakeNode.Table::new).toList();
		case LakeNode.Table t -> catalog.columns(t.table().id()).stream()
				.<LakeNode>map(c -> new LakeNode.Column(t.table().id(), c)).toList();
		case LakeNode.Folder f -> catalog.files(f.itemId(), f.dir()).stream().map(file -> fileNode(file)).toList();
		case LakeNode.Hit h -> h.hit().kind() == SearchHit.Kind.COLUMN ? List.of() : children(h.target());
		case LakeNode.DuckLake d -> ducklake.children(d.node()).stream().<LakeNode>map(LakeNode.DuckLake::new)
				.toList();
		default -> List.of();
		};
	}

	private List<LakeNode> kinds(String workspaceId) {
		Map<String, Boolean> types = new TreeMap<>(ItemKinds.BY_KIND);
		for (Item i : catalog.items(workspaceId)) {
			types.put(i.type(), true);
		}
		return types.keySet().stream().<LakeNode>map(t -> new LakeNode.Kind(workspaceId, t)).toList();
	}

	private List<LakeNode> itemChildren(Item item) {
		List<LakeNode> out = new ArrayList<>();
		if (item.hasTables()) {
			List<LakeTable> tables = catalog.tables(item.id());
			knowStates(tables);
			Set<String> schemas = new LinkedHashSet<>();
			tables.forEach(t -> schemas.add(t.schema()));
			if (item.schemaEnabled() || !schemas.equals(Set.of(""))) {
				schemas.stream().filter(s -> !s.isEmpty()).forEach(s -> out.add(new LakeNode.Schema(item.id(), s)));
			} else {
				tables.forEach(t -> out.add(new LakeNode.Table(t)));
			}
		}
		// Files/ only where it was ever listed, so the tree never shows a folder nobody read
		if (state(Listing.files(item.id(), "")).isPresent()) {
			out.add(new LakeNode.Folder(item.id(), "", null));
		}
		return out;
	}

	/**
	 * Reads the sync states of an item's tables (their metadata listings) in one query over the range of their
	 * names, so the labels of a lakehouse's 1,000 tables ask nothing each.
	 */
	private void knowStates(List<LakeTable> tables) {
		if (tables.isEmpty()) {
			return;
		}
		// table ids are <itemId>/<schema>/<name>: one prefix covers the item's (and any item whose id extends it)
		String prefix = Listing.tableMetadata(tables.get(0).itemId() + "/");
		Map<String, SyncState> read = new HashMap<>();
		catalog.syncStates(prefix).forEach(st -> read.put(st.listing(), st));
		for (LakeTable t : tables) {
			String listing = Listing.tableMetadata(t.id());
			states.putIfAbsent(listing, Optional.ofNullable(read.get(listing)));
		}
	}

	private static LakeNode fileNode(LakeFile file) {
		return file.directory() ? new LakeNode.Folder(file.itemId(), file.path(), file) : new LakeNode.FileNode(file);
	}

	/** The filter box's answers, each pointing at the node it names. */
	public List<LakeNode> find(String text, int limit) {
		List<LakeNode> out = new ArrayList<>();
		for (SearchHit hit : catalog.find(text, limit)) {
			target(hit).ifPresent(t -> out.add(new LakeNode.Hit(hit, t)));
		}
		return out;
	}

	private Optional<LakeNode> target(SearchHit hit) {
		return switch (hit.kind()) {
		case WORKSPACE -> catalog.workspace(hit.id()).map(LakeNode.WorkspaceNode::new);
		case ITEM -> catalog.item(hit.id()).map(LakeNode.ItemNode::new);
		case TABLE, COLUMN -> catalog.table(hit.id()).map(LakeNode.Table::new);
		};
	}

	/** A statement that reads the first rows of a table node, or empty for anything else. */
	public Optional<String> selectFor(LakeNode node) {
		LakeNode n = node instanceof LakeNode.Hit h ? h.target() : node;
		if (n instanceof LakeNode.DuckLake d && d.node().kind() == DuckLakeNode.Kind.TABLE) {
			List<String> p = d.node().path();
			return Optional.of(DuckLakeTableFacts.select(p.get(0), p.get(1), p.get(2), null, SelectStatement.FIRST_ROWS));
		}
		if (!(n instanceof LakeNode.Table t)) {
			return Optional.empty();
		}
		LakeTable table = t.table();
		Optional<Item> item = catalog.item(table.itemId());
		Optional<Workspace> ws = item.flatMap(i -> catalog.workspace(i.workspaceId()));
		if (item.isEmpty() || ws.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of(SelectStatement.firstRows(ws.get().name(), item.get(), table));
	}

	@Override
	public void close() {
		release();
	}
}
