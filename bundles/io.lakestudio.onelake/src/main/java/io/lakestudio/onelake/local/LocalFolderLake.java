package io.lakestudio.onelake.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.DeltaMetadata;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;

/**
 * A lake in a folder, laid out as OneLake is: {@code <root>/<workspace>/<item>.<Type>/Tables/[<schema>/]<table>/}
 * and {@code .../Files/...}. Workspace id = folder name; item id = {@code <workspace>/<item>.<Type>}; lake paths
 * (tablesPath, filesPath, table locations) are relative to the root with '/'.
 * <p>
 * A folder is a table when it has {@code _delta_log/} (Delta) or {@code metadata/} (Iceberg). A folder directly
 * under {@code Tables/} that is not a table but holds tables is a schema; an item with at least one schema is
 * schema-enabled, and then tables directly under {@code Tables/} are listed with schema "" as before.
 */
public final class LocalFolderLake implements Lake {

	private static final List<String> STAGING_PREFIXES = List.of("StagingLakehouse", "DataflowsStaging");

	private final Path root;
	private final LocalFolderStore store;

	public LocalFolderLake(Path root) {
		this.root = root.toAbsolutePath().normalize();
		this.store = new LocalFolderStore(this.root);
	}

	@Override
	public String describe() {
		return "local folder " + root;
	}

	@Override
	public List<Workspace> workspaces() throws LakeException {
		List<Workspace> out = new ArrayList<>();
		for (Path ws : folders(requireRoot())) {
			String name = ws.getFileName().toString();
			out.add(new Workspace(name, name));
		}
		return out;
	}

	@Override
	public List<Item> items(String workspaceId) throws LakeException {
		requireRoot();
		Path ws = store.resolve(workspaceId);
		if (workspaceId.isEmpty() || workspaceId.contains("/") || !Files.isDirectory(ws)) {
			throw new LakeException(Kind.NOT_FOUND, "no workspace " + workspaceId + " in " + root);
		}
		List<Item> out = new ArrayList<>();
		for (Path dir : folders(ws)) {
			String folder = dir.getFileName().toString();
			int dot = folder.lastIndexOf('.');
			if (dot <= 0 || dot == folder.length() - 1) {
				continue; // not "<name>.<Type>": not an item
			}
			String name = folder.substring(0, dot);
			String id = workspaceId + "/" + folder;
			boolean staging = STAGING_PREFIXES.stream().anyMatch(name::startsWith);
			out.add(new Item(id, workspaceId, name, folder.substring(dot + 1), staging,
					schemaEnabled(dir.resolve("Tables")), id + "/Tables",
					Files.isDirectory(dir.resolve("Files")) ? id + "/Files" : null)); // a model has no Files
		}
		return out;
	}

	@Override
	public List<LakeTable> tables(Item item) throws LakeException {
		Path tablesDir = itemDir(item).resolve("Tables");
		if (!item.hasTables() || !Files.isDirectory(tablesDir)) {
			return List.of();
		}
		List<LakeTable> out = new ArrayList<>();
		for (Path dir : folders(tablesDir)) {
			String format = format(dir);
			if (format != null) {
				out.add(table(item, "", dir, format));
			} else {
				for (Path t : folders(dir)) {
					String f = format(t);
					if (f != null) {
						out.add(table(item, dir.getFileName().toString(), t, f));
					}
				}
			}
		}
		return out;
	}

	@Override
	public List<LakeFile> files(Item item, String dir) throws LakeException {
		String d = dir == null ? "" : dir;
		String lakeDir = item.filesPath() + (d.isEmpty() ? "" : "/" + d);
		itemDir(item);
		List<LakeFile> out = new ArrayList<>();
		for (LakeStore.Entry e : store.list(lakeDir, false)) {
			String name = e.path().substring(e.path().lastIndexOf('/') + 1);
			out.add(new LakeFile(item.id(), d, name, e.directory(), e.size(), e.lastModified()));
		}
		return out;
	}

	@Override
	public TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException {
		Path dir = store.resolve(table.location());
		if (!Files.isDirectory(dir)) {
			throw new LakeException(Kind.NOT_FOUND, "no table " + table.location() + " in " + root);
		}
		if (LakeTable.ICEBERG.equals(table.format())) {
			return IcebergMetadata.read(dir);
		}
		return DeltaMetadata.read(dir);
	}

	@Override
	public LakeStore store() {
		return store;
	}

	private Path requireRoot() throws LakeException {
		if (!Files.isDirectory(root)) {
			throw new LakeException(Kind.NOT_FOUND, "lake folder does not exist: " + root);
		}
		return root;
	}

	private Path itemDir(Item item) throws LakeException {
		Path dir = store.resolve(item.id());
		if (!Files.isDirectory(dir)) {
			throw new LakeException(Kind.NOT_FOUND, "no item " + item.id() + " in " + root);
		}
		return dir;
	}

	private LakeTable table(Item item, String schema, Path dir, String format) {
		return new LakeTable(item.id(), schema, dir.getFileName().toString(), format, store.lakePath(dir));
	}

	/** Delta, Iceberg, or null when the folder is no table. */
	static String format(Path dir) {
		if (Files.isDirectory(dir.resolve("_delta_log"))) {
			return LakeTable.DELTA;
		}
		if (Files.isDirectory(dir.resolve("metadata")) && IcebergMetadata.hasMetadataJson(dir.resolve("metadata"))) {
			return LakeTable.ICEBERG;
		}
		return null;
	}

	static boolean schemaEnabled(Path tablesDir) throws LakeException {
		if (!Files.isDirectory(tablesDir)) {
			return false;
		}
		for (Path dir : folders(tablesDir)) {
			if (format(dir) == null) {
				for (Path child : folders(dir)) {
					if (format(child) != null) {
						return true;
					}
				}
			}
		}
		return false;
	}

	/** Sub-folders by name; hidden ones (".", e.g. .crc or editor folders) are not part of the lake. */
	private static List<Path> folders(Path dir) throws LakeException {
		try (Stream<Path> s = Files.list(dir)) {
			return s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith("."))
					.sorted().toList();
		} catch (IOException e) {
			throw new LakeException(Kind.FAILED, "cannot list " + dir + ": " + e, e);
		}
	}
}
