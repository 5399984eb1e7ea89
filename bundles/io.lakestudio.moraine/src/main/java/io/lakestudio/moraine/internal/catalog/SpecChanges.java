package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.INVALID;

import java.util.List;

import io.lakestudio.moraine.*;

/**
 * A transaction's changes to what hangs off a table or schema: tags, partition and sort specs (each setting ends
 * the live one), column mappings.
 */
final class SpecChanges {

	private final Mutations m;

	SpecChanges(Mutations m) {
		this.m = m;
	}

	// --- tags

	public void setTag(TagTarget target, String key, String value) {
		switch (target.kind()) {
			case SCHEMA -> m.liveSchema(new SchemaId(target.id()));
			case TABLE -> m.liveTable(new TableId(target.id()));
			case VIEW -> m.liveView(new ViewId(target.id()));
		}
		m.rows.at(m.snapshot, Family.TAG, target.id(), key).forEach(m::end);
		if (value != null)
			m.rows.put(new Row(Family.TAG, new Object[] { target.id(), key, m.snapshot, null, value }));
		m.ddl("altered_" + target.kind().name().toLowerCase() + ":" + target.id());
	}

	public void setColumnTag(TableId table, ColumnId column, String key, String value) {
		m.liveColumn(table, column);
		m.rows.at(m.snapshot, Family.COLUMN_TAG, table.value(), column.value(), key).forEach(m::end);
		if (value != null)
			m.rows.put(new Row(Family.COLUMN_TAG,
					new Object[] { table.value(), column.value(), key, m.snapshot, null, value }));
		m.ddl("altered_table:" + table.value());
	}

	// --- partition and sort specs, mappings

	public PartitionId setPartitionSpec(TableId table, List<PartitionColumnDef> keys) {
		m.liveTable(table);
		if (keys.isEmpty())
			throw new MoraineException(INVALID, "a partition spec needs a key; clear it instead");
		for (PartitionColumnDef k : keys)
			m.liveColumn(table, k.column());
		m.rows.at(m.snapshot, Family.PARTITION_INFO, table.value()).forEach(m::end);
		long id = m.catalogId();
		m.rows.put(new Row(Family.PARTITION_INFO, new Object[] { table.value(), id, m.snapshot, null }));
		long i = 0;
		for (PartitionColumnDef k : keys)
			m.rows.put(new Row(Family.PARTITION_COLUMN,
					new Object[] { table.value(), id, i++, k.column().value(), k.transform() }));
		m.ddl("altered_table:" + table.value());
		return new PartitionId(id);
	}

	public void clearPartitionSpec(TableId table) {
		m.liveTable(table);
		m.rows.at(m.snapshot, Family.PARTITION_INFO, table.value()).forEach(m::end);
		m.ddl("altered_table:" + table.value());
	}

	public SortId setSortSpec(TableId table, List<SortKeyDef> keys) {
		m.liveTable(table);
		if (keys.isEmpty())
			throw new MoraineException(INVALID, "a sort spec needs a key; clear it instead");
		m.rows.at(m.snapshot, Family.SORT_INFO, table.value()).forEach(m::end);
		long id = m.catalogId();
		m.rows.put(new Row(Family.SORT_INFO, new Object[] { table.value(), id, m.snapshot, null }));
		long i = 0;
		for (SortKeyDef k : keys)
			m.rows.put(new Row(Family.SORT_EXPRESSION, new Object[] { table.value(), id, i++, k.expression(),
					k.dialect(), k.sortDirection(), k.nullOrder() }));
		m.ddl("altered_table:" + table.value());
		return new SortId(id);
	}

	public void clearSortSpec(TableId table) {
		m.liveTable(table);
		m.rows.at(m.snapshot, Family.SORT_INFO, table.value()).forEach(m::end);
		m.ddl("altered_table:" + table.value());
	}

	public MappingId createColumnMapping(TableId table, String type, List<NameMappingDef> columns) {
		m.liveTable(table);
		long id = m.counters.nextFileId++;
		m.rows.put(new Row(Family.COLUMN_MAPPING, new Object[] { table.value(), id, type }));
		for (NameMappingDef c : columns) {
			if (c.parentColumn() != null && c.parentColumn() >= c.columnId())
				throw new MoraineException(INVALID, "mapping column " + c.columnId() + " names parent "
						+ c.parentColumn() + ", which does not precede it");
			m.rows.put(new Row(Family.NAME_MAPPING, new Object[] { id, c.columnId(), c.sourceName(),
					c.targetFieldId(), c.parentColumn(), c.isPartition() }));
		}
		m.changes.add("altered_table:" + table.value());
		return new MappingId(id);
	}

}
