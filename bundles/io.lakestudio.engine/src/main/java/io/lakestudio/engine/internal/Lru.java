package io.lakestudio.engine.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/** A map that keeps its {@code max} most recently used entries: the engine's small caches. Not thread-safe:
 * callers that share one across threads lock it. */
public final class Lru<K, V> extends LinkedHashMap<K, V> {

	private static final long serialVersionUID = 1L;

	private final int max;

	public Lru(int max) {
		super(Math.min(max, 256), 0.75f, true);
		this.max = max;
	}

	@Override
	protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
		return size() > max;
	}
}
