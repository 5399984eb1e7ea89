package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/** Batches applied since the last flush, every version kept (a read point below the newest must still see its own). */
public final class Memtable {

	private record Slot(byte[] key, long seq) implements Comparable<Slot> {
		@Override
		public int compareTo(Slot o) {
			return Version.compare(key, seq, o.key, o.seq);
		}
	}

	private final Map<String, ConcurrentSkipListMap<Slot, Version>> trees = new ConcurrentHashMap<>();
	private volatile long bytes;
	private volatile long lastSeq;
	private final long createdNanos = System.nanoTime();

	public synchronized void apply(Wal batch) {
		for (Wal.Op op : batch.ops()) {
			Version v = new Version(op.key(), batch.seq(), op.value());
			trees.computeIfAbsent(op.subspace(), s -> new ConcurrentSkipListMap<>())
					.put(new Slot(op.key(), batch.seq()), v);
			bytes += v.bytes() + 48;
		}
		lastSeq = Math.max(lastSeq, batch.seq());
	}

	public long bytes() {
		return bytes;
	}

	public long lastSeq() {
		return lastSeq;
	}

	public long ageNanos() {
		return System.nanoTime() - createdNanos;
	}

	public boolean isEmpty() {
		return trees.isEmpty();
	}

	public Set<String> subspaces() {
		return trees.keySet();
	}

	/** The newest version of the key at or before seq, or null. */
	public Version get(String subspace, byte[] key, long seq) {
		ConcurrentSkipListMap<Slot, Version> t = trees.get(subspace);
		if (t == null)
			return null;
		Map.Entry<Slot, Version> e = t.ceilingEntry(new Slot(key, seq));
		return e != null && Bytes.compare(e.getKey().key, key) == 0 ? e.getValue() : null;
	}

	/** Every version in [from, to), in order, read as iterated (a batch applied meanwhile is newer than the read). */
	public java.util.Iterator<Version> scan(String subspace, byte[] from, byte[] to) {
		ConcurrentSkipListMap<Slot, Version> t = trees.get(subspace);
		if (t == null)
			return java.util.Collections.emptyIterator();
		NavigableMap<Slot, Version> range = to == null ? t.tailMap(new Slot(from, Long.MAX_VALUE), true)
				: t.subMap(new Slot(from, Long.MAX_VALUE), true, new Slot(to, Long.MAX_VALUE), false);
		return range.values().iterator();
	}

	/** Every version of a subspace, in order: what a flush writes. */
	public List<Version> all(String subspace) {
		ConcurrentSkipListMap<Slot, Version> t = trees.get(subspace);
		return t == null ? List.of() : new ArrayList<>(t.values());
	}
}
