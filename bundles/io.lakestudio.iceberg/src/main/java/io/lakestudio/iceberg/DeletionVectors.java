package io.lakestudio.iceberg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.deletes.Deletes;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.puffin.BlobMetadata;
import org.apache.iceberg.puffin.Puffin;
import org.apache.iceberg.puffin.PuffinReader;
import org.apache.iceberg.puffin.PuffinWriter;
import org.apache.iceberg.puffin.StandardBlobTypes;
import org.apache.iceberg.util.Pair;

/**
 * DuckLake's deletion-vector delete files ({@code format = 'puffin'}), written and read with iceberg-core's own
 * Puffin and deletion-vector code (Iceberg's {@code deletion-vector-v1} blob: length, magic, portable 64-bit
 * roaring bitmap, CRC), so the bitmap and container formats are Iceberg's, not ours. As the extension writes them:
 * a file with one deletion vector is that bare blob, no Puffin container; one that spans several snapshots is a
 * Puffin file of cumulative blobs, one per snapshot, each with a {@code ducklake-snapshot-id} property.
 */
public final class DeletionVectors {

	/** The blob property naming the snapshot whose deletes (and all before) a blob holds. */
	public static final String SNAPSHOT_PROPERTY = "ducklake-snapshot-id";

	private static final byte[] PUFFIN_MAGIC = { 'P', 'F', 'A', '1' };
	private static final byte[] BLOB_MAGIC = { (byte) 0xD1, (byte) 0xD3, 0x39, 0x64 };

	/** The positions deleted up to snapshot {@code snapshotId} (null: a bare blob, or the blob names none). */
	public record Blob(Long snapshotId, long[] positions) {
	}

	/** What a write made: the latest blob's cardinality, the file's size and its Puffin footer's (0 if bare). */
	public record Written(long deleteCount, long fileSizeBytes, long footerSize) {
	}

	private DeletionVectors() {
	}

	/** Writes {@code blobs} (cumulative, in snapshot order) of data file {@code referencedDataFile} to a new file. */
	public static Written write(Path file, String referencedDataFile, List<Blob> blobs) throws IOException {
		if (blobs.isEmpty()) {
			throw new IllegalArgumentException("a deletion vector file holds at least one blob");
		}
		if (blobs.size() == 1) {
			byte[] bare = serialize(blobs.getFirst().positions());
			Files.write(file, bare, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
			return new Written(blobs.getFirst().positions().length, bare.length, 0);
		}
		PuffinWriter w = Puffin.write(org.apache.iceberg.Files.localOutput(file.toFile())).createdBy("Lakestudio")
				.build();
		long count = 0;
		try (w) {
			for (Blob b : blobs) {
				Map<String, String> properties = new LinkedHashMap<>();
				properties.put("referenced-data-file", referencedDataFile);
				properties.put("cardinality", String.valueOf(b.positions().length));
				if (b.snapshotId() != null) {
					properties.put(SNAPSHOT_PROPERTY, String.valueOf(b.snapshotId()));
				}
				// snapshot-id and sequence-number are -1 for a deletion vector (the Puffin spec)
				w.add(new org.apache.iceberg.puffin.Blob(StandardBlobTypes.DV_V1, List.of(), -1, -1,
						ByteBuffer.wrap(serialize(b.positions())), null, properties));
				count = Math.max(count, b.positions().length);
			}
		}
		return new Written(count, w.fileSize(), w.footerSize());
	}

	/**
	 * The blobs of deletion-vector file {@code file}; {@code deleteCount} is the catalog's delete_count, the
	 * cardinality a bare blob is checked against (a Puffin blob is checked against its own).
	 */
	public static List<Blob> read(Path file, long deleteCount) throws IOException {
		byte[] head = new byte[8];
		long size = Files.size(file);
		try (var in = Files.newInputStream(file)) {
			if (in.readNBytes(head, 0, 8) < 8) {
				throw new IOException(file + " is not a deletion vector: too short");
			}
		}
		if (Arrays.equals(Arrays.copyOf(head, 4), PUFFIN_MAGIC)) {
			return container(file, size);
		}
		if (!Arrays.equals(Arrays.copyOfRange(head, 4, 8), BLOB_MAGIC)) {
			throw new IOException(file + " is not a deletion vector: neither a Puffin file nor a deletion-vector-v1 blob");
		}
		byte[] bytes = Files.readAllBytes(file);
		return List.of(new Blob(null, positions(bytes, dv(file, size, 0, size, deleteCount))));
	}

	private static List<Blob> container(Path file, long size) throws IOException {
		List<Blob> out = new ArrayList<>();
		try (PuffinReader r = Puffin.read(org.apache.iceberg.Files.localInput(file.toFile())).withFileSize(size)
				.build()) {
			List<BlobMetadata> dvs = r.fileMetadata().blobs().stream()
					.filter(b -> StandardBlobTypes.DV_V1.equals(b.type())).toList();
			for (Pair<BlobMetadata, ByteBuffer> p : r.readAll(dvs)) {
				BlobMetadata m = p.first();
				ByteBuffer data = p.second();
				byte[] bytes = new byte[data.remaining()];
				data.get(bytes);
				String snapshot = m.properties().get(SNAPSHOT_PROPERTY);
				String cardinality = m.properties().get("cardinality");
				DeleteFile dv = dv(file, size, m.offset(), m.length(), cardinality == null ? -1
						: Long.parseLong(cardinality));
				out.add(new Blob(snapshot == null ? null : Long.valueOf(snapshot), positions(bytes, dv)));
			}
		} catch (UncheckedIOException e) {
			throw e.getCause();
		}
		return out;
	}

	private static byte[] serialize(long[] positions) {
		List<Long> list = new ArrayList<>(positions.length);
		for (long p : positions) {
			list.add(p);
		}
		ByteBuffer b = Deletes.toPositionIndex(CloseableIterable.withNoopClose(list)).serialize();
		byte[] out = new byte[b.remaining()];
		b.get(out);
		return out;
	}

	/** Iceberg's reader checks a blob against the delete file that names it: its length and cardinality. */
	private static DeleteFile dv(Path file, long size, long offset, long length, long cardinality) {
		return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned()).ofPositionDeletes()
				.withFormat(FileFormat.PUFFIN).withPath(file.toString()).withFileSizeInBytes(size)
				.withRecordCount(cardinality).withContentOffset(offset).withContentSizeInBytes(length)
				.withReferencedDataFile(file.toString()).build();
	}

	private static long[] positions(byte[] blob, DeleteFile dv) {
		PositionDeleteIndex index = PositionDeleteIndex.deserialize(blob, dv);
		long[] out = new long[(int) index.cardinality()];
		int[] i = { 0 };
		index.forEach(p -> out[i[0]++] = p);
		return out;
	}
}
