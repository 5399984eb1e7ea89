package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.ducklake.ViewEntry;

/** The rows of one commit, written inside the store's open transaction; the new snapshot is {@code latest + 1}. */
final class CommitWriter {

	private final Connection db;
	private final Commit c;
	private final Snapshot latest;
	private final long shift;
	private final long s;
	private final boolean sqlite;
	/** The catalog is 1.1: its file rows have a row_group_count, its stats rows min_is_exact and max_is_exact. */
	private final boolean v1_1;
	private final String version;

	/** The name mappings of the files the commit registers: the new ones come before its files. */
	private final io.lakestudio.ducklake.NameMaps maps;

	CommitWriter(Connection db, Commit c, Snapshot latest, long fileShift, io.lakestudio.ducklake.NameMaps maps,
			boolean sqlite, String version) {
		this.maps = maps;
		this.sqlite = sqlite;
		this.version = version;
		this.v1_1 = SpecTables.isV1_1(version);
		this.db = db;
		this.c = c;
		this.latest = latest;
		this.shift = fileShift + maps.fresh().size();
		this.s = latest.id() + 1;
	}

	Snapshot write() throws SQLException {
		long schemaVersion = latest.schemaVersion() + (c.changesSchema() ? 1 : 0);
		// the commit's own catalog ids were moved past those handed out since its base (Conflicts.rebase)
		long nextCatalog = c.changesSchema() ? c.nextCatalogId() : latest.nextCatalogId();
		long nextFile = c.nextFileIdAfter() + shift;
		Instant now = Instant.now();
		String changes = String.join(",", c.changes);
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_snapshot VALUES (?, ?, ?, ?, ?)")) {
			ps.setLong(1, s);
			ps.setString(2, Times.format(now));
			ps.setLong(3, schemaVersion);
			ps.setLong(4, nextCatalog);
			ps.setLong(5, nextFile);
			ps.executeUpdate();
		}
		try (PreparedStatement ps = db.prepareStatement(
				"INSERT INTO ducklake_snapshot_changes VALUES (?, ?, ?, ?, NULL)")) {
			ps.setLong(1, s);
			ps.setString(2, changes);
			ps.setString(3, c.author());
			ps.setString(4, c.message());
			ps.executeUpdate();
		}
		end("ducklake_schema", "schema_id", c.endedSchemas);
		end("ducklake_table", "table_id", c.endedTables);
		for (Map.Entry<Long, Set<Long>> e : c.endedColumns.entrySet()) {
			for (long col : e.getValue()) {
				endColumn(e.getKey(), col);
			}
		}
		end("ducklake_view", "view_id", c.endedViews);
		end("ducklake_data_file", "data_file_id", c.endedDataFiles);
		end("ducklake_delete_file", "delete_file_id", c.endedDeleteFiles);
		removed(now);
		schemas();
		tables();
		columns();
		views();
		MacroRows.write(db, c, s);
		for (io.lakestudio.ducklake.NameMaps.NameMap m : maps.fresh()) {
			new SqlMaintenance(db).writeMapping(m);
		}
		dataFiles();
		deleteFiles();
		stats();
		ColumnStatsRows.write(db, c);
		new LayoutWriter(db, c, s, shift).write();
		if (v1_1) {
			ViewColumnTags.write(db, c, s);
		}
		if (c.changesSchema()) {
			Set<Long> tables = new LinkedHashSet<>();
			c.newTables.forEach(t -> tables.add(t.id()));
			c.newColumns.forEach(col -> tables.add(col.tableId()));
			tables.addAll(c.endedColumns.keySet());
			try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_schema_versions VALUES (?, ?, ?)")) {
				// one row per table whose columns changed (as the extension's): a view or schema adds none
				for (long t : tables) {
					ps.setLong(1, s);
					ps.setLong(2, schemaVersion);
					ps.setLong(3, t);
					ps.executeUpdate();
				}
			}
		}
		InlinedData.write(db, InlinedColumnNames.of(version), sqlite, c, s, schemaVersion);
		InlinedDeletes.write(db, sqlite, c, s);
		return new Snapshot(s, now, schemaVersion, nextCatalog, nextFile, changes, c.author(), c.message());
	}

	private void end(String table, String idColumn, Set<Long> ids) throws SQLException {
		for (long id : ids) {
			update("UPDATE " + table + " SET end_snapshot = " + s + " WHERE " + idColumn + " = " + id
					+ " AND end_snapshot IS NULL");
		}
	}

	private void update(String sql) throws SQLException {
		try (Statement st = db.createStatement()) {
			st.executeUpdate(sql);
		}
	}

	private void schemas() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_schema VALUES (?, ?, ?, NULL, ?, ?, 1)")) {
			for (SchemaEntry e : c.newSchemas) {
				ps.setLong(1, e.id());
				ps.setString(2, e.uuid());
				ps.setLong(3, s);
				ps.setString(4, e.name());
				ps.setString(5, e.path());
				ps.executeUpdate();
			}
		}
	}

	private void tables() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(
				"INSERT INTO ducklake_table VALUES (?, ?, ?, NULL, ?, ?, ?, 1)")) {
			for (TableEntry e : c.newTables) {
				ps.setLong(1, e.id());
				ps.setString(2, e.uuid());
				ps.setLong(3, s);
				ps.setLong(4, e.schemaId());
				ps.setString(5, e.name());
				ps.setString(6, e.path());
				ps.executeUpdate();
			}
		}
	}

	/** Ends a column's row and its fields' (a nested column's children, theirs, and so on). */
	private void endColumn(long table, long col) throws SQLException {
		java.util.List<Long> fields = new java.util.ArrayList<>();
		try (Statement st = db.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT column_id FROM"
				+ " ducklake_column WHERE table_id = " + table + " AND parent_column = " + col
				+ " AND end_snapshot IS NULL")) {
			while (r.next()) {
				fields.add(r.getLong(1));
			}
		}
		update("UPDATE ducklake_column SET end_snapshot = " + s + " WHERE table_id = " + table + " AND column_id = "
				+ col + " AND end_snapshot IS NULL");
		for (long f : fields) {
			endColumn(table, f);
		}
	}

	private void columns() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_column VALUES"
				+ " (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'duckdb')")) {
			for (ColumnEntry top : c.newColumns) {
				for (ColumnRows.Row row : ColumnRows.flatten(top)) {
					ColumnEntry e = row.column();
					ps.setLong(1, e.id());
					ps.setLong(2, s);
					ps.setLong(3, top.tableId());
					ps.setLong(4, e.order());
					ps.setString(5, e.name());
					ps.setString(6, e.type());
					ps.setString(7, e.initialDefault());
					ps.setString(8, e.defaultValue());
					ps.setInt(9, e.nullsAllowed() ? 1 : 0);
					SqlStore.setLong(ps, 10, row.parent());
					ps.setString(11, "literal");
					ps.executeUpdate();
				}
			}
		}
	}

	private void views() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(
				"INSERT INTO ducklake_view VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?)")) {
			for (ViewEntry v : c.newViews) {
				ps.setLong(1, v.id());
				ps.setString(2, v.uuid());
				ps.setLong(3, s);
				ps.setLong(4, v.schemaId());
				ps.setString(5, v.name());
				ps.setString(6, v.dialect());
				ps.setString(7, v.sql());
				ps.setString(8, v.columnAliases());
				ps.executeUpdate();
			}
		}
	}

	private void dataFiles() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_data_file VALUES"
				+ " (?, ?, ?, NULL, NULL, ?, ?, 'parquet', ?, ?, ?, ?, NULL, NULL, NULL, ?" + (v1_1 ? ", ?)" : ")"));
				PreparedStatement st = db.prepareStatement("INSERT INTO ducklake_file_column_stats VALUES"
						+ " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?" + (v1_1 ? ", NULL, NULL)" : ")"))) {
			for (DataFile f : c.newDataFiles) {
				long id = f.id() + shift;
				long rowShift = rowShift(f.tableId());
				io.lakestudio.ducklake.FileLineage l = c.lineage.get(f.id());
				ps.setLong(1, id);
				ps.setLong(2, f.tableId());
				ps.setLong(3, l != null && l.beginSnapshot() != null ? l.beginSnapshot() : s);
				ps.setString(4, f.path());
				ps.setInt(5, f.relative() ? 1 : 0);
				ps.setLong(6, f.recordCount());
				ps.setLong(7, f.fileSizeBytes());
				ps.setLong(8, f.footerSize());
				if (l != null) {
					// maintenance keeps the row ids it read (a merge's run, or none: they are in the file)
					SqlStore.setLong(ps, 9, l.rowIdStart());
				} else {
					ps.setLong(9, f.rowIdStart() + rowShift);
				}
				SqlStore.setLong(ps, 10, l == null ? null : l.partialMax());
				if (v1_1) {
					SqlStore.setLong(ps, 11, c.rowGroups.get(f.id()));
				}
				ps.executeUpdate();
				Long mapping = maps.mappingOf(f.id());
				if (mapping != null) {
					update("UPDATE ducklake_data_file SET mapping_id = " + mapping + " WHERE data_file_id = " + id);
				}
				for (ColumnStats cs : f.stats()) {
					st.setLong(1, id);
					st.setLong(2, f.tableId());
					st.setLong(3, cs.columnId());
					st.setLong(4, cs.columnSizeBytes());
					st.setLong(5, cs.valueCount());
					st.setLong(6, cs.nullCount());
					st.setString(7, cs.min());
					st.setString(8, cs.max());
					if (cs.containsNan() == null) {
						st.setNull(9, java.sql.Types.BOOLEAN);
					} else {
						st.setInt(9, cs.containsNan() ? 1 : 0);
					}
					st.setString(10, cs.extraStats());
					st.executeUpdate();
				}
				variantStats(id, f);
			}
		}
	}

	private void variantStats(long id, DataFile f) throws SQLException {
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_file_variant_stats VALUES"
				+ " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)")) {
			for (VariantStats v : c.variantStats.getOrDefault(f.id(), List.of())) {
				ps.setLong(1, id);
				ps.setLong(2, f.tableId());
				ps.setLong(3, v.columnId());
				ps.setString(4, v.path());
				ps.setString(5, v.shreddedType());
				ps.setLong(6, v.columnSizeBytes());
				ps.setLong(7, v.valueCount());
				ps.setLong(8, v.nullCount());
				ps.setString(9, v.min());
				ps.setString(10, v.max());
				ps.executeUpdate();
			}
		}
	}

	/** The rows of the data files a merge replaced go, and the files are scheduled for deletion. */
	private void removed(Instant now) throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(SqlMaintenance.SCHEDULE)) {
			for (io.lakestudio.ducklake.ScheduledFile f : c.removedDataFiles) {
				for (String t : new String[] { "ducklake_data_file", "ducklake_file_column_stats",
						"ducklake_file_variant_stats", "ducklake_file_partition_value" }) {
					update("DELETE FROM " + t + " WHERE data_file_id = " + f.dataFileId());
				}
				SqlMaintenance.writeScheduled(ps, f, now);
			}
			for (io.lakestudio.ducklake.ScheduledFile f : c.removedDeleteFiles) {
				update("DELETE FROM ducklake_delete_file WHERE delete_file_id = " + f.dataFileId());
				SqlMaintenance.writeScheduled(ps, f, now);
			}
		}
	}

	private void deleteFiles() throws SQLException {
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_delete_file VALUES"
				+ " (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, ?" + (v1_1 ? ", ?)" : ")"))) {
			for (DeleteFile f : c.newDeleteFiles) {
				ps.setLong(1, f.id() + shift);
				ps.setLong(2, f.tableId());
				ps.setLong(3, f.beginSnapshot() > 0 ? f.beginSnapshot() : s); // a flush of inlined deletes: backdated
				ps.setLong(4, f.dataFileId() >= c.base().nextFileId() ? f.dataFileId() + shift : f.dataFileId());
				ps.setString(5, f.path());
				ps.setInt(6, f.relative() ? 1 : 0);
				ps.setString(7, f.format());
				ps.setLong(8, f.deleteCount());
				ps.setLong(9, f.fileSizeBytes());
				ps.setLong(10, f.footerSize());
				SqlStore.setLong(ps, 11, f.partialMax() == null || f.partialMax() != DeleteFile.THIS_SNAPSHOT
						? f.partialMax() : Long.valueOf(s));
				if (v1_1) {
					SqlStore.setLong(ps, 12, c.rowGroups.get(f.id()));
				}
				ps.executeUpdate();
			}
		}
	}

	/** How far a table's new row ids move: past those a commit since this one's base handed out. */
	private long rowShift(long table) throws SQLException {
		TableStats base = c.baseStats.get(table);
		TableStats now = stored(table);
		return base == null || now == null ? 0 : Math.max(0, now.nextRowId() - base.nextRowId());
	}

	/** This commit's change of a table's stats, applied to what the catalog holds now (commits since included). */
	private TableStats merged(TableStats mine) throws SQLException {
		TableStats base = c.baseStats.get(mine.tableId());
		TableStats now = stored(mine.tableId());
		if (base == null || now == null) {
			return mine;
		}
		return new TableStats(mine.tableId(), now.recordCount() + mine.recordCount() - base.recordCount(),
				now.nextRowId() + mine.nextRowId() - base.nextRowId(),
				now.fileSizeBytes() + mine.fileSizeBytes() - base.fileSizeBytes());
	}

	private final java.util.Map<Long, TableStats> stored = new java.util.HashMap<>();

	/** The table's stats as the catalog holds them before this commit writes its own. */
	private TableStats stored(long table) throws SQLException {
		if (!stored.containsKey(table)) {
			try (Statement st = db.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT record_count,"
					+ " next_row_id, file_size_bytes FROM ducklake_table_stats WHERE table_id = " + table)) {
				stored.put(table, r.next() ? new TableStats(table, r.getLong(1), r.getLong(2), r.getLong(3)) : null);
			}
		}
		return stored.get(table);
	}

	private void stats() throws SQLException {
		for (long t : c.droppedStats) {
			update("DELETE FROM ducklake_table_stats WHERE table_id = " + t);
			update("DELETE FROM ducklake_table_column_stats WHERE table_id = " + t);
		}
		try (PreparedStatement ps = db.prepareStatement("INSERT INTO ducklake_table_stats VALUES (?, ?, ?, ?)")) {
			for (TableStats mine : c.tableStats.values()) {
				TableStats t = merged(mine);
				update("DELETE FROM ducklake_table_stats WHERE table_id = " + t.tableId());
				ps.setLong(1, t.tableId());
				ps.setLong(2, t.recordCount());
				ps.setLong(3, t.nextRowId());
				ps.setLong(4, t.fileSizeBytes());
				ps.executeUpdate();
			}
		}
	}
}
