package io.lakestudio.onelake;

import java.util.List;
import java.util.function.Consumer;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;

/**
 * A lake whose every request is a line in the log, for lakes that don't log their own (a local folder; OneLake's
 * client logs each HTTP request itself): what was asked, of which path, how it ended, how much came back, and how
 * long it took.
 */
public final class LoggedLake implements Lake {

	private final Lake lake;
	private final LakeStore store;
	private final Consumer<String> log;

	public LoggedLake(Lake lake, Consumer<String> log) {
		this.lake = lake;
		this.log = log;
		this.store = new LoggedStore(lake.store(), log);
	}

	@Override
	public String describe() {
		return lake.describe();
	}

	@Override
	public List<Workspace> workspaces() throws LakeException {
		return listing("/", lake::workspaces);
	}

	@Override
	public List<Item> items(String workspaceId) throws LakeException {
		return listing(workspaceId, () -> lake.items(workspaceId));
	}

	@Override
	public List<LakeTable> tables(Item item) throws LakeException {
		return listing(item.id() + "/Tables", () -> lake.tables(item));
	}

	@Override
	public List<LakeFile> files(Item item, String dir) throws LakeException {
		return listing(item.id() + "/Files/" + dir, () -> lake.files(item, dir));
	}

	@Override
	public TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException {
		long t0 = System.nanoTime();
		try {
			TableMetadata m = lake.tableMetadata(item, table);
			log.accept("GET " + table.location() + "/_delta_log ok v" + m.version() + LoggedStore.ms(t0));
			return m;
		} catch (LakeException e) {
			log.accept(LoggedStore.failed("GET", table.location() + "/_delta_log", e, t0));
			throw e;
		}
	}

	@Override
	public LakeStore store() {
		return store;
	}

	@Override
	public void close() {
		lake.close();
	}

	private <T> List<T> listing(String path, LoggedStore.Call<List<T>> call) throws LakeException {
		long t0 = System.nanoTime();
		try {
			List<T> rows = call.run();
			log.accept("LIST " + path + " ok " + rows.size() + " entries" + LoggedStore.ms(t0));
			return rows;
		} catch (LakeException e) {
			log.accept(LoggedStore.failed("LIST", path, e, t0));
			throw e;
		}
	}
}
