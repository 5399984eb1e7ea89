package io.lakestudio.mirror;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/** A bare LakeStore over a folder, for the mirror's tests (the onelake bundle's own is not its API here). */
final class FolderStore implements LakeStore {

	private final Path root;

	FolderStore(Path root) {
		this.root = root;
	}

	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		List<Entry> out = new ArrayList<>();
		try (Stream<Path> s = recursive ? Files.walk(root.resolve(dir)).skip(1) : Files.list(root.resolve(dir))) {
			for (Path p : (Iterable<Path>) s::iterator) {
				out.add(entry(p));
			}
		} catch (IOException e) {
			throw new LakeException(LakeException.Kind.NOT_FOUND, e.toString(), e);
		}
		return out;
	}

	@Override
	public Entry stat(String path) throws LakeException {
		try {
			return entry(root.resolve(path));
		} catch (IOException e) {
			throw new LakeException(LakeException.Kind.NOT_FOUND, e.toString(), e);
		}
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		try (RandomAccessFile f = new RandomAccessFile(root.resolve(path).toFile(), "r")) {
			byte[] b = new byte[(int) Math.max(0, Math.min(length, f.length() - offset))];
			f.seek(offset);
			f.readFully(b);
			return b;
		} catch (IOException e) {
			throw new LakeException(LakeException.Kind.FAILED, e.toString(), e);
		}
	}

	private Entry entry(Path p) throws IOException {
		boolean dir = Files.isDirectory(p);
		return new Entry(root.relativize(p).toString(), dir, dir ? 0 : Files.size(p),
				Files.getLastModifiedTime(p).toInstant());
	}
}
