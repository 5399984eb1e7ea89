package io.lakestudio.ducklake;

/**
 * A positional delete file ({@code ducklake_delete_file}): a Parquet file of {@code (file_path, pos)} naming rows
 * of one data file that are gone, or a deletion vector ({@code format = 'puffin'}: Iceberg's roaring bitmap, bare
 * or in a Puffin file of one blob per snapshot). The one visible at a snapshot holds all the deletes of its data file so far.
 * {@code partialMax}, when the file says per row which snapshot deleted it ({@code _ducklake_internal_snapshot_id},
 * from {@code beginSnapshot} on), is the last of them; null otherwise.
 */
public record DeleteFile(long id, long tableId, long beginSnapshot, long dataFileId, String path, boolean relative,
		long deleteCount, long fileSizeBytes, long footerSize, Long partialMax) {

	/** {@link #partialMax} of a delete file of a commit not yet made: that commit's snapshot. */
	public static final long THIS_SNAPSHOT = -1;

	/** {@value #PUFFIN} for a deletion vector, else {@code parquet}. */
	public static final String PUFFIN = "puffin";

	/**
	 * The file's format column: {@value #PUFFIN} for a deletion vector. Told by its name, which the extension and
	 * Lakestudio both give as {@code ducklake-<uuid>-delete.puffin}, so no store needs another field.
	 */
	public String format() {
		return path.endsWith("." + PUFFIN) ? PUFFIN : "parquet";
	}

	/** A delete file whose rows were all deleted at its first snapshot. */
	public DeleteFile(long id, long tableId, long beginSnapshot, long dataFileId, String path, boolean relative,
			long deleteCount, long fileSizeBytes, long footerSize) {
		this(id, tableId, beginSnapshot, dataFileId, path, relative, deleteCount, fileSizeBytes, footerSize, null);
	}
}
