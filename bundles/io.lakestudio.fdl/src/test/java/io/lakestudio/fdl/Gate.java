package io.lakestudio.fdl;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * A store through which each writer's first write waits for the other writers' first writes, so every writer has
 * read the branch before any writes: the race is real on a busy machine too.
 */
public final class Gate implements ObjectStore {

	private final ObjectStore inner;
	private final CyclicBarrier barrier;
	private boolean passed;

	public Gate(ObjectStore inner, CyclicBarrier barrier) {
		this.inner = inner;
		this.barrier = barrier;
	}

	@Override
	public String describe() {
		return inner.describe();
	}

	@Override
	public byte[] get(String path) throws StoreException {
		return inner.get(path);
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		return inner.get(path, offset, length);
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		return inner.head(path);
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		return inner.list(prefix);
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		if (!passed) {
			passed = true;
			try {
				barrier.await(60, TimeUnit.SECONDS);
			} catch (Exception e) {
				throw new StoreException(StoreException.Kind.UNAVAILABLE, path, "the other writer never came: " + e);
			}
		}
		return inner.put(path, bytes, condition);
	}

	@Override
	public void delete(String path) throws StoreException {
		inner.delete(path);
	}

	@Override
	public void delete(String path, String etag) throws StoreException {
		inner.delete(path, etag);
	}
}
