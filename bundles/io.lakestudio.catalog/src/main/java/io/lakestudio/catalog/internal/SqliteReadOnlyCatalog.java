package io.lakestudio.catalog.internal;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Lease;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.TableUse;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.catalog.Workspace;

/** The catalog's reads over one SQLite connection. Each read is one statement, so none holds up a writer. */
public class SqliteReadOnlyCatalog implements ReadOnlyCatalog {

	final CatalogFile catalogFile;
	final Sql sql;
	/** Writes through this handle that may change what it reads (SQLite's data_version counts only others'). */
	final java.util.concurrent.atomic.AtomicLong ownWrites = new java.util.concurrent.atomic.AtomicLong();
	private long dataVersion = Long.MIN_VALUE;
	private long seenOwnWrites;
	private long generation;

	public SqliteReadOnlyCatalog(CatalogFile catalogFile) {
		this.catalogFile = catalogFile;
		this.sql = new Sql(catalogFile.connection, catalogFile.file.toString());
	}

	@Override
	public Path file() {
		return catalogFile.file;
	}

	@Override
	public String account() {
		return catalogFile.account;
	}

	@Override
	public Optional<String> openNotice() {
		return Optional.ofNullable(catalogFile.notice);
	}

	@Override
	public boolean knowsAnything() {
		// the first such row answers: a count went over every table's metadata listing (50,000 rows and more)
		return sql.count("SELECT EXISTS (SELECT 1 FROM sync_state WHERE last_success IS NOT NULL)") > 0;
	}

	@Override
	public List<Workspace> workspaces() {
		return sql.list("SELECT * FROM workspace ORDER BY name COLLATE NOCASE", Rows::workspace);
	}

	@Override
	public Optional<Workspace> workspace(String id) {
		return sql.one("SELECT * FROM workspace WHERE id = ?", Rows::workspace, id);
	}

	@Override
	public List<Item> items(String workspaceId) {
		return sql.list("SELECT * FROM item WHERE workspace_id = ? ORDER BY type, name COLLATE NOCASE", Rows::item,
				workspaceId);
	}

	@Override
	public Optional<Workspace> workspaceNamed(String name) {
		return Resolver.best(sql.list("SELECT * FROM workspace WHERE dropped_at IS NULL AND name = ? COLLATE NOCASE",
				Rows::workspace, name), Workspace::name, name);
	}

	@Override
	public Optional<Item> itemNamed(String workspaceId, String name) {
		List<Item> items = sql.list("SELECT * FROM item WHERE workspace_id = ? AND dropped_at IS NULL"
				+ " AND (name = ? COLLATE NOCASE OR name || '.' || type = ? COLLATE NOCASE)", Rows::item, workspaceId,
				name, name);
		// exact case first, then items that hold tables, then Lakehouses; the first of equals. A loop, not a
		// Comparator's chain: the JDK spins its lambdas at every start (the AOT cache doesn't keep them), ~3 ms.
		Item best = null;
		int bestRank = Integer.MAX_VALUE;
		for (Item i : items) {
			int rank = (i.name().equals(name) || (i.name() + "." + i.type()).equals(name) ? 0 : 4)
					+ (i.hasTables() ? 0 : 2) + ("Lakehouse".equals(i.type()) ? 0 : 1);
			if (rank < bestRank) {
				best = i;
				bestRank = rank;
			}
		}
		return Optional.ofNullable(best);
	}

	@Override
	public Optional<Item> item(String id) {
		return sql.one("SELECT * FROM item WHERE id = ?", Rows::item, id);
	}

	@Override
	public List<Item> allItems() {
		return sql.list("SELECT * FROM item ORDER BY workspace_id, type, name COLLATE NOCASE", Rows::item);
	}

	@Override
	public List<LakeTable> tables(String itemId) {
		// the listing as one text (one JNI call, not 13 a table); one whose text can't be read back is read by row
		String order = " ORDER BY schema_name COLLATE NOCASE, name COLLATE NOCASE";
		List<LakeTable> tables = sql.list("SELECT string_agg(" + Rows.TABLE_TEXT + ", char(30)" + order + ")"
				+ " FROM lake_table t WHERE item_id = ?", rs -> Rows.tables(rs.getString(1)), itemId).get(0);
		return tables != null ? tables
				: sql.list("SELECT " + Rows.TABLE_COLUMNS + " FROM lake_table t WHERE item_id = ?" + order, Rows::table,
						itemId);
	}

	@Override
	public List<TableLine> tableLines(String itemId) {
		String order = " ORDER BY schema_name COLLATE NOCASE, name COLLATE NOCASE";
		List<TableLine> lines = sql.list("SELECT string_agg(" + Rows.LINE_TEXT + ", char(30)" + order + ")"
				+ " FROM lake_table t WHERE item_id = ?", rs -> Rows.tableLines(rs.getString(1)), itemId).get(0);
		return lines != null ? lines
				: tables(itemId).stream().map(t -> new TableLine(t.schema(), t.name(), t.format(), t.snapshotVersion(),
						t.sizeBytes(), t.lastRead(), t.droppedAt())).toList();
	}

	@Override
	public Optional<LakeTable> table(String tableId) {
		return sql.one("SELECT " + Rows.TABLE_COLUMNS + " FROM lake_table t WHERE id = ?", Rows::table, tableId);
	}

	@Override
	public List<LakeColumn> columns(String tableId) {
		return sql.list("SELECT * FROM lake_column WHERE table_id = ? ORDER BY ordinal", Rows::column, tableId);
	}

	@Override
	public List<TableWithColumns> allTables() {
		List<TableWithColumns> out = new ArrayList<>();
		String q = "SELECT " + Rows.TABLE_COLUMNS + ", t.id AS tid, c.ordinal, c.name AS cname, c.type AS ctype,"
				+ " c.nullable, c.is_partition FROM lake_table t LEFT JOIN lake_column c ON c.table_id = t.id"
				+ " ORDER BY t.item_id, t.schema_name, t.name, t.id, c.ordinal";
		try (var ps = sql.prepare(q); var rs = ps.executeQuery()) {
			String current = null;
			LakeTable table = null;
			List<LakeColumn> columns = null;
			while (rs.next()) {
				String id = rs.getString("tid");
				if (!id.equals(current)) {
					if (table != null) {
						out.add(new TableWithColumns(table, List.copyOf(columns)));
					}
					current = id;
					table = Rows.table(rs);
					columns = new ArrayList<>();
				}
				String cname = rs.getString("cname");
				if (cname != null) {
					columns.add(new LakeColumn(rs.getInt("ordinal"), cname, rs.getString("ctype"),
							rs.getInt("nullable") != 0, rs.getInt("is_partition") != 0));
				}
			}
			if (table != null) {
				out.add(new TableWithColumns(table, List.copyOf(columns)));
			}
			return out;
		} catch (SQLException e) {
			throw sql.fail(e);
		}
	}

	@Override
	public List<LakeFile> files(String itemId, String dir) {
		return sql.list("SELECT * FROM lake_file WHERE item_id = ? AND dir = ? ORDER BY is_dir DESC, name",
				Rows::file, itemId, dir);
	}

	@Override
	public List<SearchHit> find(String text, int limit) {
		return new Finder(sql).find(text, limit);
	}

	@Override
	public Resolution resolve(TableName name) {
		return new Resolver(this).resolve(name);
	}

	@Override
	public Optional<SyncState> syncState(String listing) {
		return sql.one("SELECT * FROM sync_state WHERE listing = ?", Rows::syncState, listing);
	}

	@Override
	public List<SyncState> syncStates() {
		return sql.list("SELECT * FROM sync_state ORDER BY listing", Rows::syncState);
	}

	@Override
	public List<SyncState> failingSyncStates(String prefix) {
		return syncStates(prefix,
				" AND last_failure IS NOT NULL AND (last_success IS NULL OR last_failure > last_success)");
	}

	@Override
	public List<SyncState> syncStates(String prefix) {
		return syncStates(prefix, "");
	}

	private List<SyncState> syncStates(String prefix, String and) {
		String order = " ORDER BY listing";
		char last = prefix.isEmpty() ? Character.MAX_VALUE : prefix.charAt(prefix.length() - 1);
		if (last >= Character.MIN_SURROGATE - 1) { // no successor that stays one plain character
			return sql.list("SELECT * FROM sync_state WHERE substr(listing, 1, length(?1)) = ?1" + and + order,
					Rows::syncState, prefix);
		}
		// a range of the key, not LIKE: LIKE ignores case, so it read every listing (one per table: 50,000 and
		// more); the names after the prefix's are those up to its last character's successor
		String after = prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
		return sql.list("SELECT * FROM sync_state WHERE listing >= ? AND listing < ?" + and + order,
				Rows::syncState, prefix, after);
	}

	@Override
	public java.util.Map<String, TableCounts> tableCounts(String workspaceId) {
		java.util.Map<String, TableCounts> out = new java.util.HashMap<>();
		// item_workspace finds the items, lake_table_item their tables; dropped_at alone is read from the row
		for (var e : sql.list("SELECT t.item_id, count(*) FILTER (WHERE t.dropped_at IS NULL),"
				+ " count(*) FILTER (WHERE t.dropped_at IS NULL AND t.schema_name <> ''),"
				+ " count(*) FILTER (WHERE t.schema_name <> '') FROM item i JOIN lake_table t ON t.item_id = i.id"
				+ " WHERE i.workspace_id = ? GROUP BY t.item_id", rs -> java.util.Map.entry(rs.getString(1),
						new TableCounts(rs.getInt(2), rs.getInt(3), rs.getLong(4) > 0)), workspaceId)) {
			out.put(e.getKey(), e.getValue());
		}
		return out;
	}

	@Override
	public Optional<Lease> lease() {
		return sql.one("SELECT * FROM lease WHERE name = 'sweep'", Rows::lease);
	}

	@Override
	public synchronized long generation() {
		long dv = sql.count("PRAGMA data_version");
		long own = ownWrites.get();
		if (dv != dataVersion || own != seenOwnWrites) {
			dataVersion = dv;
			seenOwnWrites = own;
			generation++;
		}
		return generation;
	}

	/** Writes the uses this handle recorded and hasn't written yet (a read-only handle records none). */
	void writeUses() {
	}

	@Override
	public List<TableUse> uses(String tableId, Instant since) {
		writeUses();
		return sql.list("SELECT * FROM table_use WHERE table_id = ? AND used_at >= ? ORDER BY used_at",
				rs -> new TableUse(rs.getString("table_id"), Sql.instant(rs, "used_at"), rs.getString("source")),
				tableId, since);
	}

	@Override
	public List<String> tablesUsedAtLeast(int times, Instant since) {
		writeUses();
		return sql.list("SELECT table_id FROM table_use WHERE used_at >= ? GROUP BY table_id HAVING count(*) >= ?"
				+ " ORDER BY count(*) DESC, table_id", rs -> rs.getString(1), since, times);
	}

	@Override
	public Optional<WarmState> warmState(String tableId) {
		if (!hasWarmReads()) {
			return Optional.empty();
		}
		return sql.one("SELECT * FROM warm_read WHERE table_id = ?", SqliteReadOnlyCatalog::warm, tableId);
	}

	@Override
	public List<WarmState> warmStates() {
		return hasWarmReads() ? sql.list("SELECT * FROM warm_read ORDER BY table_id", SqliteReadOnlyCatalog::warm)
				: List.of();
	}

	/** warm_read is made by the first warm read, so an older catalog file may not have it. */
	private boolean hasWarmReads() {
		return sql.count("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'warm_read'") > 0;
	}

	private static WarmState warm(ResultSet rs) throws SQLException {
		return new WarmState(rs.getString("table_id"), rs.getLong("snapshot"), rs.getInt("columns_done"),
				rs.getInt("complete") != 0, rs.getInt("over_limit") != 0, Sql.instant(rs, "at"));
	}

	@Override
	public Counts counts() {
		return sql.one("SELECT (SELECT count(*) FROM workspace WHERE dropped_at IS NULL),"
				+ " (SELECT count(*) FROM item WHERE dropped_at IS NULL),"
				+ " (SELECT count(*) FROM lake_table WHERE dropped_at IS NULL),"
				+ " (SELECT count(*) FROM lake_column),"
				+ " (SELECT count(*) FROM lake_file WHERE dropped_at IS NULL),"
				+ " (SELECT count(*) FROM lake_table WHERE dropped_at IS NOT NULL)",
				rs -> new Counts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
						rs.getLong(6)))
				.orElseThrow();
	}

	/** Whether the listing was ever held; a complete one answers "missing" with authority. */
	boolean held(String listing) {
		return syncState(listing).map(SyncState::held).orElse(false);
	}

	@Override
	public void close() {
		try {
			catalogFile.connection.close();
		} catch (SQLException e) {
			// closing a read connection loses nothing
		}
	}
}
