package io.lakestudio.moraine.store;

import java.util.List;
import java.util.Optional;

/**
 * Reads at one consistent cut of the store: every get and scan through it sees the same state. Closing it tells
 * the store the cut is no longer needed (what it pins may then be collected); moraine closes the ones it opens
 * for a commit or a pass, and a snapshot's when the snapshot is closed.
 */
public interface ReadPoint extends AutoCloseable {

	/** The sequence number of the last write this cut includes. */
	long sequence();

	Optional<byte[]> get(String subspace, byte[] key) throws KvException;

	/**
	 * Entries with {@code from <= key < to} in key order ({@code to} null: to the end of the subspace), at most
	 * {@code limit} of them.
	 */
	List<KvEntry> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException;

	default List<KvEntry> scan(String subspace, byte[] from, byte[] to) throws KvException {
		return scan(subspace, from, to, Integer.MAX_VALUE);
	}

	@Override
	default void close() {
	}
}
