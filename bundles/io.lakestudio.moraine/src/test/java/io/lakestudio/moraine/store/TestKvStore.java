package io.lakestudio.moraine.store;

import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakestudio.kv.KvOptions;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.MemoryStore;

/**
 * The store every catalog test runs on, with the hooks the tests need, over the backend the system property
 * {@code moraine.kv} names: {@code port} (default) the in-memory port {@link MemoryKvStore}; {@code memory} the real
 * {@code io.lakestudio.kv} over a MemoryStore; {@code folder} the real KV over a fsynced FolderStore in a fresh
 * folder. The module's pom runs the suite once per backend. The hooks sit on the port, so they mean the same on
 * each: {@link #mutations} counts calls that change the store, {@link #openReadPoints} cuts not yet closed.
 */
public final class TestKvStore implements KvStore {

	public final AtomicInteger mutations = new AtomicInteger();
	public final AtomicInteger openReadPoints = new AtomicInteger();
	private final KvStore inner;
	private final MemoryKvStore port; // null on the real store
	private Runnable beforeNextWrite;

	public TestKvStore() {
		this(Clock.systemUTC());
	}

	public TestKvStore(Clock clock) {
		String backend = System.getProperty("moraine.kv", "port");
		try {
			switch (backend) {
				case "port" -> {
					port = new MemoryKvStore(clock);
					inner = port;
				}
				case "memory" -> {
					port = null;
					inner = new ObjectKvStore(new MemoryStore(), KvOptions.defaults().withClock(clock));
				}
				case "folder" -> {
					port = null;
					inner = new ObjectKvStore(new FolderStore(Files.createTempDirectory("moraine-kv")),
							KvOptions.defaults().withClock(clock));
				}
				default -> throw new IllegalArgumentException("moraine.kv=" + backend + ": port, memory or folder");
			}
		} catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}

	/** Runs {@code action} just before the next write lands (once), as a concurrent committer would. */
	public synchronized void beforeNextWrite(Runnable action) {
		beforeNextWrite = action;
	}

	/**
	 * Overwrites one key outside the catalog, as a test that damages or stamps a store does: on the real store
	 * through a writer of its own (so with no catalog writer open).
	 */
	public void rawPut(String subspace, byte[] key, byte[] value) {
		if (port != null) {
			port.rawPut(subspace, key, value);
			return;
		}
		try (Kv w = inner.openWriter()) {
			WriteBatch b = new WriteBatch();
			if (value == null)
				b.delete(subspace, key);
			else
				b.put(subspace, key, value);
			w.write(b);
		} catch (KvException e) {
			throw new IllegalStateException(e);
		}
	}

	@Override
	public String describe() {
		return inner.describe();
	}

	@Override
	public Kv openWriter() throws KvException {
		Kv kv = inner.openWriter();
		mutations.incrementAndGet();
		return new Counted(kv);
	}

	@Override
	public Kv openReader(Optional<String> checkpoint) throws KvException {
		return new Counted(inner.openReader(checkpoint));
	}

	@Override
	public Optional<byte[]> peek(String subspace, byte[] key) throws KvException {
		return inner.peek(subspace, key);
	}

	private final class Counted implements Kv {
		private final Kv kv;

		Counted(Kv kv) {
			this.kv = kv;
		}

		@Override
		public boolean writable() {
			return kv.writable();
		}

		@Override
		public ReadPoint read() throws KvException {
			ReadPoint p = kv.read();
			openReadPoints.incrementAndGet();
			return new ReadPoint() {
				private boolean closed;

				@Override
				public long sequence() {
					return p.sequence();
				}

				@Override
				public Optional<byte[]> get(String subspace, byte[] key) throws KvException {
					return p.get(subspace, key);
				}

				@Override
				public List<KvEntry> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
					return p.scan(subspace, from, to, limit);
				}

				@Override
				public synchronized void close() {
					if (!closed)
						openReadPoints.decrementAndGet();
					closed = true;
					p.close();
				}
			};
		}

		@Override
		public long write(WriteBatch batch) throws KvException {
			Runnable hook;
			synchronized (TestKvStore.this) {
				hook = beforeNextWrite;
				beforeNextWrite = null;
			}
			if (hook != null)
				hook.run();
			long seq = kv.write(batch);
			mutations.incrementAndGet();
			return seq;
		}

		@Override
		public KvCheckpoint createCheckpoint(Optional<Duration> lifetime) throws KvException {
			KvCheckpoint c = kv.createCheckpoint(lifetime);
			mutations.incrementAndGet();
			return c;
		}

		@Override
		public void deleteCheckpoint(String id) throws KvException {
			kv.deleteCheckpoint(id);
			mutations.incrementAndGet();
		}

		@Override
		public List<KvCheckpoint> checkpoints() throws KvException {
			return kv.checkpoints();
		}

		@Override
		public KvCensus census(boolean countLiveEntries) throws KvException {
			return kv.census(countLiveEntries);
		}

		@Override
		public List<KvMerge> compact(List<String> subspaces) throws KvException {
			List<KvMerge> m = kv.compact(subspaces);
			mutations.incrementAndGet();
			return m;
		}

		@Override
		public void close() throws KvException {
			kv.close();
		}
	}
}
