package io.lakestudio.moraine;

import java.util.List;
import java.util.Map;

/**
 * DuckLake's own catalog rows, written as a DuckLake host computes them: for a host that runs DuckLake's rules
 * itself (allocates ids from the snapshot's counters, computes stats, names its changes), as DuckLake's extension
 * does over a SQL catalog, so what it writes and what {@link CatalogSnapshot#ducklakeRows} lists back are the
 * same rows. Column names are the specification's; values are Long, String, Boolean or null (times as
 * microseconds). Everything still lands as this transaction's one snapshot and one store write; a row begun here
 * gets this snapshot as its begin_snapshot, unless it names an earlier one (a merged data file begins where the
 * first of the files it replaced began).
 */
public interface DucklakeRows {

	/** Adds a row (a current-only one, such as table stats, replaces the row of the same id). */
	void insert(String table, Map<String, Object> row);

	/** Ends (end_snapshot = this snapshot) every live row whose columns hold {@code where}'s values. */
	int end(String table, Map<String, Object> where);

	/** Removes every stored row whose columns hold {@code where}'s values (current-only rows: stats). */
	int delete(String table, Map<String, Object> where);

	/**
	 * Ends every live row whose {@code column} holds one of {@code values}: one pass over the table, where a
	 * merge of a thousand files would otherwise read the table once per file.
	 */
	int endAny(String table, String column, java.util.Collection<Long> values);

	/** Removes every stored row whose {@code column} holds one of {@code values}, in one pass (as {@link #endAny}). */
	int deleteAny(String table, String column, java.util.Collection<Long> values);

	/** The live rows (at this transaction, its own writes included) whose columns hold {@code where}'s values. */
	List<Map<String, Object>> live(String table, Map<String, Object> where);

	/**
	 * The counters the new snapshot records, as the host allocated ids from them: its schema version, next
	 * catalog id and next file id. moraine's own id counters move past them, so no id is handed out twice.
	 */
	void counters(long schemaVersion, long nextCatalogId, long nextFileId);

	/**
	 * The host writes this snapshot's {@code ducklake_schema_versions} rows itself, one per table whose columns it
	 * changed, so none when it changed only views or schemas: moraine adds no row of its own.
	 */
	void ownSchemaVersions();

	/** One {@code changes_made} entry ({@code created_table:"main"."t"}, {@code inserted_into_table:3}...). */
	void change(String change);
}
