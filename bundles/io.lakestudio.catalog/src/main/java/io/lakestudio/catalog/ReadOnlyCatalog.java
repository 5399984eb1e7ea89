package io.lakestudio.catalog;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads of the catalog: what the tree, the editor's completion and every command-line metadata command get. It
 * has no method that writes; {@link Catalog} adds those. Rows marked dropped are returned too (callers decide how
 * to show them); lists are sorted by name.
 */
public interface ReadOnlyCatalog extends AutoCloseable {

	/** The catalog file. */
	Path file();

	/** The account this catalog belongs to. */
	String account();

	/** Set when opening found the file unusable and set it aside: what happened, for the user. */
	Optional<String> openNotice();

	/** Whether any listing was ever held: false on a first run or after a corrupt file was set aside. */
	boolean knowsAnything();

	List<Workspace> workspaces();

	Optional<Workspace> workspace(String id);

	List<Item> items(String workspaceId);

	/** A workspace by name, ignoring case (exact case preferred); dropped ones are left out. */
	Optional<Workspace> workspaceNamed(String name);

	/**
	 * An item of a workspace by name, ignoring case; {@code name} may carry the type ({@code Orders.Lakehouse}).
	 * Without one, an item that holds tables is preferred, and a Lakehouse over the rest.
	 */
	Optional<Item> itemNamed(String workspaceId, String name);

	Optional<Item> item(String id);

	/** Every item of every workspace, in one query. */
	List<Item> allItems();

	List<LakeTable> tables(String itemId);

	/** What {@code ls} shows of an item's tables, in the order of {@link #tables}: fewer fields, read faster. */
	List<TableLine> tableLines(String itemId);

	Optional<LakeTable> table(String tableId);

	List<LakeColumn> columns(String tableId);

	/** Every table with its columns, in one pass over tables and columns. */
	List<TableWithColumns> allTables();

	List<LakeFile> files(String itemId, String dir);

	/**
	 * Workspaces, items, tables and columns whose names contain {@code text}, case-insensitive; exact matches
	 * first, then prefixes, then the rest.
	 */
	List<SearchHit> find(String text, int limit);

	/**
	 * A number that moves whenever what this handle reads may have changed: a write through it or a commit by any
	 * other connection or process. Recording a use of a table doesn't move it (a use names nothing). Equal
	 * numbers: every read answers as before, so what was worked out from them (a statement's plan) still holds.
	 */
	long generation();

	/** Resolves a name given as {@code workspace/item/table} or {@code workspace/item/schema/table}. */
	Resolution resolve(TableName name);

	Optional<SyncState> syncState(String listing);

	List<SyncState> syncStates();

	/** The listings whose names start with {@code prefix} and whose last attempt failed, in one query. */
	List<SyncState> failingSyncStates(String prefix);

	/** The listings whose names start with {@code prefix}, in one query over that range of the key. */
	List<SyncState> syncStates(String prefix);

	/**
	 * How many tables each item of a workspace holds, by item id, in one query over the index (no table row is
	 * made): a lakehouse's label counts its tables without reading them. Items with no table rows are left out.
	 */
	java.util.Map<String, TableCounts> tableCounts(String workspaceId);

	Optional<Lease> lease();

	List<TableUse> uses(String tableId, Instant since);

	/** Tables read at least {@code times} times since {@code since} (tables in use), most used first. */
	List<String> tablesUsedAtLeast(int times, Instant since);

	/** How far the warm read of a table in use got, if it ever started. */
	Optional<WarmState> warmState(String tableId);

	/** Every table's warm-read state, in one query (the tree marks tables in use from it). */
	List<WarmState> warmStates();

	Counts counts();

	@Override
	void close();

	/** A table and its columns, as {@link #allTables()} returns them. */
	record TableWithColumns(LakeTable table, List<LakeColumn> columns) {
	}

	/** A table as {@link #tableLines} gives it. */
	record TableLine(String schema, String name, String format, Long snapshotVersion, Long sizeBytes,
			Instant lastRead, Instant droppedAt) {
	}

	/**
	 * An item's tables counted: those not dropped, those not dropped in a named schema (not ""), and whether any
	 * row, dropped or not, names a schema.
	 */
	record TableCounts(int live, int liveInSchemas, boolean anySchema) {
	}

	/** Row counts for {@code status}. */
	record Counts(long workspaces, long items, long tables, long columns, long files, long droppedTables) {
	}
}
