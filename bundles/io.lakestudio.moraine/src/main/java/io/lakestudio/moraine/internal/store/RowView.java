package io.lakestudio.moraine.internal.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.lakestudio.moraine.store.KvEntry;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.ReadPoint;

/**
 * Decoded rows at one read point, with a transaction's staged writes laid over it (reads your own writes). The
 * catalog reads through this and never through the KV port.
 */
public final class RowView {

	private final ReadPoint point;
	private final Staged staged;

	public RowView(ReadPoint point, Staged staged) {
		this.point = point;
		this.staged = staged;
	}

	public ReadPoint point() {
		return point;
	}

	/** Tells the store this view's cut is no longer needed. */
	public void release() {
		point.close();
	}

	public long sequence() {
		return point.sequence();
	}

	/** Every row of {@code family} whose key starts with {@code prefix}, in key order. */
	public List<List<Object>> scan(String subspace, String family, Object... prefix) {
		byte[] from = Layout.rowKey(family, prefix);
		return scanRange(subspace, from, Keys.prefixEnd(from));
	}

	public List<List<Object>> scanRange(String subspace, byte[] from, byte[] to) {
		List<List<Object>> rows = new ArrayList<>();
		for (byte[] value : raw(subspace, from, to, Integer.MAX_VALUE).values())
			rows.add(Values.decode(value));
		return rows;
	}

	/** Keys and raw values in a range, overlay included, at most {@code limit}. */
	public TreeMap<byte[], byte[]> raw(String subspace, byte[] from, byte[] to, int limit) {
		TreeMap<byte[], byte[]> merged = new TreeMap<>(Staged.ORDER);
		try {
			for (KvEntry e : point.scan(subspace, from, to, limit))
				merged.put(e.key(), e.value());
		} catch (KvException e) {
			throw new StoreFailure(e);
		}
		TreeMap<byte[], byte[]> mine = staged == null ? null : staged.peek(subspace);
		if (mine != null) {
			Map<byte[], byte[]> range = to == null ? mine.tailMap(from, true) : mine.subMap(from, true, to, false);
			range.forEach((k, v) -> {
				if (v == null)
					merged.remove(k);
				else
					merged.put(k, v);
			});
		}
		while (merged.size() > limit)
			merged.pollLastEntry();
		return merged;
	}

	public Optional<List<Object>> get(String subspace, byte[] key) {
		return getRaw(subspace, key).map(Values::decode);
	}

	public Optional<byte[]> getRaw(String subspace, byte[] key) {
		TreeMap<byte[], byte[]> mine = staged == null ? null : staged.peek(subspace);
		if (mine != null && mine.containsKey(key))
			return Optional.ofNullable(mine.get(key));
		try {
			return point.get(subspace, key);
		} catch (KvException e) {
			throw new StoreFailure(e);
		}
	}

	/** A KV failure met while reading through a view, carried out of code that reads rows without a throws. */
	public static final class StoreFailure extends RuntimeException {

		private static final long serialVersionUID = 1L;

		public StoreFailure(KvException cause) {
			super(cause.getMessage(), cause);
		}

		public KvException kv() {
			return (KvException) getCause();
		}
	}
}
