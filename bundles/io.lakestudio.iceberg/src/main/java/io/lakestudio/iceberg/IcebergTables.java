package io.lakestudio.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import org.apache.iceberg.BaseTable;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.SnapshotUtil;

import io.lakestudio.iceberg.internal.DuckTypes;
import io.lakestudio.iceberg.internal.FileStats;
import io.lakestudio.iceberg.internal.MirrorFileIO;

/**
 * Iceberg tables planned with iceberg-core (embedded, no Hadoop) from a mirror of their metadata: metadata.json,
 * manifest lists and manifests. A snapshot becomes its Parquet data files with the position deletes that apply to
 * each. Equality deletes, deletion vectors, non-Parquet files and files without field ids are refused, saying so.
 */
public final class IcebergTables {

	private IcebergTables() {
	}

	/**
	 * Plans a snapshot: the latest, {@code snapshotId}, or the last one at or before {@code asOfMillis}.
	 *
	 * @param metadataJson the local copy of the table's metadata.json
	 * @param files        the table's other metadata files, by path relative to its location
	 */
	public static IcebergScan scan(Path metadataJson, TableFiles files, OptionalLong snapshotId, Long asOfMillis)
			throws IcebergException {
		MirrorFileIO io = new MirrorFileIO(files);
		try {
			TableMetadata meta = TableMetadataParser.read(io, metadataJson.toString());
			io.location(meta.location());
			if (meta.properties().containsKey(TableProperties.DEFAULT_NAME_MAPPING)) {
				throw IcebergException.unsupported("the Iceberg table at " + meta.location() + " has a name mapping (data"
						+ " files that may lack field ids): not read so far");
			}
			Table table = new BaseTable(new StaticTableOperations(meta, io), meta.location());
			Snapshot snap = choose(table, snapshotId, asOfMillis);
			if (snap == null) {
				return new IcebergScan(-1, meta.formatVersion(), columns(table.schema()), List.of());
			}
			Schema schema = SnapshotUtil.schemaFor(table, snap.snapshotId());
			List<IcebergScan.DataFile> out = new ArrayList<>();
			try (CloseableIterable<FileScanTask> tasks = table.newScan().useSnapshot(snap.snapshotId())
					.includeColumnStats().planFiles()) {
				for (FileScanTask task : tasks) {
					out.add(dataFile(meta.location(), task, schema));
				}
			}
			return new IcebergScan(snap.snapshotId(), meta.formatVersion(), columns(schema), List.copyOf(out));
		} catch (IcebergException e) {
			throw e;
		} catch (IOException | UncheckedIOException e) {
			throw new IcebergException("cannot read the Iceberg metadata " + metadataJson + ": " + e.getMessage(), e);
		} catch (RuntimeException e) {
			throw new IcebergException("cannot plan the Iceberg table of " + metadataJson + ": " + e.getMessage(), e);
		}
	}

	/** The snapshot ids of a table, oldest first (for time travel and tests). */
	public static List<Long> snapshots(Path metadataJson, TableFiles files) throws IcebergException {
		try {
			TableMetadata meta = TableMetadataParser.read(new MirrorFileIO(files), metadataJson.toString());
			return meta.snapshots().stream().map(Snapshot::snapshotId).toList();
		} catch (RuntimeException e) {
			throw new IcebergException("cannot read the Iceberg metadata " + metadataJson + ": " + e.getMessage(), e);
		}
	}

	private static Snapshot choose(Table table, OptionalLong id, Long asOfMillis) throws IcebergException {
		if (id.isPresent()) {
			Snapshot s = table.snapshot(id.getAsLong());
			if (s == null) {
				List<String> ids = new ArrayList<>();
				table.snapshots().forEach(x -> ids.add(Long.toString(x.snapshotId())));
				throw new IcebergException("no snapshot " + id.getAsLong() + " in the Iceberg table at "
						+ table.location() + "; its snapshots: " + String.join(", ", ids));
			}
			return s;
		}
		if (asOfMillis != null) {
			try {
				return table.snapshot(SnapshotUtil.snapshotIdAsOfTime(table, asOfMillis));
			} catch (IllegalArgumentException e) {
				throw new IcebergException("the Iceberg table at " + table.location() + " has no snapshot at or before"
						+ " " + java.time.Instant.ofEpochMilli(asOfMillis), e);
			}
		}
		return table.currentSnapshot();
	}

	private static IcebergScan.DataFile dataFile(String location, FileScanTask task, Schema schema)
			throws IcebergException, IOException {
		org.apache.iceberg.DataFile f = task.file();
		String path = f.location();
		if (f.format() != FileFormat.PARQUET) {
			throw IcebergException.unsupported(path + " is a " + f.format() + " data file: only Parquet is read so far");
		}
		List<IcebergScan.DeleteFile> deletes = new ArrayList<>();
		for (org.apache.iceberg.DeleteFile d : task.deletes()) {
			if (d.content() == FileContent.EQUALITY_DELETES) {
				throw IcebergException.unsupported("the Iceberg table at " + location + " has equality deletes ("
						+ d.location() + "): not read so far");
			}
			if (d.format() != FileFormat.PARQUET) {
				throw IcebergException.unsupported("the Iceberg table at " + location + " has " + (d.format() == FileFormat.PUFFIN
						? "deletion vectors" : d.format() + " position deletes") + " (" + d.location()
						+ "): not read so far");
			}
			deletes.add(new IcebergScan.DeleteFile(MirrorFileIO.relative(location, d.location()), d.location(),
					d.fileSizeInBytes(), d.recordCount()));
		}
		return new IcebergScan.DataFile(MirrorFileIO.relative(location, path), path, f.fileSizeInBytes(),
				f.recordCount(), List.copyOf(deletes), FileStats.of(f, schema, task.spec()));
	}

	private static List<IcebergScan.Column> columns(Schema schema) {
		List<IcebergScan.Column> out = new ArrayList<>();
		for (Types.NestedField f : schema.columns()) {
			out.add(new IcebergScan.Column(f.fieldId(), f.name(), DuckTypes.of(f.type()), f.isRequired()));
		}
		return List.copyOf(out);
	}
}
