package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.iceberg.DeletionVectors;

/**
 * DELETE's delete files as deletion vectors ({@code write_deletion_vectors}: the attach's WRITE_DELETION_VECTORS,
 * or the catalog's, schema's or table's option, as the extension takes it): one per data file, holding its earlier
 * deletes too. Deletes of one snapshot are one bare blob; deletes of several (the store keeps partial_max) are a
 * Puffin file of one cumulative blob per snapshot, the snapshot in its {@code ducklake-snapshot-id}, as the
 * extension writes them.
 */
final class DeletionVectorWrites {

	static final String OPTION = "write_deletion_vectors";

	private DeletionVectorWrites() {
	}

	/** Whether a DELETE on {@code t} writes deletion vectors. */
	static boolean on(Attached a, TableEntry t) throws DuckLakeException {
		String v = TableOptions.of(a, t).get(OPTION);
		if (v == null) {
			return a.writeDeletionVectors;
		}
		return v.strip().toLowerCase(java.util.Locale.ROOT).matches("true|1|t");
	}

	/**
	 * A SELECT of an earlier deletion vector's rows {@code (pos, snap)}, each with the snapshot that
	 * deleted it as the Parquet path's rows have it (see Writes#delete): none ({@code carry} false, or the
	 * transaction's own rows), else that of its blob, else the old file's partial_max or first snapshot.
	 */
	static String rows(String path, DeleteFile old, boolean carry, boolean own) throws DuckLakeException {
		List<String> rows = new ArrayList<>();
		Long fallback = DeleteWrites.deletedAt(old, own);
		for (Map.Entry<Long, Long> e : DeletionVectorRows.positions(path, old).entrySet()) {
			Long snap = !carry ? null : old.partialMax() != null && e.getValue() != null ? e.getValue() : fallback;
			rows.add("(" + e.getKey() + "::BIGINT, " + snap + "::BIGINT)");
		}
		return "SELECT * FROM (VALUES " + String.join(", ", rows) + ") dv(pos, snap)";
	}

	/**
	 * Writes {@code rows} ({@code pos, snap}: snap null for this commit's, whose id {@code next} is until it
	 * commits) as the deletion vector {@code file} of data file {@code dataPath}.
	 */
	static DeletionVectors.Written write(Connection d, String rows, Path file, String dataPath, long next)
			throws SQLException, IOException {
		TreeMap<Long, List<Long>> bySnapshot = new TreeMap<>();
		List<Long> now = new ArrayList<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(rows)) {
			while (r.next()) {
				long pos = r.getLong(1);
				long snap = r.getLong(2);
				(r.wasNull() ? now : bySnapshot.computeIfAbsent(snap, k -> new ArrayList<>())).add(pos);
			}
		}
		List<DeletionVectors.Blob> blobs = new ArrayList<>();
		List<Long> cumulative = new ArrayList<>();
		for (Map.Entry<Long, List<Long>> e : bySnapshot.entrySet()) {
			cumulative.addAll(e.getValue());
			blobs.add(new DeletionVectors.Blob(e.getKey(), sorted(cumulative)));
		}
		cumulative.addAll(now);
		if (!now.isEmpty() || blobs.isEmpty()) {
			blobs.add(new DeletionVectors.Blob(next, sorted(cumulative)));
		}
		return DeletionVectors.write(file, dataPath, blobs);
	}

	private static long[] sorted(List<Long> positions) {
		return positions.stream().mapToLong(Long::longValue).sorted().toArray();
	}
}
