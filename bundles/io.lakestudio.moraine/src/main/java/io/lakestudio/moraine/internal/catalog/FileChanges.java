package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.INVALID;
import static io.lakestudio.moraine.MoraineException.Kind.NOT_FOUND;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.*;

/**
 * A transaction's data changes: files registered and ended (row ids drawn from the table's counter, data before
 * metadata), stats stored verbatim, inlined chunks inserted, deleted and flushed.
 */
final class FileChanges {

	private final Mutations m;

	FileChanges(Mutations m) {
		this.m = m;
	}

	// --- files and stats

	private Row stats(TableId table) {
		return m.rows.one(m.snapshot, Family.TABLE_STATS, table.value())
				.orElseThrow(() -> new IllegalStateException("table " + table + " has no stats row"));
	}

	public DataFileId addDataFile(DataFile file) {
		m.liveTable(file.table());
		Row st = stats(file.table());
		return registerFile(file, st.l("next_row_id"), m.snapshot, true);
	}

	private DataFileId registerFile(DataFile file, long rowIdStart, long begin, boolean advanceCounter) {
		TableId table = file.table();
		m.liveTable(table);
		if (file.path() == null || file.path().isBlank())
			throw new MoraineException(INVALID, "a data file of table " + table + " needs a path");
		if (file.partition().isPresent()) {
			boolean known = m.rows.all(Family.PARTITION_INFO, table.value(), file.partition().get().value()).size() > 0;
			if (!known)
				throw new MoraineException(INVALID, "table " + table + " has no partition spec "
						+ file.partition().get());
			int keys = m.rows.all(Family.PARTITION_COLUMN, table.value(), file.partition().get().value()).size();
			if (keys != file.partitionValues().size())
				throw new MoraineException(INVALID, "file " + file.path() + " gives " + file.partitionValues().size()
						+ " partition values for a spec of " + keys + " keys");
		}
		if (file.mapping().isPresent()
				&& m.rows.all(Family.COLUMN_MAPPING, table.value(), file.mapping().get().value()).isEmpty())
			throw new MoraineException(INVALID, "table " + table + " has no column mapping " + file.mapping().get());
		long id = m.counters.nextFileId++;
		m.rows.put(new Row(Family.DATA_FILE, new Object[] { table.value(), id, begin, null, null, file.path(),
				file.pathIsRelative(), file.fileFormat(), file.recordCount(), file.fileSizeBytes(), file.footerSize(),
				rowIdStart, file.partition().map(PartitionId::value).orElse(null), file.encryptionKey(), null,
				file.mapping().map(MappingId::value).orElse(null) }));
		long key = 0;
		for (String v : file.partitionValues())
			m.rows.put(new Row(Family.FILE_PARTITION_VALUE, new Object[] { table.value(), id, key++, v }));
		for (FileColumnStats s : file.columnStats()) {
			m.liveColumn(table, s.column());
			m.rows.put(new Row(Family.FILE_COLUMN_STATS, new Object[] { table.value(), id, s.column().value(),
					s.columnSizeBytes(), s.valueCount(), s.nullCount(), s.minValue(), s.maxValue(), s.containsNan(),
					s.extraStats() }));
		}
		Row st = stats(table);
		Row next = st.with("record_count", st.l("record_count") + file.recordCount())
				.with("file_size_bytes", st.l("file_size_bytes") + file.fileSizeBytes());
		if (advanceCounter)
			next = next.with("next_row_id", rowIdStart + file.recordCount());
		m.rows.put(next);
		m.changes.add("inserted_into_table:" + table.value());
		return new DataFileId(id);
	}

	public void removeDataFile(TableId table, DataFileId file) {
		m.liveTable(table);
		Row row = m.rows.one(m.snapshot, Family.DATA_FILE, table.value(), file.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no data file " + file + " in table " + table));
		m.end(row);
		for (Row d : m.rows.at(m.snapshot, Family.DELETE_FILE, table.value()))
			if (d.l("data_file_id") == file.value())
				m.end(d);
		Row st = stats(table);
		m.rows.put(st.with("record_count", Math.max(0, st.l("record_count") - row.l("record_count")))
				.with("file_size_bytes", Math.max(0, st.l("file_size_bytes") - row.l("file_size_bytes"))));
		m.changes.add("deleted_from_table:" + table.value());
	}

	public DeleteFileId addDeleteFile(DeleteFile file) {
		m.liveTable(file.table());
		Row target = m.rows.one(m.snapshot, Family.DATA_FILE, file.table().value(), file.dataFile().value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no data file " + file.dataFile()));
		if (file.deleteCount() > target.l("record_count"))
			throw new MoraineException(INVALID, "delete file " + file.path() + " deletes " + file.deleteCount()
					+ " of " + target.l("record_count") + " rows");
		for (Row d : m.rows.at(m.snapshot, Family.DELETE_FILE, file.table().value()))
			if (d.l("data_file_id") == file.dataFile().value())
				m.end(d);
		long id = m.counters.nextFileId++;
		m.rows.put(new Row(Family.DELETE_FILE, new Object[] { file.table().value(), id, m.snapshot, null,
				file.dataFile().value(), file.path(), file.pathIsRelative(), file.format(), file.deleteCount(),
				file.fileSizeBytes(), file.footerSize(), null, null }));
		m.changes.add("deleted_from_table:" + file.table().value());
		return new DeleteFileId(id);
	}

	public void setColumnStats(TableId table, ColumnStats s) {
		m.liveColumn(table, s.column());
		m.rows.put(new Row(Family.TABLE_COLUMN_STATS, new Object[] { table.value(), s.column().value(),
				s.containsNull(), s.containsNan(), s.minValue(), s.maxValue(), s.extraStats() }));
		m.changes.add("inserted_into_table:" + table.value());
	}

	// --- inlined data

	public long inlineInsert(TableId table, InlineChunk chunk) {
		m.liveTable(table);
		Row st = stats(table);
		long first = st.l("next_row_id");
		long version = m.counters.schemaVersion;
		String name = "ducklake_inlined_data_" + table.value() + "_" + version;
		if (m.rows.all(Family.INLINED_DATA_TABLES, table.value(), version).isEmpty())
			m.rows.put(new Row(Family.INLINED_DATA_TABLES, new Object[] { table.value(), version, name }));
		Inlined.put(m.rows.staged(), new Inlined.Chunk(table.value(), first, chunk.rowCount(), m.snapshot, version,
				chunk.arrowSchema(), chunk.body(), new long[chunk.rowCount()], new long[chunk.rowCount()]));
		m.rows.put(st.with("next_row_id", first + chunk.rowCount())
				.with("record_count", st.l("record_count") + chunk.rowCount()));
		m.changes.add("inlined_insert:" + table.value());
		return first;
	}

	public void inlineDelete(TableId table, long rowId) {
		m.liveTable(table);
		for (Inlined.Chunk c : Inlined.chunks(m.rows.view, table.value())) {
			if (rowId < c.firstRowId() || rowId >= c.firstRowId() + c.rowCount())
				continue;
			int i = (int) (rowId - c.firstRowId());
			if (!c.visibleAt(i, m.snapshot))
				break;
			long[] deleted = c.deletedAt().clone();
			deleted[i] = m.snapshot;
			Inlined.put(m.rows.staged(), new Inlined.Chunk(c.table(), c.firstRowId(), c.rowCount(), c.begin(),
					c.schemaVersion(), c.schema(), c.body(), deleted, c.flushed()));
			Row st = stats(table);
			m.rows.put(st.with("record_count", Math.max(0, st.l("record_count") - 1)));
			m.changes.add("inlined_delete:" + table.value());
			return;
		}
		throw new MoraineException(NOT_FOUND, "no live inlined row " + rowId + " in table " + table);
	}

	public Optional<DataFileId> flushInlinedData(TableId table, FlushedDataFile flushed) {
		m.liveTable(table);
		List<Inlined.Chunk> chunks = Inlined.chunks(m.rows.view, table.value());
		long live = 0, minRow = Long.MAX_VALUE, minBegin = Long.MAX_VALUE;
		List<Inlined.Chunk> drained = new ArrayList<>();
		for (Inlined.Chunk c : chunks) {
			long[] flushedRows = c.flushed().clone();
			boolean any = false;
			for (int i = 0; i < c.rowCount(); i++)
				if (c.visibleAt(i, m.snapshot)) {
					flushedRows[i] = m.snapshot;
					live++;
					any = true;
					minRow = Math.min(minRow, c.firstRowId() + i);
					minBegin = Math.min(minBegin, c.begin());
				}
			if (any)
				drained.add(new Inlined.Chunk(c.table(), c.firstRowId(), c.rowCount(), c.begin(), c.schemaVersion(),
						c.schema(), c.body(), c.deletedAt(), flushedRows));
		}
		if (live == 0)
			return Optional.empty();
		DataFile file = flushed.file();
		if (!file.table().equals(table) || file.recordCount() != live)
			throw new MoraineException(INVALID, "the flushed file holds " + file.recordCount() + " rows of table "
					+ file.table() + "; table " + table + " has " + live + " live inlined rows");
		drained.forEach(c -> Inlined.put(m.rows.staged(), c));
		Row st = stats(table);
		m.rows.put(st.with("record_count", st.l("record_count") - live));
		DataFileId id = registerFile(file, minRow, minBegin, false);
		m.changes.add("flushed_inlined:" + table.value());
		return Optional.of(id);
	}

}
