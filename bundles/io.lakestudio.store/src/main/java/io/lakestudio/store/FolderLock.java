package io.lakestudio.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A folder store's lock across processes (an OS lock on one file) and across threads of this process (the OS lock
 * is the JVM's, so threads queue on a lock shared by every store on that file first).
 */
final class FolderLock {

	private static final ConcurrentHashMap<Path, FolderLock> LOCKS = new ConcurrentHashMap<>();

	private final Path file;
	private final ReentrantLock threads = new ReentrantLock();

	private FolderLock(Path file) {
		this.file = file;
	}

	static FolderLock of(Path file) {
		return LOCKS.computeIfAbsent(file, FolderLock::new);
	}

	/** Held until closed. */
	interface Held extends AutoCloseable {
		@Override
		void close() throws IOException;
	}

	Held hold() throws IOException {
		threads.lock();
		FileChannel ch = null;
		try {
			ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
			FileLock os = ch.lock();
			FileChannel open = ch;
			return () -> {
				try {
					os.release();
					open.close();
				} finally {
					threads.unlock();
				}
			};
		} catch (IOException | RuntimeException e) {
			if (ch != null)
				ch.close();
			threads.unlock();
			throw e;
		}
	}
}
