package io.lakestudio.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Objects as files under a folder, safe across processes on one machine. Every write lands a finished temp file
 * (in {@link #TEMP}, on the same file system) in one step: if-absent by a hard link, which the kernel refuses when
 * the name exists; if-match and overwrites by an atomic rename while holding the store's lock file, after comparing
 * etags under it. A reader holds the old file or the new one, never a part.
 *
 * <p>An etag is (inode, size, mtime in ns). Each write is a new file (a new inode while the old one lives), and its
 * mtime is set past the one it replaces, so a reused inode of the same size still gets a new etag.
 */
public final class FolderStore implements ObjectStore {

	/** The folder under the root for temp files and the lock; never an object, never listed. */
	public static final String TEMP = ".lakestudio-tmp";
	private static final Duration STALE_TEMP = Duration.ofHours(1);

	private final Path root;
	private final Path temp;
	private final FolderLock lock;
	private final boolean sync;

	/**
	 * A store on {@code root}, made if missing, whose writes are on disk when put returns (the file's bytes and its
	 * folder entry forced); temp files a crashed writer left an hour ago or more are removed.
	 */
	public FolderStore(Path root) throws StoreException {
		this(root, true);
	}

	/** With {@code sync} false a write survives a crash of the process but not of the machine (no fsync). */
	public FolderStore(Path root, boolean sync) throws StoreException {
		this.sync = sync;
		this.root = root.toAbsolutePath().normalize();
		this.temp = this.root.resolve(TEMP);
		try {
			Files.createDirectories(temp);
		} catch (IOException e) {
			throw failure(e, null, "cannot make the store folder " + this.root);
		}
		this.lock = FolderLock.of(temp.resolve("lock"));
		sweepTemp();
	}

	public Path root() {
		return root;
	}

	@Override
	public String describe() {
		return "folder store " + root;
	}

	@Override
	public byte[] get(String path) throws StoreException {
		try {
			return Files.readAllBytes(file(path));
		} catch (IOException e) {
			throw failure(e, path, "read");
		}
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		if (offset < 0 || length < 0)
			throw new IllegalArgumentException("range " + offset + "+" + length);
		try (FileChannel ch = FileChannel.open(file(path), StandardOpenOption.READ)) {
			long size = ch.size();
			int n = (int) Math.max(0, Math.min(length, size - offset));
			ByteBuffer buf = ByteBuffer.allocate(n);
			while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) >= 0) {
				// a file is never written in place, so its size can't change under the read
			}
			return buf.array();
		} catch (IOException e) {
			throw failure(e, path, "read");
		}
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		try {
			return Optional.of(info(path, file(path)));
		} catch (NoSuchFileException e) {
			return Optional.empty();
		} catch (IOException e) {
			throw failure(e, path, "head");
		}
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		int slash = prefix.lastIndexOf('/');
		Path dir = slash < 0 ? root : root.resolve(prefix.substring(0, slash)).normalize();
		if (!dir.startsWith(root) || !Files.isDirectory(dir))
			return List.of();
		List<ObjectInfo> out = new ArrayList<>();
		// walkFileTree, not Files.walk: an object another process deletes mid-walk is skipped, where Files.walk
		// fails the whole listing (a writer collecting its WAL while a reader lists it)
		try {
			Files.walkFileTree(dir, new SimpleFileVisitor<Path>() {
				@Override
				public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
					return d.startsWith(temp) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
				}

				@Override
				public FileVisitResult visitFile(Path p, BasicFileAttributes a) {
					String name = root.relativize(p).toString().replace('\\', '/');
					if (a.isRegularFile() && name.startsWith(prefix))
						out.add(new ObjectInfo(name, a.size(), etag(a), a.lastModifiedTime().toInstant()));
					return FileVisitResult.CONTINUE;
				}

				@Override
				public FileVisitResult visitFileFailed(Path p, IOException e) throws IOException {
					if (e instanceof NoSuchFileException)
						return FileVisitResult.CONTINUE; // deleted since its folder was read
					throw e;
				}

				@Override
				public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
					if (e != null && !(e instanceof NoSuchFileException))
						throw e;
					return FileVisitResult.CONTINUE;
				}
			});
		} catch (IOException e) {
			throw new StoreException(StoreException.Kind.IO, prefix, "cannot list " + prefix + " in " + root, e);
		}
		out.sort(Comparator.comparing(ObjectInfo::path));
		return out;
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		Path target = file(path);
		Path tmp = temp.resolve(UUID.randomUUID() + ".tmp");
		try {
			Files.createDirectories(target.getParent());
			try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
				ByteBuffer buf = ByteBuffer.wrap(bytes);
				while (buf.hasRemaining())
					ch.write(buf);
				if (sync)
					ch.force(true);
			}
			if (condition instanceof WriteCondition.IfAbsent) {
				stamp(tmp, null);
				String etag = etag(Files.readAttributes(tmp, BasicFileAttributes.class));
				try {
					Files.createLink(target, tmp);
				} catch (FileAlreadyExistsException e) {
					throw new PreconditionFailed(path, "already exists");
				}
				syncFolder(target.getParent());
				return etag;
			}
			try (FolderLock.Held held = lock.hold()) {
				Optional<ObjectInfo> now = head(path);
				if (condition instanceof WriteCondition.IfMatch m
						&& (now.isEmpty() || !now.get().etag().equals(m.etag())))
					throw new PreconditionFailed(path,
							now.isEmpty() ? "not there" : "etag " + m.etag() + " no longer current");
				stamp(tmp, now.map(ObjectInfo::lastModified).orElse(null));
				String etag = etag(Files.readAttributes(tmp, BasicFileAttributes.class));
				Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
				syncFolder(target.getParent());
				return etag;
			}
		} catch (IOException e) {
			throw failure(e, path, "write");
		} finally {
			try {
				Files.deleteIfExists(tmp);
			} catch (IOException e) {
				// left for the sweep at the next open
			}
		}
	}

	@Override
	public void delete(String path) throws StoreException {
		Path p = file(path);
		if (Files.isDirectory(p))
			return; // a folder of objects is no object: nothing at this path to delete
		try (FolderLock.Held held = lock.hold()) {
			Files.deleteIfExists(p);
		} catch (DirectoryNotEmptyException e) {
			return; // became a folder meanwhile
		} catch (IOException e) {
			throw failure(e, path, "delete");
		}
	}

	@Override
	public void delete(String path, String etag) throws StoreException {
		try (FolderLock.Held held = lock.hold()) {
			Optional<ObjectInfo> now = head(path);
			if (now.isEmpty() || !now.get().etag().equals(etag))
				throw new PreconditionFailed(path, "etag " + etag + " no longer current");
			Files.delete(file(path));
		} catch (IOException e) {
			throw failure(e, path, "delete");
		}
	}

	/** Forces a folder's entries (a new name) to disk; where a folder can't be opened so, the file's force stands. */
	private void syncFolder(Path dir) {
		if (!sync)
			return;
		try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
			ch.force(true);
		} catch (IOException e) {
			// not every platform opens a folder as a channel
		}
	}

	/** A time strictly after {@code replaced} (and no earlier than now), so the new file's etag differs. */
	private static void stamp(Path tmp, Instant replaced) throws IOException {
		Instant now = Instant.now();
		if (replaced != null && !now.isAfter(replaced))
			now = replaced.plusNanos(1000);
		Files.setLastModifiedTime(tmp, FileTime.from(now));
	}

	private Path file(String path) {
		Path p = root.resolve(Paths.check(path)).normalize();
		if (!p.startsWith(root) || p.startsWith(temp) || p.equals(root))
			throw new IllegalArgumentException("not an object path of this store: " + path);
		return p;
	}

	private static ObjectInfo info(String path, Path p) throws IOException {
		BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
		if (!a.isRegularFile())
			throw new NoSuchFileException(path);
		return new ObjectInfo(path, a.size(), etag(a), a.lastModifiedTime().toInstant());
	}

	private static String etag(BasicFileAttributes a) {
		Object key = a.fileKey();
		String ino = key == null ? "0" : key.toString().replaceAll("[^0-9a-zA-Z=,]", "").replace(',', '.');
		Instant t = a.lastModifiedTime().toInstant();
		return "\"" + ino + "-" + Long.toHexString(a.size()) + "-" + Long.toHexString(t.getEpochSecond()) + "."
				+ Integer.toHexString(t.getNano()) + "\"";
	}

	private void sweepTemp() {
		Instant before = Instant.now().minus(STALE_TEMP);
		try (Stream<Path> s = Files.list(temp)) {
			for (Path p : (Iterable<Path>) s::iterator)
				if (p.getFileName().toString().endsWith(".tmp")
						&& Files.getLastModifiedTime(p).toInstant().isBefore(before))
					Files.deleteIfExists(p);
		} catch (IOException e) {
			// a sweep is best-effort: a temp file left is never read as an object
		}
	}

	private StoreException failure(IOException e, String path, String what) {
		if (e instanceof NoSuchFileException || (path != null && Files.isDirectory(root.resolve(path))))
			return StoreException.notFound(path);
		StoreException.Kind kind = e instanceof AccessDeniedException ? StoreException.Kind.FORBIDDEN
				: StoreException.Kind.IO;
		return new StoreException(kind, path, what + " " + (path == null ? "" : path) + ": " + e, e);
	}
}
