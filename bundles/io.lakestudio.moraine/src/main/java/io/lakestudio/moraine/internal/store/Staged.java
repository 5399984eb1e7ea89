package io.lakestudio.moraine.internal.store;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.moraine.store.WriteBatch;

/**
 * Writes staged by one transaction, in key order per subspace, before they become one {@link WriteBatch}: a later
 * put of the same key replaces an earlier one, and reads through a {@link RowView} see them.
 */
public final class Staged {

	static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;

	/** Per subspace: key → encoded value, or null for a delete. */
	private final Map<String, TreeMap<byte[], byte[]>> writes = new TreeMap<>();

	public void put(String subspace, byte[] key, List<?> fields) {
		space(subspace).put(key, Values.encode(fields));
	}

	public void putRaw(String subspace, byte[] key, byte[] value) {
		space(subspace).put(key, value);
	}

	public void delete(String subspace, byte[] key) {
		space(subspace).put(key, null);
	}

	TreeMap<byte[], byte[]> space(String subspace) {
		return writes.computeIfAbsent(subspace, s -> new TreeMap<>(ORDER));
	}

	TreeMap<byte[], byte[]> peek(String subspace) {
		return writes.get(subspace);
	}

	public boolean isEmpty() {
		return writes.values().stream().allMatch(Map::isEmpty);
	}

	/** Every staged write, in one batch. */
	public WriteBatch toBatch() {
		WriteBatch batch = new WriteBatch();
		writes.forEach((subspace, entries) -> entries.forEach((k, v) -> {
			if (v == null)
				batch.delete(subspace, k);
			else
				batch.put(subspace, k, v);
		}));
		return batch;
	}
}
