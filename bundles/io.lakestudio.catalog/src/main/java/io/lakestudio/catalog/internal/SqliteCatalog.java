package io.lakestudio.catalog.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.catalog.Workspace;

/** The catalog's writes. Each public write is one short {@code BEGIN IMMEDIATE} transaction. */
public class SqliteCatalog extends SqliteReadOnlyCatalog implements Catalog {

	/** Writes uses recorded on any catalog shortly after (one daemon thread for all of them). */
	private static final ScheduledExecutorService USES = Executors.newSingleThreadScheduledExecutor(r -> {
		Thread t = new Thread(r, "catalog-uses");
		t.setDaemon(true);
		return t;
	});
	private static final long USES_DELAY_MILLIS = 500;

	/** Uses recorded and not yet written: table id, time, source. Guarded by itself. */
	private final List<Object[]> pendingUses = new ArrayList<>();

	public SqliteCatalog(CatalogFile catalogFile) {
		super(catalogFile);
	}

	@Override
	public void replaceWorkspaces(List<Workspace> workspaces, boolean complete, Instant readAt) {
		inTransaction(() -> {
			ListingReplace r = new ListingReplace(sql, "workspace", "id", List.of("name"), "1 = 1", readAt);
			for (Workspace w : workspaces) {
				r.put(w.id(), w.name());
			}
			r.finish(complete);
			listed(Listing.WORKSPACES, complete, readAt, r.changed());
		});
	}

	@Override
	public void replaceItems(String workspaceId, List<Item> items, boolean complete, Instant readAt) {
		inTransaction(() -> {
			ListingReplace r = new ListingReplace(sql, "item", "id",
					List.of("workspace_id", "name", "type", "staging", "schema_enabled", "tables_path", "files_path"),
					"workspace_id = ?", readAt, workspaceId);
			for (Item i : items) {
				r.put(i.id(), workspaceId, i.name(), i.type(), i.staging() ? 1 : 0, i.schemaEnabled() ? 1 : 0,
						i.tablesPath(), i.filesPath());
			}
			r.finish(complete);
			listed(Listing.items(workspaceId), complete, readAt, r.changed());
		});
	}

	@Override
	public void replaceTables(String itemId, List<LakeTable> tables, boolean complete, Instant readAt) {
		inTransaction(() -> {
			ListingReplace r = new ListingReplace(sql, "lake_table", "id",
					List.of("item_id", "schema_name", "name", "format", "location"), "item_id = ?", readAt, itemId);
			ListingReplace schemas = new ListingReplace(sql, "lake_schema", "item_id || '/' || name",
					List.of("item_id", "name"), "item_id = ?", readAt, itemId);
			for (LakeTable t : tables) {
				r.put(t.id(), itemId, t.schema(), t.name(), t.format(), t.location());
				if (!t.schema().isEmpty()) {
					schemas.put(itemId + "/" + t.schema(), itemId, t.schema());
				}
			}
			r.finish(complete);
			schemas.finish(complete);
			// columns of tables deleted by this listing go with them
			sql.update("DELETE FROM lake_column WHERE table_id NOT IN (SELECT id FROM lake_table)"
					+ " AND table_id LIKE ? ESCAPE '\\'", like(itemId + "/"));
			listed(Listing.tables(itemId), complete, readAt, r.changed() || schemas.changed());
		});
	}

	@Override
	public void replaceFiles(String itemId, String dir, List<LakeFile> files, boolean complete, Instant readAt) {
		inTransaction(() -> {
			ListingReplace r = new ListingReplace(sql, "lake_file", "item_id || '/' || dir || '/' || name",
					List.of("item_id", "dir", "name", "is_dir", "size", "last_modified"), "item_id = ? AND dir = ?",
					readAt, itemId, dir);
			for (LakeFile f : files) {
				r.put(itemId + "/" + dir + "/" + f.name(), itemId, dir, f.name(), f.directory() ? 1 : 0, f.size(),
						f.lastModified() == null ? null : f.lastModified().toEpochMilli());
			}
			r.finish(complete);
			listed(Listing.files(itemId, dir), complete, readAt, r.changed());
		});
	}

	@Override
	public void putTableMetadata(String tableId, TableMetadata m, Instant readAt) {
		inTransaction(() -> {
			int n = sql.update("UPDATE lake_table SET format = coalesce(?, format), snapshot_version = ?,"
					+ " size_bytes = ?, num_files = ?, num_records = ?, partition_columns = ?, metadata_read = ?"
					+ " WHERE id = ?", m.format(), m.version(), m.sizeBytes(), m.numFiles(), m.numRecords(),
					Rows.joinColumns(m.partitionColumns()), readAt, tableId);
			if (n == 0) {
				throw new IllegalArgumentException("No table " + tableId + " in the catalog");
			}
			sql.update("DELETE FROM lake_column WHERE table_id = ?", tableId);
			for (LakeColumn c : m.columns()) {
				sql.update("INSERT INTO lake_column(table_id, ordinal, name, type, nullable, is_partition, last_read)"
						+ " VALUES (?, ?, ?, ?, ?, ?, ?)", tableId, c.ordinal(), c.name(), c.type(), c.nullable(),
						c.partition() || m.partitionColumns().contains(c.name()), readAt);
			}
			String listing = Listing.tableMetadata(tableId);
			listed(listing, true, readAt, true);
			// the item's listing changes too: the tree shows a table's version and size on its node
			sql.update("UPDATE sync_state SET change_seq = change_seq + 1 WHERE listing = ?",
					Listing.tables(itemIdOf(tableId)));
		});
	}

	@Override
	public void recordFailure(String listing, String message, Instant at) {
		inTransaction(() -> {
			sql.update("INSERT INTO sync_state(listing, last_attempt, last_failure, failure_message, change_seq)"
					+ " VALUES (?, ?, ?, ?, 1) ON CONFLICT(listing) DO UPDATE SET last_attempt = excluded.last_attempt,"
					+ " last_failure = excluded.last_failure, failure_message = excluded.failure_message,"
					+ " change_seq = change_seq + 1", listing, at, at, message);
		});
	}

	@Override
	public boolean acquireLease(String holder, Duration staleAfter, Instant now) {
		boolean[] held = new boolean[1];
		inTransaction(() -> {
			var current = lease();
			if (current.isEmpty()) {
				sql.update("INSERT INTO lease(name, holder, acquired, heartbeat) VALUES ('sweep', ?, ?, ?)", holder,
						now, now);
				held[0] = true;
			} else if (current.get().holder().equals(holder)) {
				sql.update("UPDATE lease SET heartbeat = ? WHERE name = 'sweep'", now);
				held[0] = true;
			} else if (!current.get().heartbeat().plus(staleAfter).isAfter(now)) {
				sql.update("UPDATE lease SET holder = ?, acquired = ?, heartbeat = ? WHERE name = 'sweep'", holder,
						now, now);
				held[0] = true;
			}
		});
		return held[0];
	}

	@Override
	public void releaseLease(String holder) {
		inTransaction(() -> sql.update("DELETE FROM lease WHERE name = 'sweep' AND holder = ?", holder));
	}

	@Override
	public void recordUse(String tableId, String source, Instant at) {
		boolean first;
		synchronized (pendingUses) {
			first = pendingUses.isEmpty();
			pendingUses.add(new Object[] { tableId, at, source });
		}
		if (first) {
			USES.schedule(this::writeUses, USES_DELAY_MILLIS, TimeUnit.MILLISECONDS);
		}
	}

	@Override
	void writeUses() {
		List<Object[]> uses;
		synchronized (pendingUses) {
			if (pendingUses.isEmpty()) {
				return;
			}
			uses = List.copyOf(pendingUses);
			pendingUses.clear();
		}
		try {
			write(false, () -> {
				for (Object[] u : uses) {
					sql.update("INSERT INTO table_use(table_id, used_at, source) VALUES (?, ?, ?)", u);
				}
			});
		} catch (RuntimeException e) {
			// the catalog was closed or set aside meanwhile: these uses are lost, as a process killed would lose them
		}
	}

	@Override
	public void close() {
		writeUses();
		super.close();
	}

	@Override
	public void putWarmState(WarmState w) {
		inTransaction(() -> {
			sql.update(Schema.WARM_READ);
			Optional<WarmState> before = warmState(w.tableId());
			sql.update("INSERT INTO warm_read(table_id, snapshot, columns_done, complete, over_limit, at)"
					+ " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET snapshot = excluded.snapshot,"
					+ " columns_done = excluded.columns_done, complete = excluded.complete,"
					+ " over_limit = excluded.over_limit, at = excluded.at", w.tableId(), w.snapshot(),
					w.columnsDone(), w.complete(), w.overLimit(), w.at());
			// the tree marks a table in use complete (or over the limit) on its item's listing: redraw that
			if (before.isEmpty() || before.get().complete() != w.complete()
					|| before.get().overLimit() != w.overLimit() || before.get().snapshot() != w.snapshot()) {
				sql.update("UPDATE sync_state SET change_seq = change_seq + 1 WHERE listing = ?",
						Listing.tables(itemIdOf(w.tableId())));
			}
		});
	}

	/** A successful listing: its time, whether it was complete, and a new change sequence if rows changed. */
	private void listed(String listing, boolean complete, Instant readAt, boolean changed) {
		sql.update("INSERT INTO sync_state(listing, last_success, last_attempt, complete, change_seq)"
				+ " VALUES (?, ?, ?, ?, 1) ON CONFLICT(listing) DO UPDATE SET last_success = excluded.last_success,"
				+ " last_attempt = excluded.last_attempt, complete = excluded.complete,"
				+ " change_seq = change_seq + (CASE WHEN ? OR last_failure IS NOT NULL AND"
				+ " (last_success IS NULL OR last_failure > last_success) THEN 1 ELSE 0 END)", listing, readAt,
				readAt, complete, changed);
	}

	/** The item id of a table id {@code <itemId>/<schema>/<name>}; item ids may hold '/', schemas and names not. */
	static String itemIdOf(String tableId) {
		int last = tableId.lastIndexOf('/');
		return tableId.substring(0, tableId.lastIndexOf('/', last - 1));
	}

	private static String like(String prefix) {
		return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
	}

	private void inTransaction(Runnable body) {
		write(true, body);
	}

	/** One transaction; {@code moves}: it may change what reads answer (see {@link #generation()}). */
	private synchronized void write(boolean moves, Runnable body) {
		Connection c = catalogFile.connection;
		try {
			c.setAutoCommit(false);
			body.run();
			c.commit();
		} catch (SQLException e) {
			rollback(c);
			throw sql.fail(e);
		} catch (RuntimeException e) {
			rollback(c);
			throw e;
		} finally {
			if (moves) {
				// after the commit: a plan made between it and here is made again, never one kept on old rows
				ownWrites.incrementAndGet();
			}
			try {
				c.setAutoCommit(true);
			} catch (SQLException e) {
				// the connection is unusable anyway; the next call reports it
			}
		}
	}

	private static void rollback(Connection c) {
		try {
			c.rollback();
		} catch (SQLException e) {
			// keep the first failure
		}
	}
}
