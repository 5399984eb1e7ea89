package io.lakestudio.kv;

import java.util.List;

/** Reads at one consistent cut. */
public interface KvReads {

	/** The value, or null when the key is absent. */
	byte[] get(String subspace, byte[] key) throws KvException;

	/** Live pairs with keys in [from, to) (to null: to the end), in unsigned key order, at most {@code limit}. */
	List<KeyValue> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException;

	default List<KeyValue> scan(String subspace, byte[] from, byte[] to) throws KvException {
		return scan(subspace, from, to, Integer.MAX_VALUE);
	}
}
