package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.ALREADY_EXISTS;
import static io.lakestudio.moraine.MoraineException.Kind.INVALID;
import static io.lakestudio.moraine.MoraineException.Kind.NOT_FOUND;

import java.util.List;

import io.lakestudio.moraine.*;

/** A transaction's equality-index changes: indexes created and dropped, entries added and removed. */
final class IndexChanges {

	private final Mutations m;

	IndexChanges(Mutations m) {
		this.m = m;
	}

	// --- equality indexes

	public IndexId createIndex(TableId table, IndexDef def) {
		m.liveTable(table);
		m.name("index", def.name());
		if (m.reader().indexes(table).stream().anyMatch(i -> i.name().equals(def.name())))
			throw new MoraineException(ALREADY_EXISTS, "index " + m.q(def.name()) + " already exists");
		long[] cols = new long[def.columns().size()];
		for (int i = 0; i < cols.length; i++)
			cols[i] = m.liveColumn(table, def.columns().get(i)).l("column_id");
		long id = m.catalogId();
		m.rows.put(new Row(Family.INDEX, new Object[] { table.value(), id, m.snapshot, null, def.name(), cols,
				def.unique(), false }));
		m.ddl("created_index:" + id);
		return new IndexId(id);
	}

	private Row liveIndex(IndexId index) {
		for (Row r : m.rows.at(m.snapshot, Family.INDEX))
			if (r.l("index_id") == index.value())
				return r;
		throw new MoraineException(NOT_FOUND, "no index " + index);
	}

	public void dropIndex(TableId table, IndexId index) {
		Row r = liveIndex(index);
		if (r.l("table_id") != table.value())
			throw new MoraineException(NOT_FOUND, "no index " + index + " on table " + table);
		m.end(r);
		m.ddl("dropped_index:" + index.value());
	}

	public void addIndexEntries(IndexId index, List<IndexEntry> entries) {
		Row r = liveIndex(index);
		int width = ((long[]) r.get("column_ids")).length;
		for (IndexEntry e : entries) {
			if (e.values().size() != width)
				throw new MoraineException(INVALID, "index " + index + " takes " + width + " values, not "
						+ e.values().size());
			if (r.b("is_unique") && !e.hasNull() && !Indexes.lookup(m.rows.view, index.value(), e.values()).isEmpty())
				throw new MoraineException(ALREADY_EXISTS, "unique index " + m.q(r.s("index_name"))
						+ " already holds " + e.values());
			m.rows.staged().put(io.lakestudio.moraine.internal.store.Layout.INDEX, Indexes.entryKey(index.value(), e),
					List.of(e.rowId(), e.hasNull()));
		}
		m.changes.add("inserted_into_table:" + r.l("table_id"));
	}

	public void removeIndexEntries(IndexId index, List<IndexEntry> entries) {
		Row r = liveIndex(index);
		for (IndexEntry e : entries)
			m.rows.staged().delete(io.lakestudio.moraine.internal.store.Layout.INDEX,
					Indexes.entryKey(index.value(), e));
		m.changes.add("deleted_from_table:" + r.l("table_id"));
	}
}
