package io.lakestudio.moraine.internal.catalog;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.moraine.IndexEntry;
import io.lakestudio.moraine.internal.store.Keys;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;

/** Equality index entries: keyed by index, encoded values and row id, so a lookup by value is one prefix scan. */
final class Indexes {

	private Indexes() {
	}

	static byte[] valueKey(List<String> values) {
		return Keys.of(values.toArray());
	}

	static byte[] entryKey(long index, IndexEntry e) {
		return Layout.indexKey(index, valueKey(e.values()), e.rowId());
	}

	/** Row ids indexed under exactly these values (nulls match IS NULL). */
	static List<Long> lookup(RowView view, long index, List<String> values) {
		byte[] from = Keys.of(index, valueKey(values));
		List<Long> ids = new ArrayList<>();
		for (List<Object> f : view.scanRange(Layout.INDEX, from, Keys.prefixEnd(from)))
			ids.add((Long) f.get(0));
		return ids;
	}

	static byte[][] range(long index) {
		byte[] from = Keys.of(index);
		return new byte[][] { from, Keys.prefixEnd(from) };
	}
}
