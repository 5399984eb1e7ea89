package io.lakestudio.engine.internal.ducklake;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.engine.internal.Sql;

/**
 * The embedded lineage columns of files maintenance wrote, as a read sees them: each row's snapshot
 * ({@code _ducklake_internal_snapshot_id}, so a merged file read at an older snapshot keeps only that snapshot's
 * rows) and row id ({@code _ducklake_internal_row_id}, else the file's {@code row_id_start} plus its position).
 */
final class Lineage {

	static final String SID = "__dl_sid";
	static final String RID = "__dl_rid";

	private Lineage() {
	}

	/** The table's file lineage by data file id. */
	static Map<Long, FileLineage> of(MetadataStore store, long tableId) throws DuckLakeException {
		Map<Long, FileLineage> out = new HashMap<>();
		for (FileLineage l : store.lineage(tableId)) {
			out.put(l.dataFileId(), l);
		}
		return out;
	}

	/**
	 * Whether a file of the plan is read before its last snapshot; then the read's field-id map gets the snapshot
	 * column (as {@link #SID}), which {@link #upTo} filters on.
	 */
	static boolean partial(MetadataStore store, long tableId, Snapshot at, ReadPlan plan, List<String> schemaMap)
			throws DuckLakeException {
		Map<Long, FileLineage> lineage = of(store, tableId);
		if (lineage.isEmpty()) {
			return false;
		}
		boolean partial = plan.parts().stream().map(p -> lineage.get(p.data().id())).anyMatch(l -> l != null
				&& l.partialAt(at.id()));
		if (partial) {
			schemaMap.add(snapshotEntry());
		}
		return partial;
	}

	static String snapshotEntry() {
		return SchemaMap.entry(String.valueOf(FileLineage.SNAPSHOT_ID_FIELD), SID, "BIGINT", null);
	}

	static String rowIdEntry() {
		return SchemaMap.entry(String.valueOf(FileLineage.ROW_ID_FIELD), RID, "BIGINT", null);
	}

	/**
	 * {@code (file, pos, rid)}: the row id of each row of the data files that temp table {@code positions} names
	 * ({@code __dl_file}), as the session sees them (its own files' ids too).
	 */
	static String rowIds(Attached a, io.lakestudio.ducklake.CatalogAt cat, io.lakestudio.ducklake.TableEntry t,
			String positions) throws DuckLakeException {
		Map<Long, FileLineage> lineage = of(a.catalog.store(), t.id());
		lineage.putAll(a.pending().lineage);
		List<ReadPlan.Part> parts = ReadPlan.of(a.catalog.store(), a.snapshot(), a.pending(), t.id()).parts();
		String rows = FileRows.select(a, cat.schemaOf(t).orElseThrow(), t, List.of(), parts, lineage, false, null);
		return "SELECT " + Views.FILE + " AS file, " + Views.POS + " AS pos, " + FileRows.ROW_ID + " AS rid FROM ("
				+ rows + ") WHERE " + Views.FILE + " IN (SELECT " + Views.FILE + " FROM " + Sql.ident(positions) + ")";
	}

	/** Rows of snapshots up to {@code at} (a file with no snapshot column has only those). */
	static String upTo(String prefix, Snapshot at) {
		return "(" + prefix + SID + " IS NULL OR " + prefix + SID + " <= " + at.id() + ")";
	}
}
