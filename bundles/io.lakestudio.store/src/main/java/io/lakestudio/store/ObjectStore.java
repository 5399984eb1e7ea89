package io.lakestudio.store;

import java.util.List;
import java.util.Optional;

/**
 * An object store with conditional writes: the one arbitration primitive that moraine's KV store and FDL's refs
 * stand on. Paths are relative to the store's root, '/'-separated, never starting with '/'. Every write is whole
 * (a reader sees the old object or the new one, never a part), and a conditional write either lands or throws
 * {@link PreconditionFailed} having changed nothing.
 *
 * <p>Implementations: a local folder (safe across processes on one machine), in memory (tests), OneLake DFS, and
 * FDL's HTTP host.
 */
public interface ObjectStore extends AutoCloseable {

	/** One line for logs: which store this is (never a secret). */
	String describe();

	/** The object's bytes, or {@link StoreException.Kind#NOT_FOUND}. */
	byte[] get(String path) throws StoreException;

	/** {@code length} bytes from {@code offset}; fewer only at the end of the object. */
	byte[] get(String path, long offset, int length) throws StoreException;

	/** Size, etag and time of an object; empty when there is none. */
	Optional<ObjectInfo> head(String path) throws StoreException;

	/** Every object whose path starts with {@code prefix} (not only one level), sorted by path. */
	List<ObjectInfo> list(String prefix) throws StoreException;

	/**
	 * Writes an object whole, if {@code condition} holds when it lands.
	 *
	 * @return the new object's etag
	 * @throws PreconditionFailed when the condition does not hold (nothing was written)
	 */
	String put(String path, byte[] bytes, WriteCondition condition) throws StoreException;

	/** Deletes an object; deleting one that is not there is not an error. */
	void delete(String path) throws StoreException;

	/** Deletes an object only while its etag is {@code etag}. */
	default void delete(String path, String etag) throws StoreException {
		Optional<ObjectInfo> now = head(path);
		if (now.isEmpty() || !now.get().etag().equals(etag))
			throw new PreconditionFailed(path, "etag " + etag + " no longer current");
		delete(path);
	}

	@Override
	default void close() {
	}
}
