package io.lakestudio.engine.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A cached copy of a lake file: a sparse file of the lake file's full size, real only where ranges were written,
 * holes elsewhere (so DuckDB sees every offset where the footer says it is). Positional writes: ranges may be
 * written from several threads at once.
 */
final class SparseFile implements AutoCloseable {

	private final RandomAccessFile file;
	private final FileChannel channel;

	private SparseFile(RandomAccessFile file) {
		this.file = file;
		this.channel = file.getChannel();
	}

	/** Opens (or makes) the local copy of a file of {@code size} bytes for writing ranges into. */
	static SparseFile open(Path p, long size) throws IOException {
		RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw");
		try {
			if (f.length() != size) {
				f.setLength(size);
			}
			return new SparseFile(f);
		} catch (IOException | RuntimeException e) {
			f.close();
			throw e;
		}
	}

	void write(long off, byte[] b) throws IOException {
		ByteBuffer buf = ByteBuffer.wrap(b);
		for (long at = off; buf.hasRemaining();) {
			at += channel.write(buf, at);
		}
	}

	/** {@code len} bytes of a local copy from {@code off}. */
	static byte[] read(Path p, long off, int len) throws IOException {
		byte[] b = new byte[len];
		try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "r")) {
			f.seek(off);
			f.readFully(b);
		}
		return b;
	}

	@Override
	public void close() throws IOException {
		file.close();
	}
}
