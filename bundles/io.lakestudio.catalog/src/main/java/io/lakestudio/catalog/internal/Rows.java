package io.lakestudio.catalog.internal;

import static io.lakestudio.catalog.internal.Sql.instant;
import static io.lakestudio.catalog.internal.Sql.longOrNull;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Lease;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.Workspace;

/** Maps catalog rows to the model records. */
final class Rows {

	static final String TABLE_COLUMNS = "t.item_id, t.schema_name, t.name, t.format, t.location, t.snapshot_version,"
			+ " t.size_bytes, t.num_files, t.num_records, t.partition_columns, t.last_read, t.metadata_read,"
			+ " t.dropped_at";

	/**
	 * {@link #TABLE_COLUMNS} as one text, fields apart by char(29): a text that may be NULL is '' then and 'v' and
	 * itself else, a number is '' or its digits. {@link #tables(String)} reads rows of it apart by char(30).
	 */
	static final String TABLE_TEXT = "t.item_id || char(29) || t.schema_name || char(29) || t.name || char(29)"
			+ " || coalesce('v' || t.format, '') || char(29) || coalesce('v' || t.location, '') || char(29)"
			+ " || coalesce(t.snapshot_version, '') || char(29) || coalesce(t.size_bytes, '') || char(29)"
			+ " || coalesce(t.num_files, '') || char(29) || coalesce(t.num_records, '') || char(29)"
			+ " || coalesce('v' || t.partition_columns, '') || char(29) || coalesce(t.last_read, '') || char(29)"
			+ " || coalesce(t.metadata_read, '') || char(29) || coalesce(t.dropped_at, '')";

	/** What {@code ls} shows, as {@link #TABLE_TEXT} has it; {@link #tableLines(String)} reads it back. */
	static final String LINE_TEXT = "t.schema_name || char(29) || t.name || char(29) || coalesce('v' || t.format, '')"
			+ " || char(29) || coalesce(t.snapshot_version, '') || char(29) || coalesce(t.size_bytes, '') || char(29)"
			+ " || coalesce(t.last_read, '') || char(29) || coalesce(t.dropped_at, '')";

	private Rows() {
	}

	/** The lines of a text of {@link #LINE_TEXT} rows, or null when it can't be read back, as {@link #tables}. */
	static List<ReadOnlyCatalog.TableLine> tableLines(String text) {
		if (text == null) {
			return List.of();
		}
		Fields f = new Fields(text);
		List<ReadOnlyCatalog.TableLine> lines = new ArrayList<>();
		try {
			while (f.nextRow()) {
				String schema = f.next(), name = f.next(), format = f.next();
				Long version = f.number(), size = f.number(), lastRead = f.number(), dropped = f.number();
				if (format == null || !f.rowDone()) {
					return null;
				}
				lines.add(new ReadOnlyCatalog.TableLine(schema, name, text(format), version, size, time(lastRead),
						time(dropped)));
			}
		} catch (NumberFormatException e) {
			return null;
		}
		return lines;
	}

	/**
	 * The tables of a text of {@link #TABLE_TEXT} rows; null when it can't be read back (a name holding char(29)
	 * or char(30) gives a row the wrong number of fields, a number stored as text doesn't parse), so the caller
	 * reads the rows one by one instead. Null text: no rows.
	 */
	static List<LakeTable> tables(String text) {
		if (text == null) {
			return List.of();
		}
		Fields f = new Fields(text);
		List<LakeTable> tables = new ArrayList<>();
		try {
			while (f.nextRow()) {
				String item = f.next(), schema = f.next(), name = f.next(), format = f.next(), location = f.next();
				Long version = f.number(), size = f.number(), files = f.number(), records = f.number();
				String partitions = f.next();
				Long lastRead = f.number(), metadataRead = f.number(), dropped = f.number();
				if (location == null || partitions == null || !f.rowDone()) {
					return null;
				}
				tables.add(new LakeTable(item, schema, name, text(format), text(location), version, size, files,
						records, splitColumns(text(partitions)), time(lastRead), time(metadataRead), time(dropped)));
			}
		} catch (NumberFormatException e) {
			return null;
		}
		return tables;
	}

	private static String text(String field) {
		return field.isEmpty() ? null : field.substring(1);
	}

	private static Instant time(Long millis) {
		return millis == null ? null : Instant.ofEpochMilli(millis);
	}

	static Workspace workspace(ResultSet rs) throws SQLException {
		return new Workspace(rs.getString("id"), rs.getString("name"), instant(rs, "last_read"),
				instant(rs, "dropped_at"));
	}

	static Item item(ResultSet rs) throws SQLException {
		return new Item(rs.getString("id"), rs.getString("workspace_id"), rs.getString("name"), rs.getString("type"),
				rs.getInt("staging") != 0, rs.getInt("schema_enabled") != 0, rs.getString("tables_path"),
				rs.getString("files_path"), instant(rs, "last_read"), instant(rs, "dropped_at"));
	}

	/**
	 * A table from a row whose first columns are {@link #TABLE_COLUMNS}, by position: by name, each getter looks the
	 * column up again, and a 2,000-table listing is 26,000 of them.
	 */
	static LakeTable table(ResultSet rs) throws SQLException {
		return new LakeTable(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
				longOrNull(rs, 6), longOrNull(rs, 7), longOrNull(rs, 8), longOrNull(rs, 9), splitColumns(rs.getString(10)),
				instant(rs, 11), instant(rs, 12), instant(rs, 13));
	}

	static LakeColumn column(ResultSet rs) throws SQLException {
		return new LakeColumn(rs.getInt("ordinal"), rs.getString("name"), rs.getString("type"),
				rs.getInt("nullable") != 0, rs.getInt("is_partition") != 0);
	}

	static LakeFile file(ResultSet rs) throws SQLException {
		return new LakeFile(rs.getString("item_id"), rs.getString("dir"), rs.getString("name"),
				rs.getInt("is_dir") != 0, rs.getLong("size"), instant(rs, "last_modified"), instant(rs, "last_read"),
				instant(rs, "dropped_at"));
	}

	static SyncState syncState(ResultSet rs) throws SQLException {
		return new SyncState(rs.getString("listing"), instant(rs, "last_success"), instant(rs, "last_attempt"),
				instant(rs, "last_failure"), rs.getString("failure_message"), rs.getInt("complete") != 0,
				rs.getLong("change_seq"));
	}

	static Lease lease(ResultSet rs) throws SQLException {
		return new Lease(rs.getString("holder"), instant(rs, "acquired"), instant(rs, "heartbeat"));
	}

	/** Partition columns are stored as one text, separated by a character no column name holds. */
	static String joinColumns(List<String> columns) {
		return columns == null || columns.isEmpty() ? null : String.join("\u001f", columns);
	}

	static List<String> splitColumns(String text) {
		return text == null || text.isEmpty() ? List.of() : Arrays.asList(text.split("\u001f"));
	}
}
