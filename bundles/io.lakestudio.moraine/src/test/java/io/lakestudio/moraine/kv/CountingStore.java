package io.lakestudio.moraine.kv;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/** An object store that counts the requests made of it, by kind: what a test or bench says a call costs. */
public final class CountingStore implements ObjectStore {

	private final ObjectStore inner;
	public final AtomicInteger gets = new AtomicInteger();
	public final AtomicInteger heads = new AtomicInteger();
	public final AtomicInteger lists = new AtomicInteger();
	public final AtomicInteger puts = new AtomicInteger();
	public final AtomicInteger deletes = new AtomicInteger();

	public CountingStore(ObjectStore inner) {
		this.inner = inner;
	}

	public int writes() {
		return puts.get() + deletes.get();
	}

	public int total() {
		return gets.get() + heads.get() + lists.get() + writes();
	}

	@Override
	public String describe() {
		return inner.describe();
	}

	@Override
	public byte[] get(String path) throws StoreException {
		gets.incrementAndGet();
		return inner.get(path);
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		gets.incrementAndGet();
		return inner.get(path, offset, length);
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		heads.incrementAndGet();
		return inner.head(path);
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		lists.incrementAndGet();
		return inner.list(prefix);
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		puts.incrementAndGet();
		return inner.put(path, bytes, condition);
	}

	@Override
	public void delete(String path) throws StoreException {
		deletes.incrementAndGet();
		inner.delete(path);
	}
}
