package io.lakestudio.onelake.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;

/**
 * A {@link LakeStore} over a folder. Lake paths are relative to the root, '/'-separated, "" for the root; a path
 * that would leave the root ("..", absolute, or a symbolic link pointing out) is refused.
 */
public final class LocalFolderStore implements LakeStore {

	private final Path root;

	public LocalFolderStore(Path root) {
		this.root = root.toAbsolutePath().normalize();
	}

	public Path root() {
		return root;
	}

	/** The file behind a lake path, after checking that it stays inside the root. */
	public Path resolve(String lakePath) throws LakeException {
		String p = lakePath == null ? "" : lakePath;
		if (p.startsWith("/") || p.contains("\\") || Arrays.asList(p.split("/")).contains("..")) {
			throw new LakeException(Kind.FAILED, "path outside the lake: " + lakePath);
		}
		Path file = root.resolve(p).normalize();
		if (!file.startsWith(root)) {
			throw new LakeException(Kind.FAILED, "path outside the lake: " + lakePath);
		}
		try {
			if (Files.exists(file) && !file.toRealPath().startsWith(root.toRealPath())) {
				throw new LakeException(Kind.FAILED, "path outside the lake (via a link): " + lakePath);
			}
		} catch (IOException e) {
			throw failed(lakePath, e);
		}
		return file;
	}

	String lakePath(Path file) {
		return root.relativize(file).toString().replace(java.io.File.separatorChar, '/');
	}

	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		Path d = resolve(dir);
		if (!Files.isDirectory(d)) {
			throw new LakeException(Kind.NOT_FOUND, "no folder " + dir + " in " + root);
		}
		List<Entry> out = new ArrayList<>();
		try (Stream<Path> s = recursive ? Files.walk(d).skip(1) : Files.list(d)) {
			for (Path p : (Iterable<Path>) s.sorted(Comparator.comparing(Path::toString))::iterator) {
				out.add(entry(p));
			}
		} catch (IOException e) {
			throw failed(dir, e);
		}
		return out;
	}

	@Override
	public Entry stat(String path) throws LakeException {
		Path p = resolve(path);
		if (!Files.exists(p)) {
			throw new LakeException(Kind.NOT_FOUND, "no file " + path + " in " + root);
		}
		try {
			return entry(p);
		} catch (IOException e) {
			throw failed(path, e);
		}
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		Path p = resolve(path);
		if (offset < 0 || length < 0) {
			throw new LakeException(Kind.FAILED, "bad range " + offset + "+" + length + " of " + path);
		}
		try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
			long size = ch.size();
			int n = (int) Math.max(0, Math.min(length, size - offset));
			ByteBuffer buf = ByteBuffer.allocate(n);
			while (buf.hasRemaining() && ch.read(buf, offset + buf.position()) >= 0) {
				// positional reads until the range is full or the file ends
			}
			return buf.position() == n ? buf.array() : Arrays.copyOf(buf.array(), buf.position());
		} catch (NoSuchFileException e) {
			throw new LakeException(Kind.NOT_FOUND, "no file " + path + " in " + root, e);
		} catch (IOException e) {
			throw failed(path, e);
		}
	}

	private Entry entry(Path p) throws IOException {
		BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
		boolean dir = a.isDirectory() || Files.isDirectory(p);
		return new Entry(lakePath(p), dir, dir ? 0 : Files.size(p), a.lastModifiedTime().toInstant());
	}

	private LakeException failed(String path, IOException e) {
		return new LakeException(Kind.FAILED, "cannot read " + path + " in " + root + ": " + e, e);
	}
}
