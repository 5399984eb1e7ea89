package io.lakestudio.onelake;

import java.util.List;
import java.util.function.Consumer;

/** A store whose every request is a line in the log: method, path, outcome, bytes or entries, time. */
public final class LoggedStore implements LakeStore {

	interface Call<T> {
		T run() throws LakeException;
	}

	private final LakeStore store;
	private final Consumer<String> log;

	public LoggedStore(LakeStore store, Consumer<String> log) {
		this.store = store;
		this.log = log;
	}

	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		long t0 = System.nanoTime();
		try {
			List<Entry> entries = store.list(dir, recursive);
			log.accept("LIST " + dir + (recursive ? " (recursive)" : "") + " ok " + entries.size() + " entries"
					+ ms(t0));
			return entries;
		} catch (LakeException e) {
			log.accept(failed("LIST", dir, e, t0));
			throw e;
		}
	}

	@Override
	public Entry stat(String path) throws LakeException {
		long t0 = System.nanoTime();
		try {
			Entry e = store.stat(path);
			log.accept("HEAD " + path + " ok " + e.size() + " bytes" + ms(t0));
			return e;
		} catch (LakeException e) {
			log.accept(failed("HEAD", path, e, t0));
			throw e;
		}
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		long t0 = System.nanoTime();
		try {
			byte[] bytes = store.read(path, offset, length);
			log.accept("GET " + path + " [" + offset + "+" + length + "] ok " + bytes.length + " bytes" + ms(t0));
			return bytes;
		} catch (LakeException e) {
			log.accept(failed("GET", path, e, t0));
			throw e;
		}
	}

	static String ms(long t0) {
		return " " + (System.nanoTime() - t0) / 1_000_000 + " ms";
	}

	static String failed(String method, String path, LakeException e, long t0) {
		return method + " " + path + " failed " + e.kind() + ": " + e.getMessage() + ms(t0);
	}
}
