package io.lakestudio.engine.internal;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * A cache that keeps its most recently used entries up to a total weight (their estimated heap bytes), for what
 * varies in size by orders of magnitude: a parsed footer of one column and one row group is a few hundred bytes,
 * one of a wide table with many row groups hundreds of KB. A count bound (see {@link Lru}) would let a big lake's
 * entries outgrow a capped heap. An entry heavier than the whole bound is not kept. Not thread-safe: callers that
 * share one across threads lock it.
 */
final class Weighed<K, V> {

	private record Held<V>(V value, long weight) {
	}

	private final LinkedHashMap<K, Held<V>> entries = new LinkedHashMap<>(64, 0.75f, true);
	private final long maxBytes;
	private final ToLongFunction<V> weight;
	private long bytes;

	Weighed(long maxBytes, ToLongFunction<V> weight) {
		this.maxBytes = maxBytes;
		this.weight = weight;
	}

	/** The value kept under {@code key}, now the most recently used; null if none. */
	V get(K key) {
		Held<V> h = entries.get(key);
		return h == null ? null : h.value();
	}

	/** Keeps {@code value}, then forgets the least recently used entries past the bound. */
	void put(K key, V value) {
		remove(key);
		long w = weight.applyAsLong(value);
		if (w > maxBytes) {
			return;
		}
		entries.put(key, new Held<>(value, w));
		bytes += w;
		for (Iterator<Held<V>> it = entries.values().iterator(); bytes > maxBytes && it.hasNext();) {
			bytes -= it.next().weight();
			it.remove();
		}
	}

	void remove(K key) {
		Held<V> h = entries.remove(key);
		if (h != null) {
			bytes -= h.weight();
		}
	}

	/** Forgets every entry. */
	void clear() {
		entries.clear();
		bytes = 0;
	}

	/** The estimated heap bytes of the entries kept. */
	long bytes() {
		return bytes;
	}

	int size() {
		return entries.size();
	}

	/** Rough heap bytes of a string: header and array, a byte a character (compact Latin-1, as most names are). */
	static long of(String s) {
		return s == null ? 0 : 40 + s.length();
	}

	/** Rough heap bytes of a map of strings (a HashMap's node and table slot per entry). */
	static long of(Map<String, String> m) {
		long b = 48;
		for (Map.Entry<String, String> e : m.entrySet()) {
			b += 48 + of(e.getKey()) + of(e.getValue());
		}
		return b;
	}
}
