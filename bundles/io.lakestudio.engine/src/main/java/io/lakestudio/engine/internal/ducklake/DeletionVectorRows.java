package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.iceberg.DeletionVectors;

/**
 * The positions a deletion vector ({@code format = 'puffin'}) takes away, which DuckDB can't read: decoded here
 * (iceberg-core's reader, {@link DeletionVectors}) and given to the query as rows, as the catalog's inlined
 * deletes are. Each position comes with the snapshot that deleted it, as a Parquet delete file's
 * {@code _ducklake_internal_snapshot_id} does: the first cumulative blob that holds it; null for a bare blob (the
 * file's begin_snapshot) and for the latest blob when the file has a partial_max (the commit that wrote it, which
 * is what partial_max records), so {@link DeleteSnapshots}' rule reads both kinds of file alike.
 */
final class DeletionVectorRows {

	/** Decoded files by path and size: a deletion vector is never rewritten in place (a new one gets a new name). */
	private static final Map<String, Map<Long, Long>> CACHE = Collections.synchronizedMap(
			new LinkedHashMap<String, Map<Long, Long>>(16, 0.75f, true) {
				private static final long serialVersionUID = 1L;

				@Override
				protected boolean removeEldestEntry(Map.Entry<String, Map<Long, Long>> eldest) {
					return size() > 64;
				}
			});

	private DeletionVectorRows() {
	}

	static boolean is(DeleteFile del) {
		return del != null && DeleteFile.PUFFIN.equals(del.format());
	}

	/** Position → the snapshot that deleted it (or null, see the class), in position order. */
	static Map<Long, Long> positions(String path, DeleteFile del) throws DuckLakeException {
		try {
			String key = path + "#" + Files.size(Path.of(path));
			Map<Long, Long> known = CACHE.get(key);
			if (known != null) {
				return known;
			}
			List<DeletionVectors.Blob> blobs = DeletionVectors.read(Path.of(path), del.deleteCount());
			Map<Long, Long> out = new TreeMap<>();
			for (int i = 0; i < blobs.size(); i++) {
				DeletionVectors.Blob b = blobs.get(i);
				Long snapshot = i == blobs.size() - 1 && del.partialMax() != null ? null : b.snapshotId();
				for (long p : b.positions()) {
					out.putIfAbsent(p, snapshot);
				}
			}
			Map<Long, Long> fixed = Collections.unmodifiableMap(out);
			CACHE.put(key, fixed);
			return fixed;
		} catch (IOException | RuntimeException e) {
			throw new DuckLakeException("cannot read deletion vector " + path + ": " + e.getMessage(), e);
		}
	}

	/**
	 * Adds the {@code (file, pos)} rows of data file {@code fileId} its deletion vector {@code del} (at
	 * {@code path}) takes away, as read at snapshot {@code upTo} (null: all of them).
	 */
	static void addRows(List<String> out, String path, long fileId, DeleteFile del, Long upTo)
			throws DuckLakeException {
		long pmax = del.partialMax() == null ? 0 : del.partialMax();
		for (Map.Entry<Long, Long> e : positions(path, del).entrySet()) {
			long snapshot = e.getValue() != null ? e.getValue() : pmax;
			if (upTo == null || snapshot <= upTo) {
				out.add("(" + fileId + "::BIGINT, " + e.getKey() + "::BIGINT)");
			}
		}
	}
}
