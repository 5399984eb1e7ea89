package io.lakestudio.moraine.ducklake;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.moraine.CatalogSnapshot;
import io.lakestudio.moraine.ColumnInfo;
import io.lakestudio.moraine.DataFileInfo;
import io.lakestudio.moraine.SchemaInfo;
import io.lakestudio.moraine.SnapshotInfo;
import io.lakestudio.moraine.TableId;
import io.lakestudio.moraine.TableInfo;
import io.lakestudio.moraine.ViewInfo;

/** moraine's catalog entries at one snapshot as DuckLake's ({@link MoraineStore}'s reads). */
final class Entries {

	private Entries() {
	}

	static Snapshot snapshot(SnapshotInfo s) {
		long micros = s.time().micros();
		return new Snapshot(s.id().value(), Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
				Math.floorMod(micros, 1_000_000L) * 1000), s.schemaVersion(), s.nextCatalogId(), s.nextFileId(),
				s.changesMade(), s.author(), s.commitMessage());
	}

	/** The schemas, tables, columns and views visible in {@code s}, as {@code snapshot}'s. */
	static CatalogAt catalogAt(Snapshot snapshot, CatalogSnapshot s) {
		List<SchemaEntry> schemas = new ArrayList<>();
		List<ViewEntry> views = new ArrayList<>();
		for (SchemaInfo x : s.schemas()) {
			schemas.add(new SchemaEntry(x.id().value(), x.uuid(), x.begin().value(), x.name(), x.path()));
			for (ViewInfo v : s.views(x.id())) {
				views.add(new ViewEntry(v.id().value(), v.uuid(), v.begin().value(), x.id().value(), v.name(),
						v.dialect(), v.sql(), v.columnAliases()));
			}
		}
		views.sort(Comparator.comparingLong(ViewEntry::id));
		List<TableEntry> tables = new ArrayList<>();
		Map<Long, List<ColumnEntry>> columns = new LinkedHashMap<>();
		for (TableInfo t : s.tables()) {
			tables.add(new TableEntry(t.id().value(), t.uuid(), t.begin().value(), t.schema().value(), t.name(),
					t.path()));
			List<ColumnEntry> cs = columnTree(t.id().value(), s.columns(t.id()), null);
			if (!cs.isEmpty()) {
				columns.put(t.id().value(), cs);
			}
		}
		return new CatalogAt(snapshot, List.copyOf(schemas), List.copyOf(tables), columns, List.copyOf(views));
	}

	/** The columns under {@code parent} (null: the table's own), in order, each with its fields. */
	static List<ColumnEntry> columnTree(long table, List<ColumnInfo> all, Long parent) {
		List<ColumnEntry> out = new ArrayList<>();
		for (ColumnInfo c : all) {
			if (Objects.equals(c.parent().map(p -> p.value()).orElse(null), parent)) {
				out.add(new ColumnEntry(c.id().value(), c.begin().value(), table, c.order(), c.name(), c.columnType(),
						c.initialDefault(), c.defaultValue(), c.nullsAllowed(), columnTree(table, all, c.id().value())));
			}
		}
		out.sort(Comparator.comparingLong(ColumnEntry::order).thenComparingLong(ColumnEntry::id));
		return out;
	}

	static List<DataFile> dataFiles(CatalogSnapshot s, long tableId) {
		List<DataFile> out = new ArrayList<>();
		for (DataFileInfo f : s.dataFiles(new TableId(tableId))) {
			out.add(new DataFile(f.id().value(), tableId, f.begin().value(), f.path(), f.pathIsRelative(),
					f.recordCount(), f.fileSizeBytes(), f.footerSize() == null ? 0 : f.footerSize(),
					f.rowIdStart() == DataFileInfo.IDS_IN_FILE ? 0 : f.rowIdStart(),
					List.of()));
		}
		return out;
	}

	static List<DeleteFile> deleteFiles(CatalogSnapshot s, long tableId) {
		// the rows, not DeleteFileInfo: they carry the footer size too
		List<DeleteFile> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows("ducklake_delete_file")) {
			if ((Long) r.get("table_id") == tableId && r.get("end_snapshot") == null) {
				Object footer = r.get("footer_size");
				out.add(new DeleteFile((Long) r.get("delete_file_id"), tableId, (Long) r.get("begin_snapshot"),
						(Long) r.get("data_file_id"), (String) r.get("path"),
						Boolean.TRUE.equals(r.get("path_is_relative")), (Long) r.get("delete_count"),
						(Long) r.get("file_size_bytes"), footer == null ? 0 : (Long) footer, (Long) r.get("partial_max")));
			}
		}
		return out;
	}
}
