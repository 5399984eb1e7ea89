package io.lakestudio.emulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The tenant the emulator serves, read from a folder on every request (so a table added on disk shows up):
 * {@code <root>/<workspace>/<item>.<Type>/Tables/[<schema>/]<table>/} and {@code .../Files/...}. A folder under
 * {@code Tables/} holding {@code _delta_log/} is a Delta table, one holding {@code metadata/} an Iceberg table,
 * any other folder a schema (which makes the lakehouse schema-enabled). Ids are GUID-like and derived from names,
 * so they are the same on every run.
 */
public final class FolderTenant {

	public record Ws(String id, String name, Path dir) {
	}

	public record It(String id, String workspaceId, String name, String type, Path dir) {

		public boolean schemaEnabled() {
			Path tables = dir.resolve("Tables");
			return children(tables).stream().anyMatch(p -> format(p) == null);
		}
	}

	public record Tbl(String schema, String name, String format, Path dir) {
	}

	private final Path root;

	public FolderTenant(Path root) {
		this.root = root;
	}

	public Path root() {
		return root;
	}

	public static String id(String kind, String key) {
		return UUID.nameUUIDFromBytes((kind + ":" + key).getBytes(StandardCharsets.UTF_8)).toString();
	}

	public List<Ws> workspaces() {
		List<Ws> out = new ArrayList<>();
		for (Path d : children(root)) {
			String name = d.getFileName().toString();
			out.add(new Ws(id("workspace", name), name, d));
		}
		return out;
	}

	public Optional<Ws> workspace(String idOrName) {
		return workspaces().stream().filter(w -> w.id().equals(idOrName) || w.name().equals(idOrName)).findFirst();
	}

	public List<It> items(Ws ws) {
		List<It> out = new ArrayList<>();
		for (Path d : children(ws.dir())) {
			String file = d.getFileName().toString();
			int dot = file.lastIndexOf('.');
			if (dot <= 0) {
				continue;
			}
			out.add(new It(id("item", ws.name() + "/" + file), ws.id(), file.substring(0, dot), file.substring(dot + 1),
					d));
		}
		return out;
	}

	/** An item by id or by {@code name.Type}, as OneLake paths accept either. */
	public Optional<It> item(Ws ws, String idOrFolder) {
		return items(ws).stream()
				.filter(i -> i.id().equals(idOrFolder) || (i.name() + "." + i.type()).equals(idOrFolder)).findFirst();
	}

	public List<Tbl> tables(It item) {
		List<Tbl> out = new ArrayList<>();
		for (Path d : children(item.dir().resolve("Tables"))) {
			String f = format(d);
			if (f != null) {
				out.add(new Tbl("", d.getFileName().toString(), f, d));
				continue;
			}
			for (Path t : children(d)) {
				String tf = format(t);
				if (tf != null) {
					out.add(new Tbl(d.getFileName().toString(), t.getFileName().toString(), tf, t));
				}
			}
		}
		return out;
	}

	static String format(Path dir) {
		if (Files.isDirectory(dir.resolve("_delta_log"))) {
			return "Delta";
		}
		if (Files.isDirectory(dir.resolve("metadata"))) {
			return "Iceberg";
		}
		return null;
	}

	/** Sorted sub-folders, without hidden ones; none when {@code dir} is not a folder. */
	static List<Path> children(Path dir) {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> s = Files.list(dir)) {
			return s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith(".")).sorted()
					.toList();
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
