package io.lakestudio.store;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * An object store that counts what is asked of it, by kind: requests, the bytes they moved and the time they took.
 * A request is counted whether it succeeds or fails, so a caller's retries show. It is how moraine reports a
 * catalog's object-store traffic, and what a test or bench says a call costs (a pinned reader: no PUT, no DELETE).
 */
public final class CountingStore implements ObjectStore {

	/** The kinds of request an {@link ObjectStore} is asked (a ranged read is a GET). */
	public enum Kind {
		GET, HEAD, LIST, PUT, DELETE
	}

	/** One kind's figures: requests, payload bytes (read for GET, sent for PUT, else 0), summed latency. */
	public record Count(long requests, long bytes, long nanos) {
	}

	private final ObjectStore inner;
	private final Map<Kind, LongAdder[]> counts = new EnumMap<>(Kind.class);

	public CountingStore(ObjectStore inner) {
		this.inner = inner;
		for (Kind k : Kind.values())
			counts.put(k, new LongAdder[] { new LongAdder(), new LongAdder(), new LongAdder() });
	}

	public ObjectStore inner() {
		return inner;
	}

	/** Every kind's figures so far, in {@link Kind} order. */
	public Map<Kind, Count> tally() {
		Map<Kind, Count> out = new EnumMap<>(Kind.class);
		counts.forEach((k, c) -> out.put(k, new Count(c[0].sum(), c[1].sum(), c[2].sum())));
		return out;
	}

	public long requests(Kind kind) {
		return counts.get(kind)[0].sum();
	}

	public long bytes(Kind kind) {
		return counts.get(kind)[1].sum();
	}

	/** PUTs and DELETEs: what a read-only credential could not do. */
	public long writes() {
		return requests(Kind.PUT) + requests(Kind.DELETE);
	}

	/** Every request of every kind. */
	public long requests() {
		long n = 0;
		for (Kind k : Kind.values())
			n += requests(k);
		return n;
	}

	private void count(Kind kind, long bytes, long started) {
		LongAdder[] c = counts.get(kind);
		c[0].increment();
		c[1].add(bytes);
		c[2].add(System.nanoTime() - started);
	}

	@Override
	public String describe() {
		return inner.describe();
	}

	@Override
	public byte[] get(String path) throws StoreException {
		long t0 = System.nanoTime();
		byte[] b = null;
		try {
			return b = inner.get(path);
		} finally {
			count(Kind.GET, b == null ? 0 : b.length, t0);
		}
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		long t0 = System.nanoTime();
		byte[] b = null;
		try {
			return b = inner.get(path, offset, length);
		} finally {
			count(Kind.GET, b == null ? 0 : b.length, t0);
		}
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		long t0 = System.nanoTime();
		try {
			return inner.head(path);
		} finally {
			count(Kind.HEAD, 0, t0);
		}
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		long t0 = System.nanoTime();
		try {
			return inner.list(prefix);
		} finally {
			count(Kind.LIST, 0, t0);
		}
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		long t0 = System.nanoTime();
		try {
			return inner.put(path, bytes, condition);
		} finally {
			count(Kind.PUT, bytes.length, t0);
		}
	}

	@Override
	public void delete(String path) throws StoreException {
		long t0 = System.nanoTime();
		try {
			inner.delete(path);
		} finally {
			count(Kind.DELETE, 0, t0);
		}
	}

	/** The inner store's own conditional delete (one request where it has one), counted as one DELETE. */
	@Override
	public void delete(String path, String etag) throws StoreException {
		long t0 = System.nanoTime();
		try {
			inner.delete(path, etag);
		} finally {
			count(Kind.DELETE, 0, t0);
		}
	}

	@Override
	public void close() {
		inner.close();
	}
}
