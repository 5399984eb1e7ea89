package io.lakestudio.moraine.internal.catalog;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.moraine.RecentRow;
import io.lakestudio.moraine.SnapshotId;
import io.lakestudio.moraine.internal.store.Keys;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;

/**
 * Inlined chunks: the rows of one inlineInsert, kept in the catalog with their Arrow bytes. Each row carries the
 * snapshot that deleted it (0: live) and whether a flush moved it into a data file (then no snapshot lists it
 * here: the file's backdated record does).
 */
final class Inlined {

	record Chunk(long table, long firstRowId, int rowCount, long begin, long schemaVersion, byte[] schema,
			byte[] body, long[] deletedAt, long[] flushed) {

		List<Object> fields() {
			return List.of(table, firstRowId, (long) rowCount, begin, schemaVersion, schema, body, deletedAt,
					flushed);
		}

		static Chunk of(List<Object> f) {
			return new Chunk((Long) f.get(0), (Long) f.get(1), (int) (long) (Long) f.get(2), (Long) f.get(3),
					(Long) f.get(4), (byte[]) f.get(5), (byte[]) f.get(6), (long[]) f.get(7), (long[]) f.get(8));
		}

		boolean visibleAt(int i, long snapshot) {
			return flushed[i] == 0 && begin <= snapshot && (deletedAt[i] == 0 || deletedAt[i] > snapshot);
		}
	}

	private Inlined() {
	}

	static List<Chunk> chunks(RowView view, long table) {
		byte[] from = Keys.of(table);
		List<Chunk> chunks = new ArrayList<>();
		for (List<Object> f : view.scanRange(Layout.INLINED, from, Keys.prefixEnd(from)))
			chunks.add(Chunk.of(f));
		return chunks;
	}

	static void put(Staged staged, Chunk c) {
		staged.put(Layout.INLINED, Layout.chunkKey(c.table, c.firstRowId), c.fields());
	}

	static List<RecentRow> rowsAt(RowView view, long table, long snapshot) {
		List<RecentRow> out = new ArrayList<>();
		for (Chunk c : chunks(view, table))
			for (int i = 0; i < c.rowCount; i++)
				if (c.visibleAt(i, snapshot))
					out.add(new RecentRow(c.firstRowId + i, i, new SnapshotId(c.begin), c.schemaVersion, c.body,
							c.schema));
		return out;
	}
}
