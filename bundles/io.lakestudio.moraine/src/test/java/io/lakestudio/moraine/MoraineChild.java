package io.lakestudio.moraine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.lakestudio.kv.KvOptions;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.store.FolderStore;

/**
 * A moraine process for {@link ProcessesTest}, on a folder store, with the default holder ("host/pid"):
 * {@code hold DIR TIMEOUT_MS} takes the writer lease (retrying while refused, saying so once) and heartbeats until
 * killed; {@code write DIR LOG} commits schema after schema with a small memtable (so flushes, merges and collection
 * run often), appending "n snapshot" to LOG (fsynced) after each commit is acknowledged; {@code commit DIR N LOG}
 * commits N schemas, logging each, then closes; {@code tail DIR OUT N} follows the head and writes, for every
 * snapshot it sees, "snapshot schema" to OUT until it has seen schema s(N-1).
 */
public final class MoraineChild {

	public static void main(String[] args) throws Exception {
		Path dir = Path.of(args[1]);
		switch (args[0]) {
		case "hold" -> hold(dir, Duration.ofMillis(Long.parseLong(args[2])));
		case "write" -> write(dir, Path.of(args[2]));
		case "commit" -> commit(dir, Integer.parseInt(args[2]), Path.of(args[3]));
		case "tail" -> tail(dir, Path.of(args[2]), Integer.parseInt(args[3]));
		default -> throw new IllegalArgumentException(args[0]);
		}
	}

	static void hold(Path dir, Duration timeout) throws Exception {
		CatalogOptions options = CatalogOptions.defaults().withLeaseTimeout(timeout);
		boolean said = false;
		Catalog c;
		while (true) {
			try {
				c = Catalog.open(new FolderStore(dir), options);
				break;
			} catch (MoraineException e) {
				if (e.kind() != MoraineException.Kind.LEASE_HELD)
					throw e;
				if (!said)
					System.out.println("refused: " + e.getMessage());
				said = true;
				Thread.sleep(100);
			}
		}
		System.out.println("holding " + options.holder());
		while (true) {
			Thread.sleep(Math.max(20, timeout.toMillis() / 10));
			c.heartbeat();
		}
	}

	static void write(Path dir, Path log) throws Exception {
		ObjectKvStore kv = new ObjectKvStore(new FolderStore(dir),
				KvOptions.defaults().withMemtable(8 << 10, Duration.ofSeconds(10)).withMerges(3, 2, 16 << 10));
		try (Catalog c = Catalog.open(kv, CatalogOptions.defaults().withForceTakeover(true));
				FileChannel out = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
						StandardOpenOption.APPEND)) {
			int n = next(c);
			System.out.println("open");
			System.out.flush();
			while (true) {
				int k = n++;
				SnapshotId id = c.commit(tx -> tx.createSchema("s" + k));
				out.write(ByteBuffer.wrap((k + " " + id.value() + "\n").getBytes(StandardCharsets.UTF_8)));
				out.force(false);
			}
		}
	}

	static void commit(Path dir, int count, Path log) throws Exception {
		try (Catalog c = Catalog.open(new FolderStore(dir), CatalogOptions.defaults());
				FileChannel out = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
						StandardOpenOption.APPEND)) {
			for (int k = next(c); k < count; k++) {
				int n = k;
				SnapshotId id = c.commit(tx -> tx.createSchema("s" + n));
				out.write(ByteBuffer.wrap((n + " " + id.value() + "\n").getBytes(StandardCharsets.UTF_8)));
				Thread.sleep(k % 7); // uneven, so the reader meets one commit, several, or none per look
			}
		}
	}

	/** The schema number to write next: one past the highest s<n> at the head. */
	static int next(ReadOnlyCatalog c) {
		int n = 0;
		for (SchemaInfo s : c.snapshot().schemas())
			if (s.name().matches("s\\d+"))
				n = Math.max(n, Integer.parseInt(s.name().substring(1)) + 1);
		return n;
	}

	static void tail(Path dir, Path outFile, int until) throws Exception {
		try (ReadOnlyCatalog r = ReadOnlyCatalog.openReadOnly(new FolderStore(dir), CatalogOptions.defaults());
				FileChannel out = FileChannel.open(outFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
						StandardOpenOption.APPEND)) {
			System.out.println("following");
			System.out.flush();
			long seen = r.snapshot().id().value();
			Set<String> before = names(r.snapshotAt(new SnapshotId(seen)));
			while (!before.contains("s" + (until - 1))) {
				long head;
				try (CatalogSnapshot s = r.snapshot()) {
					head = s.id().value();
				}
				for (long id = seen + 1; id <= head; id++) {
					Set<String> now = names(r.snapshotAt(new SnapshotId(id)));
					Set<String> added = new HashSet<>(now);
					added.removeAll(before);
					out.write(ByteBuffer.wrap((id + " " + String.join(",", added) + "\n").getBytes(StandardCharsets.UTF_8)));
					before = now;
				}
				seen = head;
				Thread.sleep(3);
			}
		}
	}

	static Set<String> names(CatalogSnapshot s) {
		try (s) {
			Set<String> out = new HashSet<>();
			for (SchemaInfo i : s.schemas())
				out.add(i.name());
			return out;
		}
	}

	static List<String> lines(Path p) throws IOException {
		return java.nio.file.Files.exists(p) ? java.nio.file.Files.readAllLines(p) : List.of();
	}
}
