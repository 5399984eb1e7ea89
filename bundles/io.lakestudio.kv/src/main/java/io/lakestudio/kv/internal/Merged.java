package io.lakestudio.kv.internal;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/** Sources' versions merged lazily in (key ascending, newest first) order: a scan with a limit reads only its part. */
final class Merged implements Iterator<Version> {

	private record Head(Version v, Iterator<Version> rest) {
	}

	private final PriorityQueue<Head> heads = new PriorityQueue<>(
			(a, b) -> Version.compare(a.v.key(), a.v.seq(), b.v.key(), b.v.seq()));

	Merged(List<Iterator<Version>> sources) {
		for (Iterator<Version> s : sources)
			if (s.hasNext())
				heads.add(new Head(s.next(), s));
	}

	@Override
	public boolean hasNext() {
		return !heads.isEmpty();
	}

	@Override
	public Version next() {
		Head h = heads.poll();
		if (h == null)
			throw new NoSuchElementException();
		if (h.rest.hasNext())
			heads.add(new Head(h.rest.next(), h.rest));
		return h.v;
	}
}
