package io.lakestudio.onelake;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaException;
import io.lakestudio.delta.DeltaSnapshot;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.onelake.LakeException.Kind;

/** A Delta table's metadata as the catalog keeps it, read by Delta Kernel from a local folder holding its log. */
public final class DeltaMetadata {

	private DeltaMetadata() {
	}

	/** Columns, partitioning, version, size, files and records of the latest snapshot of the table at {@code dir}. */
	public static TableMetadata read(Path dir) throws LakeException {
		try {
			DeltaSnapshot s = DeltaTables.snapshot(dir);
			List<LakeColumn> cols = new ArrayList<>();
			for (DeltaColumn c : s.columns()) {
				cols.add(new LakeColumn(cols.size(), c.name(), c.type(), c.nullable(),
						s.partitionColumns().contains(c.name())));
			}
			return new TableMetadata(LakeTable.DELTA, s.version(), s.timestamp(), List.copyOf(cols),
					s.partitionColumns(), s.sizeBytes(), s.numFiles(), s.numRecords());
		} catch (DeltaException e) {
			throw new LakeException(Kind.FAILED, e.getMessage(), e);
		}
	}
}
