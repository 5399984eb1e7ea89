package io.lakestudio.moraine;

import java.util.List;
import java.util.Optional;

/**
 * The mutation handle a commit closure receives. Everything done through it becomes one snapshot, landed by one
 * atomic store write when the closure returns; a closure that throws leaves nothing behind. Reads through
 * {@link #snapshot()} see the transaction's own changes.
 */
public interface Transaction {

	/** The catalog as this transaction has made it so far. */
	CatalogSnapshot snapshot();

	/** The snapshot id this transaction will mint. */
	SnapshotId snapshotId();

	void author(String author);

	void message(String commitMessage);

	void extraInfo(String commitExtraInfo);

	SchemaId createSchema(String name);

	/** Drops an empty schema (one with no live table, view or macro). */
	void dropSchema(SchemaId schema);

	TableId createTable(SchemaId schema, String name, List<ColumnDef> columns);

	void renameTable(TableId table, String newName);

	/** Moves a table to another schema, keeping its id, columns and files. */
	void moveTable(TableId table, SchemaId schema);

	/** Drops a table and with it its columns, files, specs and indexes (ended, still readable by time travel). */
	void dropTable(TableId table);

	ColumnId addColumn(TableId table, ColumnDef column);

	void renameColumn(TableId table, ColumnId column, String newName);

	void alterColumn(TableId table, ColumnId column, ColumnAlteration change);

	void dropColumn(TableId table, ColumnId column);

	ViewId createView(SchemaId schema, String name, String dialect, String sql, String columnAliases);

	void renameView(ViewId view, String newName);

	void dropView(ViewId view);

	MacroId createMacro(SchemaId schema, String name, List<MacroImplementationDef> implementations);

	void dropMacro(MacroId macro);

	/** Sets a tag (ending the key's previous value, if any); a null value removes the tag. */
	void setTag(TagTarget target, String key, String value);

	void setColumnTag(TableId table, ColumnId column, String key, String value);

	/** Sets the table's partition spec, ending the live one; files written under the old keep referencing it. */
	PartitionId setPartitionSpec(TableId table, List<PartitionColumnDef> keys);

	void clearPartitionSpec(TableId table);

	SortId setSortSpec(TableId table, List<SortKeyDef> keys);

	void clearSortSpec(TableId table);

	/** Records how an externally written file's physical columns map to the table's fields. */
	MappingId createColumnMapping(TableId table, String type, List<NameMappingDef> columns);

	/** Registers a data file (already written); the commit allocates its row ids from the table's counter. */
	DataFileId addDataFile(DataFile file);

	/** Ends a data file (and the delete files against it), as a compaction or a full delete does. */
	void removeDataFile(TableId table, DataFileId file);

	/** Registers a delete file, ending the one it replaces for the same data file, if any. */
	DeleteFileId addDeleteFile(DeleteFile file);

	/** Sets a column's table-level statistics verbatim. */
	void setColumnStats(TableId table, ColumnStats stats);

	/** Inlines a chunk of rows; returns the first of the {@code rowCount} consecutive row ids it drew. */
	long inlineInsert(TableId table, InlineChunk chunk);

	/** Tombstones one live inlined row. */
	void inlineDelete(TableId table, long rowId);

	/**
	 * Drains the table's live inlined rows into a data file the caller wrote: the rows keep their ids, the file's
	 * record is backdated to the oldest row's snapshot, and the chunks no longer list them at any snapshot.
	 */
	Optional<DataFileId> flushInlinedData(TableId table, FlushedDataFile file);

	/**
	 * Expires snapshots as DuckLake's expiry does: their records go, with every ended row no remaining snapshot
	 * sees; files among those are scheduled for deletion. Mints no snapshot of its own; the head cannot expire.
	 *
	 * @return how many catalog rows were removed
	 */
	int expireSnapshots(List<SnapshotId> snapshots);

	/** Forgets scheduled deletions whose files the caller has deleted (DuckLake's cleanup of old files). */
	void removeScheduledDeletions(List<Long> fileIds);

	/**
	 * DuckLake's rows as a DuckLake host computes them (ids, stats, changes), written into this transaction
	 * verbatim: what serves moraine as a DuckLake catalog to an engine that runs DuckLake's rules itself.
	 */
	DucklakeRows ducklakeRows();

	IndexId createIndex(TableId table, IndexDef index);

	/** Drops an index: its entries become invisible now and are reclaimed by a later maintenance pass. */
	void dropIndex(TableId table, IndexId index);

	/** Adds entries; a unique index refuses a non-NULL value it already holds. */
	void addIndexEntries(IndexId index, List<IndexEntry> entries);

	void removeIndexEntries(IndexId index, List<IndexEntry> entries);
}
