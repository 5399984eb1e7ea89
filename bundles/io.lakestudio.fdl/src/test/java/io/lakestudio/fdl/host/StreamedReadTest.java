package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * Reading a version from a host streams: the catalog and each data file come in ranged reads of at most one chunk
 * (none of them asked for whole), land byte-identical to the host's files, and a data file altered on the host
 * (longer, or cut short) is refused naming it, with no part of it left behind.
 */
class StreamedReadTest {

	static final int CHUNK = 64 * 1024;

	@TempDir
	Path dir;

	/** The reads a reader asked of the host: a whole object (-1) or a range, and the bytes it got. */
	record Asked(String path, int length, int got) {
	}

	static final class Recording implements ObjectStore {
		final ObjectStore inner;
		final List<Asked> asked = Collections.synchronizedList(new ArrayList<>());

		Recording(ObjectStore inner) {
			this.inner = inner;
		}

		@Override
		public String describe() {
			return inner.describe();
		}

		@Override
		public byte[] get(String path) throws StoreException {
			byte[] b = inner.get(path);
			asked.add(new Asked(path, -1, b.length));
			return b;
		}

		@Override
		public byte[] get(String path, long offset, int length) throws StoreException {
			byte[] b = inner.get(path, offset, length);
			asked.add(new Asked(path, length, b.length));
			return b;
		}

		@Override
		public Optional<ObjectInfo> head(String path) throws StoreException {
			return inner.head(path);
		}

		@Override
		public List<ObjectInfo> list(String prefix) throws StoreException {
			return inner.list(prefix);
		}

		@Override
		public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
			throw new AssertionError("a reader writes nothing: " + path);
		}

		@Override
		public void delete(String path) {
			throw new AssertionError("a reader deletes nothing: " + path);
		}
	}

	@Test
	void aVersionIsReadInRangesOfAChunkAndAnAlteredFileIsRefused() throws Exception {
		Path root = dir.resolve("hosted");
		Files.createDirectories(root);
		Repository hosted = Repository.init(new FolderStore(root), root + "/");
		Signing key = Signing.generate();
		try (Host host = new Host(hosted, Access.of(Map.of("t", new Access.Who("w", true))),
				new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null, 1 << 24, Clock.systemUTC()).start()) {
			Repository writer = new Repository(new HttpStore(host.uri(), () -> "t"), host.uri().toString());
			List<String> files = new ArrayList<>();
			try (var w = WorkingCatalogs.with(dir.resolve("w"), 300_000)) {
				files.add(w.insert(2 * CHUNK)); // ends on a chunk's edge
				files.add(w.insert(1));
				new Writer(writer, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "three files",
						dir.resolve("t"), false);
			}

			Recording store = new Recording(new HttpStore(host.uri(), () -> "t"));
			Reader reader = new Reader(new Repository(store, host.uri().toString()),
					Trust.of(key.publicKey()), dir.resolve("cache")).chunked(CHUNK);
			Reader.Opened v = reader.open("main", false);
			Path local = dir.resolve("mirror");
			Reader.Copied copied = reader.copyData(v, local);
			assertEquals(3, copied.files());

			String catalog = "catalogs/" + v.record().catalogSha256();
			assertArrayEquals(Files.readAllBytes(root.resolve(catalog)), Files.readAllBytes(v.catalogFile()));
			for (String f : files)
				assertArrayEquals(Files.readAllBytes(root.resolve("data/" + f)), Files.readAllBytes(local.resolve("data/" + f)),
						f);
			long ranged = 0;
			for (Asked a : store.asked) {
				if (a.path().startsWith("catalogs/") || a.path().startsWith("data/")) {
					assertTrue(a.length() > 0 && a.length() <= CHUNK && a.got() <= CHUNK, a.toString());
					ranged++;
				}
			}
			// 300,000 bytes in 5 reads, 131,072 in 3 (the last finds the end), 1 in 1, the catalog in at least 1
			assertTrue(ranged >= 10, store.asked.toString());

			// altered on the host: a byte more, then a byte less; refused by name, nothing left in the mirror
			Path big = root.resolve("data/" + files.get(0));
			byte[] original = Files.readAllBytes(big);
			for (byte[] altered : List.of(java.util.Arrays.copyOf(original, original.length + 1),
					java.util.Arrays.copyOf(original, original.length - 1))) {
				Files.write(big, altered);
				Path elsewhere = dir.resolve("elsewhere-" + altered.length);
				FdlException e = assertThrows(FdlException.class, () -> reader.copyData(v, elsewhere));
				assertEquals(Refusal.MALFORMED, e.refusal());
				assertTrue(e.getMessage().contains(files.get(0)) && e.getMessage().contains("altered"), e.getMessage());
				assertFalse(Files.exists(elsewhere.resolve("data/" + files.get(0))));
				try (var left = Files.walk(elsewhere)) {
					assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "a part left");
				}
			}
		}
	}
}
