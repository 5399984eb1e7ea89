package io.lakestudio.moraine.store;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One open handle on a KV store: a writer (from {@link KvStore#openWriter()}) or a reader. Every key lives in a
 * named subspace, each its own tree; keys and values are opaque bytes, keys ordered unsigned-lexicographically.
 */
public interface Kv extends AutoCloseable {

	/** Whether this handle may write (a reader's {@link #write} fails with {@link KvException.Kind#READ_ONLY}). */
	boolean writable();

	/** A consistent read point: the latest durable state (a pinned reader: its checkpoint's cut, always). */
	ReadPoint read() throws KvException;

	/**
	 * Applies a batch atomically and durably: all of it or none. Each of the batch's expectations is checked
	 * against the state the batch lands on; one that does not hold fails the batch with
	 * {@link KvException.Kind#CONFLICT} having written nothing.
	 *
	 * @return the sequence number of the durable write
	 */
	long write(WriteBatch batch) throws KvException;

	/** Pins the current state (and its objects) until {@code lifetime} passes or it is deleted; needs the writer. */
	KvCheckpoint createCheckpoint(Optional<Duration> lifetime) throws KvException;

	/** Removes a checkpoint; removing one that is not there is not an error. */
	void deleteCheckpoint(String id) throws KvException;

	/** The store's live checkpoints. */
	List<KvCheckpoint> checkpoints() throws KvException;

	/** What the store weighs by subspace, from its manifest plus one listing (and a scan when asked). */
	KvCensus census(boolean countLiveEntries) throws KvException;

	/** Merges the named subspaces' sorted runs (all subspaces when empty); needs the writer. */
	List<KvMerge> compact(List<String> subspaces) throws KvException;

	/** What this handle has asked of the object store, what its cache served and what it holds in memory. */
	default KvTally tally() {
		return KvTally.NONE;
	}

	@Override
	void close() throws KvException;
}
