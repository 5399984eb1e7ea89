package io.lakestudio.moraine.store;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The KV port in memory, for tests: a TreeMap per subspace, replaced (not changed) on every write so a read point
 * is an immutable cut; writer epochs for fencing; checkpoints as frozen cuts; census figures kept the way an LSM
 * store's manifest would (each write one L0 SST per subspace it touched, a merge collapsing them into one run).
 */
public final class MemoryKvStore implements KvStore {

	private final Clock clock;
	private Map<String, TreeMap<byte[], byte[]>> state = new HashMap<>();
	private long sequence;
	private long epoch;
	private final Map<String, Frozen> checkpoints = new TreeMap<>();
	private final Map<String, long[]> shape = new TreeMap<>(); // subspace → {l0, runs, sstBytes}
	/** Every call that changed the store: writes, checkpoints created or deleted, writers opened. */
	public final AtomicInteger mutations = new AtomicInteger();
	/** Read points handed out and not yet closed: what a real store would keep pinned. */
	public final AtomicInteger openReadPoints = new AtomicInteger();
	private Runnable beforeNextWrite;

	private record Frozen(KvCheckpoint info, Map<String, TreeMap<byte[], byte[]>> state) {
	}

	public MemoryKvStore() {
		this(Clock.systemUTC());
	}

	public MemoryKvStore(Clock clock) {
		this.clock = clock;
	}

	@Override
	public String describe() {
		return "memory-kv";
	}

	/** Runs {@code action} just before the next write lands (once), as a concurrent committer would. */
	public synchronized void beforeNextWrite(Runnable action) {
		beforeNextWrite = action;
	}

	@Override
	public synchronized Kv openWriter() {
		mutations.incrementAndGet();
		return new Handle(++epoch, null);
	}

	@Override
	public synchronized Kv openReader(Optional<String> checkpoint) throws KvException {
		if (checkpoint.isEmpty())
			return new Handle(0, null);
		Frozen f = live(checkpoint.get());
		return new Handle(0, f);
	}

	@Override
	public synchronized Optional<byte[]> peek(String subspace, byte[] key) {
		TreeMap<byte[], byte[]> m = state.get(subspace);
		return Optional.ofNullable(m == null ? null : m.get(key)).map(byte[]::clone);
	}

	/** Overwrites one key outside any handle, as a test that damages or stamps a store does. */
	public synchronized void rawPut(String subspace, byte[] key, byte[] value) {
		Map<String, TreeMap<byte[], byte[]>> next = new HashMap<>(state);
		TreeMap<byte[], byte[]> m = new TreeMap<>(Arrays::compareUnsigned);
		if (state.containsKey(subspace))
			m.putAll(state.get(subspace));
		if (value == null)
			m.remove(key);
		else
			m.put(key, value);
		next.put(subspace, m);
		state = next;
		sequence++;
	}

	private Frozen live(String id) throws KvException {
		Frozen f = checkpoints.get(id);
		if (f == null || f.info.expires().map(e -> !e.isAfter(clock.instant())).orElse(false))
			throw new KvException(KvException.Kind.NO_SUCH_CHECKPOINT, "no live checkpoint " + id);
		return f;
	}

	private final class Handle implements Kv {

		private final long myEpoch;
		private final Frozen pinned;
		private boolean closed;

		Handle(long epoch, Frozen pinned) {
			this.myEpoch = epoch;
			this.pinned = pinned;
		}

		@Override
		public boolean writable() {
			return myEpoch > 0;
		}

		@Override
		public ReadPoint read() throws KvException {
			synchronized (MemoryKvStore.this) {
				open();
				if (pinned != null)
					return point(pinned.state, pinned.info.sequence());
				return point(state, sequence);
			}
		}

		private void open() throws KvException {
			if (closed)
				throw new KvException(KvException.Kind.IO, "handle closed");
		}

		private void writer() throws KvException {
			open();
			if (myEpoch == 0)
				throw new KvException(KvException.Kind.READ_ONLY, "a reader cannot write");
			if (myEpoch != epoch)
				throw new KvException(KvException.Kind.FENCED, "writer epoch " + myEpoch + " fenced by " + epoch);
		}

		@Override
		public long write(WriteBatch batch) throws KvException {
			Runnable hook;
			synchronized (MemoryKvStore.this) {
				hook = beforeNextWrite;
				beforeNextWrite = null;
			}
			if (hook != null)
				hook.run();
			synchronized (MemoryKvStore.this) {
				writer();
				for (WriteBatch.Expectation e : batch.expectations()) {
					TreeMap<byte[], byte[]> m = state.get(e.subspace());
					if (!e.holds(m == null ? null : m.get(e.key())))
						throw new KvException(KvException.Kind.CONFLICT, "expectation on a key of " + e.subspace()
								+ " does not hold");
				}
				Map<String, TreeMap<byte[], byte[]>> next = new HashMap<>(state);
				Map<String, Long> touched = new HashMap<>();
				for (WriteBatch.Op op : batch.ops()) {
					TreeMap<byte[], byte[]> m = next.get(op.subspace());
					if (!touched.containsKey(op.subspace())) {
						TreeMap<byte[], byte[]> copy = new TreeMap<>(Arrays::compareUnsigned);
						if (m != null)
							copy.putAll(m);
						next.put(op.subspace(), copy);
						m = copy;
					}
					touched.merge(op.subspace(), (long) op.key().length + (op.value() == null ? 0 : op.value().length),
							Long::sum);
					if (op.value() == null)
						m.remove(op.key());
					else
						m.put(op.key(), op.value());
				}
				touched.forEach((s, bytes) -> {
					long[] f = shape.computeIfAbsent(s, k -> new long[3]);
					f[0]++;
					f[2] += bytes;
				});
				state = next;
				mutations.incrementAndGet();
				return ++sequence;
			}
		}

		@Override
		public KvCheckpoint createCheckpoint(Optional<Duration> lifetime) throws KvException {
			synchronized (MemoryKvStore.this) {
				writer();
				Instant now = clock.instant();
				KvCheckpoint c = new KvCheckpoint(UUID.randomUUID().toString(), sequence, now, lifetime.map(now::plus));
				checkpoints.put(c.id(), new Frozen(c, state));
				mutations.incrementAndGet();
				return c;
			}
		}

		@Override
		public void deleteCheckpoint(String id) throws KvException {
			synchronized (MemoryKvStore.this) {
				writer();
				checkpoints.remove(id);
				mutations.incrementAndGet();
			}
		}

		@Override
		public List<KvCheckpoint> checkpoints() {
			synchronized (MemoryKvStore.this) {
				Instant now = clock.instant();
				return checkpoints.values().stream().map(Frozen::info)
						.filter(c -> c.expires().map(now::isBefore).orElse(true)).toList();
			}
		}

		@Override
		public KvCensus census(boolean countLiveEntries) {
			synchronized (MemoryKvStore.this) {
				List<KvCensus.Subspace> out = new ArrayList<>();
				long sst = 0;
				for (var e : shape.entrySet()) {
					long[] f = e.getValue();
					TreeMap<byte[], byte[]> m = state.getOrDefault(e.getKey(), new TreeMap<>(Arrays::compareUnsigned));
					long live = m.entrySet().stream().mapToLong(x -> x.getKey().length + x.getValue().length).sum();
					out.add(new KvCensus.Subspace(e.getKey(), (int) f[0], (int) f[1], (int) (f[0] + f[1]), f[2],
							countLiveEntries ? OptionalLong.of(m.size()) : OptionalLong.empty(),
							countLiveEntries ? OptionalLong.of(live) : OptionalLong.empty()));
					sst += f[2];
				}
				return new KvCensus(out, new KvCensus.Objects(64, 0, 0, sst, 0));
			}
		}

		@Override
		public List<KvMerge> compact(List<String> subspaces) throws KvException {
			synchronized (MemoryKvStore.this) {
				writer();
				List<KvMerge> merges = new ArrayList<>();
				for (var e : shape.entrySet()) {
					if (!subspaces.isEmpty() && !subspaces.contains(e.getKey()))
						continue;
					long[] f = e.getValue();
					if (f[0] + f[1] <= 1) {
						merges.add(new KvMerge(e.getKey(), KvMerge.Outcome.NOTHING_TO_MERGE, 0, 0, 0, 0, 0));
						continue;
					}
					TreeMap<byte[], byte[]> m = state.getOrDefault(e.getKey(), new TreeMap<>(Arrays::compareUnsigned));
					long live = m.entrySet().stream().mapToLong(x -> x.getKey().length + x.getValue().length).sum();
					merges.add(new KvMerge(e.getKey(), KvMerge.Outcome.MERGED, (int) (f[0] + f[1]), 1, f[2], live, 0));
					f[0] = 0;
					f[1] = 1;
					f[2] = live;
				}
				mutations.incrementAndGet();
				return merges;
			}
		}

		@Override
		public void close() {
			closed = true;
		}
	}

	private ReadPoint point(Map<String, TreeMap<byte[], byte[]>> cut, long seq) {
		openReadPoints.incrementAndGet();
		return new ReadPoint() {
			private boolean closed;

			@Override
			public synchronized void close() {
				if (!closed)
					openReadPoints.decrementAndGet();
				closed = true;
			}

			@Override
			public long sequence() {
				return seq;
			}

			@Override
			public Optional<byte[]> get(String subspace, byte[] key) {
				TreeMap<byte[], byte[]> m = cut.get(subspace);
				return Optional.ofNullable(m == null ? null : m.get(key)).map(byte[]::clone);
			}

			@Override
			public List<KvEntry> scan(String subspace, byte[] from, byte[] to, int limit) {
				TreeMap<byte[], byte[]> m = cut.get(subspace);
				List<KvEntry> out = new ArrayList<>();
				if (m == null)
					return out;
				var range = to == null ? m.tailMap(from, true) : m.subMap(from, true, to, false);
				for (var e : range.entrySet()) {
					if (out.size() >= limit)
						break;
					out.add(new KvEntry(e.getKey().clone(), e.getValue().clone()));
				}
				return out;
			}
		};
	}
}
