package io.lakestudio.ui.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * A local folder lake with real Delta logs written by Delta Kernel (placeholder data files: Kernel never opens
 * them), so no DuckDB is loaded in the UI test JVM. And a lake that records every request made of it.
 */
final class FolderLake {

	/** Every request any counting lake made, in order: "tables Sales/Orders.Lakehouse", "read .../00..0.json". */
	static final List<String> REQUESTS = new CopyOnWriteArrayList<>();

	private FolderLake() {
	}

	/**
	 * Sales/Orders.Lakehouse: orders (3 versions: create, then appends of 2 and 1 files, 15 rows, partitioned by
	 * region) and customers (created only); Finance/Ledger.Lakehouse: entries. Returns the root.
	 */
	static Path write(Path root) throws Exception {
		Path orders = root.resolve("Sales/Orders.Lakehouse/Tables/orders");
		List<DeltaColumn> cols = List.of(new DeltaColumn("order_id", "long", false),
				new DeltaColumn("region", "string", true), new DeltaColumn("amount", "double", true));
		DeltaTables.create(orders, cols, List.of("region"), Map.of());
		DeltaTables.append(orders, List.of(file(orders, "EU", 0, 3), file(orders, "US", 1, 5)));
		DeltaTables.append(orders, List.of(file(orders, "EU", 2, 7)));
		DeltaTables.create(root.resolve("Sales/Orders.Lakehouse/Tables/customers"),
				List.of(new DeltaColumn("customer_id", "long", false), new DeltaColumn("name", "string", true)),
				List.of(), Map.of());
		DeltaTables.create(root.resolve("Finance/Ledger.Lakehouse/Tables/entries"),
				List.of(new DeltaColumn("entry_id", "long", false)), List.of(), Map.of());
		Files.createDirectories(root.resolve("Sales/Orders.Lakehouse/Files/raw"));
		return root;
	}

	private static DataFile file(Path table, String region, int n, long rows) throws IOException {
		String rel = "region=" + region + "/part-" + n + ".parquet";
		Path p = table.resolve(rel);
		Files.createDirectories(p.getParent());
		Files.write(p, new byte[100 + n]);
		return new DataFile(rel, Files.size(p), Map.of("region", region), rows, Map.of(), Map.of(), Map.of());
	}

	/** Points the state folder's settings at the lake folder, as the preference page does. */
	static void use(Path home, Path root) {
		Settings.load(home).set(Settings.LAKE_FOLDER, root.toString()).save();
	}

	/** A local folder lake that logs each call into {@link #REQUESTS}. */
	static Lake counting(Path root) {
		LocalFolderLake lake = new LocalFolderLake(root);
		LakeStore store = new LakeStore() {
			@Override
			public List<Entry> list(String dir, boolean recursive) throws LakeException {
				REQUESTS.add("list " + dir);
				return lake.store().list(dir, recursive);
			}

			@Override
			public Entry stat(String path) throws LakeException {
				REQUESTS.add("stat " + path);
				return lake.store().stat(path);
			}

			@Override
			public byte[] read(String path, long offset, int length) throws LakeException {
				REQUESTS.add("read " + path);
				return lake.store().read(path, offset, length);
			}
		};
		return new Lake() {
			@Override
			public String describe() {
				return lake.describe();
			}

			@Override
			public List<Workspace> workspaces() throws LakeException {
				REQUESTS.add("workspaces");
				return lake.workspaces();
			}

			@Override
			public List<Item> items(String workspaceId) throws LakeException {
				REQUESTS.add("items " + workspaceId);
				return lake.items(workspaceId);
			}

			@Override
			public List<LakeTable> tables(Item item) throws LakeException {
				REQUESTS.add("tables " + item.id());
				return lake.tables(item);
			}

			@Override
			public List<LakeFile> files(Item item, String dir) throws LakeException {
				REQUESTS.add("files " + item.id() + "/" + dir);
				return lake.files(item, dir);
			}

			@Override
			public TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException {
				REQUESTS.add("metadata " + table.id());
				return lake.tableMetadata(item, table);
			}

			@Override
			public LakeStore store() {
				return store;
			}
		};
	}
}
