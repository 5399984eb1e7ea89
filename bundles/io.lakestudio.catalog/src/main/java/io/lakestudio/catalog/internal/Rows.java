package io.lakestudio.catalog.internal;

import static io.lakestudio.catalog.internal.Sql.instant;
import static io.lakestudio.catalog.internal.Sql.longOrNull;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Lease;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.Workspace;

/** Maps catalog rows to the model records. */
final class Rows {

	static final String TABLE_COLUMNS = "t.item_id, t.schema_name, t.name, t.format, t.location, t.snapshot_version,"
			+ " t.size_bytes, t.num_files, t.num_records, t.partition_columns, t.last_read, t.metadata_read,"
			+ " t.dropped_at";

	private Rows() {
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
