package io.lakestudio.store;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/** An object store in this process's memory: for tests and for a catalog that need not outlive the process. */
public final class MemoryStore implements ObjectStore {

	private record Stored(byte[] bytes, String etag, Instant time) {
	}

	private final Map<String, Stored> objects = new TreeMap<>();
	private final AtomicLong etags = new AtomicLong();
	private final Clock clock;

	public MemoryStore() {
		this(Clock.systemUTC());
	}

	public MemoryStore(Clock clock) {
		this.clock = clock;
	}

	@Override
	public String describe() {
		return "memory store";
	}

	@Override
	public synchronized byte[] get(String path) throws StoreException {
		return stored(path).bytes.clone();
	}

	@Override
	public synchronized byte[] get(String path, long offset, int length) throws StoreException {
		byte[] all = stored(path).bytes;
		if (offset < 0 || length < 0)
			throw new IllegalArgumentException("range " + offset + "+" + length);
		int from = (int) Math.min(offset, all.length);
		return Arrays.copyOfRange(all, from, (int) Math.min((long) from + length, all.length));
	}

	@Override
	public synchronized Optional<ObjectInfo> head(String path) {
		Stored s = objects.get(Paths.check(path));
		return s == null ? Optional.empty() : Optional.of(info(path, s));
	}

	@Override
	public synchronized List<ObjectInfo> list(String prefix) {
		List<ObjectInfo> out = new ArrayList<>();
		for (Map.Entry<String, Stored> e : objects.entrySet())
			if (e.getKey().startsWith(prefix))
				out.add(info(e.getKey(), e.getValue()));
		return out;
	}

	@Override
	public synchronized String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		Stored now = objects.get(Paths.check(path));
		switch (condition) {
		case WriteCondition.IfAbsent a -> {
			if (now != null)
				throw new PreconditionFailed(path, "already exists");
		}
		case WriteCondition.IfMatch m -> {
			if (now == null || !now.etag.equals(m.etag()))
				throw new PreconditionFailed(path, now == null ? "not there" : "etag " + m.etag() + " no longer current");
		}
		case WriteCondition.Always a -> {
		}
		}
		String etag = "\"m" + etags.incrementAndGet() + "\"";
		objects.put(path, new Stored(bytes.clone(), etag, clock.instant()));
		return etag;
	}

	@Override
	public synchronized void delete(String path) {
		objects.remove(Paths.check(path));
	}

	@Override
	public synchronized void delete(String path, String etag) throws StoreException {
		Stored now = objects.get(Paths.check(path));
		if (now == null || !now.etag.equals(etag))
			throw new PreconditionFailed(path, "etag " + etag + " no longer current");
		objects.remove(path);
	}

	private Stored stored(String path) throws StoreException {
		Stored s = objects.get(Paths.check(path));
		if (s == null)
			throw StoreException.notFound(path);
		return s;
	}

	private static ObjectInfo info(String path, Stored s) {
		return new ObjectInfo(path, s.bytes.length, s.etag, s.time);
	}
}
