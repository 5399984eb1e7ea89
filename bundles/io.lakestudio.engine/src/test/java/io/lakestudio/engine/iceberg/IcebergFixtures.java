package io.lakestudio.engine.iceberg;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.LocationProviders;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.LocationProvider;
import org.apache.iceberg.io.OutputFile;

/**
 * Iceberg tables written by iceberg-core and iceberg-data themselves (v2 Parquet, position and equality deletes,
 * partitions, schema evolution) into a local folder lake, under {@code s3://test/<name>} locations as a catalog
 * elsewhere would write them; and iceberg-data's generic reader, the oracle our engine's rows are compared with.
 */
final class IcebergFixtures {

	private IcebergFixtures() {
	}

	/** s3://… locations as local folders, for writing and for the oracle. */
	static final class RemapIO implements FileIO {
		private static final long serialVersionUID = 1L;
		final String from;
		final Path to;

		RemapIO(String from, Path to) {
			this.from = from;
			this.to = to;
		}

		File local(String p) {
			return p.startsWith(from) ? to.resolve(p.substring(from.length()).replaceFirst("^/", "")).toFile()
					: new File(p);
		}

		@Override
		public InputFile newInputFile(String path) {
			return org.apache.iceberg.Files.localInput(local(path));
		}

		/** Written locally, but known by its s3:// path: that is what the metadata records. */
		@Override
		public OutputFile newOutputFile(String path) {
			File f = local(path);
			f.getParentFile().mkdirs();
			OutputFile out = org.apache.iceberg.Files.localOutput(f);
			return new OutputFile() {
				@Override
				public org.apache.iceberg.io.PositionOutputStream create() {
					return out.create();
				}

				@Override
				public org.apache.iceberg.io.PositionOutputStream createOrOverwrite() {
					return out.createOrOverwrite();
				}

				@Override
				public String location() {
					return path;
				}

				@Override
				public InputFile toInputFile() {
					return newInputFile(path);
				}
			};
		}

		@Override
		public void deleteFile(String path) {
			local(path).delete();
		}
	}

	/** A table whose commits write numbered metadata.json files, as Iceberg's catalogs do. */
	static final class FolderOps implements TableOperations {
		private final FileIO io;
		private TableMetadata current;
		private int version = -1;

		FolderOps(FileIO io) {
			this.io = io;
		}

		@Override
		public TableMetadata current() {
			return current;
		}

		@Override
		public TableMetadata refresh() {
			return current;
		}

		@Override
		public void commit(TableMetadata base, TableMetadata meta) {
			if (base != current) {
				throw new CommitFailedException("stale");
			}
			version++;
			String file = meta.location() + "/metadata/" + String.format("%05d-%s.metadata.json", version,
					UUID.randomUUID());
			TableMetadataParser.write(meta, io.newOutputFile(file));
			current = TableMetadataParser.read(io, file);
		}

		@Override
		public FileIO io() {
			return io;
		}

		@Override
		public String metadataFileLocation(String name) {
			return current.location() + "/metadata/" + name;
		}

		@Override
		public LocationProvider locationProvider() {
			return LocationProviders.locationsFor(current.location(), current.properties());
		}
	}

	/** A new v2 table at {@code s3://test/<name>}, its files under {@code tables/<name>}. */
	static Table create(Path tables, String name, Schema schema, PartitionSpec spec) {
		return create(tables, name, schema, spec, "gzip");
	}

	/** {@code codec}: how its manifests are compressed (gzip, zstd, snappy). */
	static Table create(Path tables, String name, Schema schema, PartitionSpec spec, String codec) {
		FolderOps ops = new FolderOps(new RemapIO("s3://test", tables));
		ops.commit(null, TableMetadata.newTableMetadata(schema, spec, "s3://test/" + name, Map.of("format-version", "2",
				"write.avro.compression-codec", codec)));
		return new BaseTable(ops, name);
	}

	static DataFile write(Table t, List<Record> rows, StructLike partition) throws IOException {
		GenericFileWriterFactory f = new GenericFileWriterFactory.Builder(t).build();
		PartitionKey key = partition == null ? null : (PartitionKey) partition;
		OutputFile out = t.io().newOutputFile(location(t, key, UUID.randomUUID() + ".parquet"));
		DataWriter<Record> w = f.newDataWriter(EncryptedFiles.plainAsEncryptedOutput(out), t.spec(), key);
		try (w) {
			rows.forEach(w::write);
		}
		return w.toDataFile();
	}

	private static String location(Table t, StructLike partition, String name) {
		return partition == null ? t.locationProvider().newDataLocation(name)
				: t.locationProvider().newDataLocation(t.spec(), partition, name);
	}

	static PartitionKey key(Table t, Record r) {
		PartitionKey k = new PartitionKey(t.spec(), t.schema());
		k.partition(r);
		return k;
	}

	/** Deletes rows {@code positions} (ascending) of {@code file}. */
	static DeleteFile positionDeletes(Table t, DataFile file, List<Long> positions, StructLike partition)
			throws IOException {
		GenericFileWriterFactory f = new GenericFileWriterFactory.Builder(t).build();
		OutputFile out = t.io().newOutputFile(location(t, partition, "delete-" + UUID.randomUUID() + ".parquet"));
		PositionDeleteWriter<Record> w = f.newPositionDeleteWriter(EncryptedFiles.plainAsEncryptedOutput(out),
				t.spec(), partition);
		try (w) {
			for (long p : positions) {
				w.write(PositionDelete.<Record>create().set(file.location(), p));
			}
		}
		return w.toDeleteFile();
	}

	static DeleteFile equalityDeletes(Table t, String column, Object value) throws IOException {
		Schema del = t.schema().select(column);
		GenericFileWriterFactory f = new GenericFileWriterFactory.Builder(t)
				.equalityFieldIds(new int[] { t.schema().findField(column).fieldId() }).equalityDeleteRowSchema(del)
				.build();
		OutputFile out = t.io().newOutputFile(t.locationProvider().newDataLocation("eq-" + UUID.randomUUID()
				+ ".parquet"));
		EqualityDeleteWriter<Record> w = f.newEqualityDeleteWriter(EncryptedFiles.plainAsEncryptedOutput(out),
				t.spec(), null);
		try (w) {
			w.write(GenericRecord.create(del).copy(column, value));
		}
		return w.toDeleteFile();
	}

	/** The table as its newest metadata.json in {@code dir} says, read through {@code io}. */
	static Table open(Path dir, FileIO io) throws IOException {
		try (Stream<Path> s = Files.list(dir.resolve("metadata"))) {
			Path newest = s.filter(p -> p.toString().endsWith(".metadata.json")).sorted().reduce((a, b) -> b)
					.orElseThrow();
			return new BaseTable(new StaticTableOperations(newest.toString(), io), dir.getFileName().toString());
		}
	}

	/** iceberg-data's own read of a snapshot: each row's values in schema order. */
	static List<List<Object>> oracle(Table t, long snapshot) {
		List<List<Object>> out = new ArrayList<>();
		// the reader adds _pos when deletes apply: only the snapshot's columns count
		int columns = org.apache.iceberg.util.SnapshotUtil.schemaFor(t, snapshot).columns().size();
		try (CloseableIterable<Record> rs = IcebergGenerics.read(t).useSnapshot(snapshot).build()) {
			for (Record r : rs) {
				List<Object> row = new ArrayList<>();
				for (int i = 0; i < columns; i++) {
					row.add(r.get(i));
				}
				out.add(row);
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return out;
	}

	/** Trino's time-travel table (iceberg/timetravel in trino-iceberg's test jar) copied to {@code dir}. */
	static Path trinoTimeTravel(Path dir) throws Exception {
		URI jar = IcebergFixtures.class.getClassLoader().getResource("iceberg/timetravel/README.md").toURI();
		try (FileSystem fs = FileSystems.newFileSystem(jar, Map.of())) {
			io.lakestudio.engine.TestLake.copyTree(fs.getPath("/iceberg/timetravel"), dir);
		}
		Files.delete(dir.resolve("README.md"));
		return dir;
	}
}
