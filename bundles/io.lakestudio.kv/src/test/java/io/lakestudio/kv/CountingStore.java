package io.lakestudio.kv;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/** Counts the requests a store is asked, by kind, to show what a reader writes (nothing) and a commit costs. */
final class CountingStore implements ObjectStore {

	final ObjectStore inner;
	final AtomicInteger gets = new AtomicInteger();
	final AtomicInteger lists = new AtomicInteger();
	final AtomicInteger puts = new AtomicInteger();
	final AtomicInteger deletes = new AtomicInteger();

	CountingStore(ObjectStore inner) {
		this.inner = inner;
	}

	@Override
	public String describe() {
		return "counting " + inner.describe();
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
		gets.incrementAndGet();
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

	@Override
	public void delete(String path, String etag) throws StoreException {
		deletes.incrementAndGet();
		inner.delete(path, etag);
	}
}
