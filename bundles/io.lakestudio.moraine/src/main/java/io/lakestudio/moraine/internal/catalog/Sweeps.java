package io.lakestudio.moraine.internal.catalog;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;

/**
 * What a maintenance pass may reclaim: the entry ranges of dropped indexes (a dropped table's among them). Since
 * catalog ids are never reused, an index ended at any snapshot is dead for good, so a sweep needs no word with
 * the writer.
 */
public final class Sweeps {

	/** A dropped index whose entries may still be in the store. */
	public record Dead(long table, long index) {

		public byte[][] entryRange() {
			return Indexes.range(index);
		}
	}

	private Sweeps() {
	}

	public static List<Dead> deadIndexes(RowView view) {
		List<Dead> dead = new ArrayList<>();
		for (Row r : new Rows(view, null).all(Family.INDEX))
			if (r.end() != null && !r.b("swept"))
				dead.add(new Dead(r.l("table_id"), r.l("index_id")));
		return dead;
	}

	/** Marks the index's rows swept, so the next pass skips it (its rows stay for time travel). */
	public static void markSwept(RowView view, Staged staged, Dead d) {
		Rows rows = new Rows(view, staged);
		for (Row r : rows.all(Family.INDEX, d.table(), d.index()))
			rows.put(r.with("swept", true));
	}
}
