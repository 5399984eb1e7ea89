package io.lakestudio.ducklake;

/**
 * Where a data file's rows come from in time and row ids, for files maintenance wrote: a merged file begins at the
 * first snapshot of the files it took the place of and holds rows up to {@code partialMax} (each row's snapshot in
 * its {@code _ducklake_internal_snapshot_id} column), and a file whose row ids are not one run from
 * {@code rowIdStart} holds them in {@code _ducklake_internal_row_id} ({@code rowIdStart} null). On a new file of a
 * {@link Commit}, a null {@code beginSnapshot} is the commit's own snapshot.
 */
public record FileLineage(long dataFileId, Long beginSnapshot, Long rowIdStart, Long partialMax) {

	/** The Parquet field id of the embedded row id column, as DuckDB's multi-file reader reserves it. */
	public static final int ROW_ID_FIELD = 2147483540;
	/** The Parquet field id of the embedded snapshot id column. */
	public static final int SNAPSHOT_ID_FIELD = 2147483539;
	public static final String ROW_ID_COLUMN = "_ducklake_internal_row_id";
	public static final String SNAPSHOT_ID_COLUMN = "_ducklake_internal_snapshot_id";

	/** Whether reading the file at {@code snapshot} must drop its rows of later snapshots. */
	public boolean partialAt(long snapshot) {
		return partialMax != null && partialMax > snapshot;
	}
}
