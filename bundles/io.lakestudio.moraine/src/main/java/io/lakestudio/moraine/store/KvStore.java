package io.lakestudio.moraine.store;

import java.util.Optional;

/**
 * The port moraine needs from a transactional KV store whose whole state lives in object storage (SlateDB's
 * design: a manifest, a write-ahead log, immutable SSTs per subspace). Opening a writer fences every earlier one;
 * readers never fence anything.
 */
public interface KvStore {

	/** One line for logs: which store this is (never a secret). */
	String describe();

	/**
	 * Opens the store's single writer: bumps the writer epoch, so every earlier writer fails with
	 * {@link KvException.Kind#FENCED} on its next write and writes nothing more.
	 */
	Kv openWriter() throws KvException;

	/**
	 * Opens a reader. With no checkpoint it follows the latest state (and may write a checkpoint of its own to
	 * hold its cut, as SlateDB's readers do); pinned to {@code checkpoint} it reads that cut only and writes
	 * nothing at all.
	 */
	Kv openReader(Optional<String> checkpoint) throws KvException;

	/**
	 * One key of the latest durable state, read without opening a handle and writing nothing: how an opener
	 * looks at the writer lease before deciding whether it may fence the writer.
	 */
	java.util.Optional<byte[]> peek(String subspace, byte[] key) throws KvException;
}
