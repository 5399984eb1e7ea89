package io.lakestudio.kv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.lakestudio.kv.internal.Bytes;

/**
 * Reads at one read point plus this transaction's own writes, committed as one batch. Commit fails with
 * {@link Conflict} (writing nothing) when a batch committed since the read point wrote a key this transaction read,
 * a key in a range it scanned, or a key it writes: serializable for one writer process.
 */
public final class Transaction implements KvReads, AutoCloseable {

	record Range(String subspace, byte[] from, byte[] to) {
		boolean holds(String s, byte[] key) {
			return subspace.equals(s) && Bytes.compare(key, from) >= 0 && (to == null || Bytes.compare(key, to) < 0);
		}
	}

	private final KvStore store;
	private final ReadPoint at;
	/** Own writes by subspace; Optional.empty() is a delete. */
	private final Map<String, TreeMap<byte[], Optional<byte[]>>> writes = new HashMap<>();
	final List<Range> read = new ArrayList<>();
	private boolean done;

	Transaction(KvStore store, ReadPoint at) {
		this.store = store;
		this.at = at;
	}

	public long readSeq() {
		return at.seq();
	}

	@Override
	public byte[] get(String subspace, byte[] key) throws KvException {
		open();
		Optional<byte[]> own = writes.getOrDefault(subspace, new TreeMap<>(Bytes.ORDER)).get(key);
		if (own != null)
			return own.orElse(null);
		byte[] next = java.util.Arrays.copyOf(key, key.length + 1);
		read.add(new Range(subspace, key, next));
		return at.get(subspace, key);
	}

	@Override
	public List<KeyValue> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
		open();
		read.add(new Range(subspace, from, to));
		TreeMap<byte[], byte[]> merged = new TreeMap<>(Bytes.ORDER);
		TreeMap<byte[], Optional<byte[]>> own = writes.getOrDefault(subspace, new TreeMap<>(Bytes.ORDER));
		int ownDeletes = (int) own.values().stream().filter(Optional::isEmpty).count();
		long want = (long) limit + ownDeletes;
		for (KeyValue kv : at.scan(subspace, from, to, (int) Math.min(Integer.MAX_VALUE, want)))
			merged.put(kv.key(), kv.value());
		var range = to == null ? own.tailMap(from, true) : own.subMap(from, true, to, false);
		range.forEach((k, v) -> {
			if (v.isPresent())
				merged.put(k, v.get());
			else
				merged.remove(k);
		});
		List<KeyValue> out = new ArrayList<>();
		for (Map.Entry<byte[], byte[]> e : merged.entrySet()) {
			if (out.size() >= limit)
				break;
			out.add(new KeyValue(e.getKey(), e.getValue()));
		}
		return out;
	}

	public Transaction put(String subspace, byte[] key, byte[] value) {
		open();
		writes.computeIfAbsent(WriteBatch.check(subspace), s -> new TreeMap<>(Bytes.ORDER)).put(key.clone(),
				Optional.of(value.clone()));
		return this;
	}

	public Transaction delete(String subspace, byte[] key) {
		open();
		writes.computeIfAbsent(WriteBatch.check(subspace), s -> new TreeMap<>(Bytes.ORDER)).put(key.clone(),
				Optional.empty());
		return this;
	}

	/** Commits the writes as one batch; returns its sequence number (the read point's when nothing was written). */
	public long commit() throws KvException {
		open();
		done = true;
		try {
			WriteBatch batch = new WriteBatch();
			writes.forEach((s, m) -> m.forEach((k, v) -> {
				if (v.isPresent())
					batch.put(s, k, v.get());
				else
					batch.delete(s, k);
			}));
			for (Map.Entry<String, TreeMap<byte[], Optional<byte[]>>> e : writes.entrySet())
				for (byte[] k : e.getValue().keySet())
					read.add(new Range(e.getKey(), k, java.util.Arrays.copyOf(k, k.length + 1)));
			return store.commit(this, batch);
		} finally {
			at.close();
		}
	}

	/** Drops the writes. */
	@Override
	public void close() {
		if (!done) {
			done = true;
			at.close();
		}
	}

	private void open() {
		if (done)
			throw new IllegalStateException("the transaction is over");
	}
}
