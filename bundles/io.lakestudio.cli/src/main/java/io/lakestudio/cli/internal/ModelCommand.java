package io.lakestudio.cli.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * A semantic model's tables and the lakehouse tables they read. {@code --fresh} downloads its definition (Fabric's
 * getDefinition, polled) into {@code models/<account>/<workspace>/<model>/}; without it the answer comes from that
 * folder and the catalog, with no network.
 */
public final class ModelCommand extends Command {

	@Override
	protected String usage() {
		return "[options] workspace/model";
	}

	@Override
	protected String description() {
		return "Show a semantic model's tables and the lakehouse tables they read, from its downloaded definition."
				+ " --fresh downloads the definition first (not a listing: it doesn't go through the sync queue).";
	}

	@Override
	public Options options() {
		return super.options().addOption(flag("fresh", "Download the model's definition first."))
				.addOption(flag("json", "Print JSON instead of a table."));
	}

	@Override
	public int run(CommandLine line) {
		String path = args(line, 1, 1).get(0);
		Settings settings = Settings.load(home);
		if (line.hasOption("fresh")) {
			download(settings, path);
		}
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, settings.account()),
				settings.account())) {
			Item model = Locate.item(c, path);
			Workspace ws = c.workspace(model.workspaceId()).orElseThrow();
			Path dir = folder(settings, ws, model);
			if (!Files.isDirectory(dir)) {
				throw new Die(2, "The definition of " + ws.name() + "/" + model.name() + " was never downloaded; run"
						+ " 'lakestudio model " + path + " --fresh'.");
			}
			return show(c, ModelSources.read(parts(dir)), new Out(out, line.hasOption("json")));
		}
	}

	private void download(Settings settings, String path) {
		if (settings.flag(Settings.OFFLINE)) {
			throw new Die(3, "Offline (the offline setting is on): --fresh asks nothing.");
		}
		if (Lakes.isFolder(settings)) {
			throw new Die(2, "model --fresh downloads from Fabric; the folder lake's models are their folders.");
		}
		Pauses pauses = new Pauses(home, settings.account());
		LakeFailures.refuseDuringPause(pauses, "model --fresh");
		Item model;
		Workspace ws;
		try (Freshen f = Freshen.open(home, err)) {
			model = f.item(path);
			ws = f.catalog().workspace(model.workspaceId()).orElseThrow();
		}
		if (!"SemanticModel".equals(model.type())) {
			throw new Die(2, ws.name() + "/" + model.name() + " is a " + model.type() + ", not a semantic model.");
		}
		EventLog log = new EventLog(home);
		Map<String, byte[]> parts;
		try (FabricLake lake = Lakes.oneLake(settings, l -> log.log("lake", l))) {
			parts = lake.models().definition(ws.id(), model.id());
		} catch (LakeException e) {
			throw LakeFailures.die("Downloading the definition of " + model.name(), e, pauses);
		}
		write(folder(settings, ws, model), parts);
		log.log("model", "definition of " + ws.name() + "/" + model.name() + " downloaded: " + parts.size() + " parts");
	}

	/** Writes the parts beside the old copy, then swaps, so a reader never sees half a definition. */
	private static void write(Path dir, Map<String, byte[]> parts) {
		try {
			Files.createDirectories(dir.getParent());
			Path tmp = Files.createTempDirectory(dir.getParent(), ".download-");
			for (Map.Entry<String, byte[]> p : parts.entrySet()) {
				Path f = tmp.resolve(p.getKey()).normalize();
				if (!f.startsWith(tmp)) {
					throw new Die(3, "The definition has a part outside its folder: " + p.getKey());
				}
				Files.createDirectories(f.getParent());
				Files.write(f, p.getValue());
			}
			delete(dir);
			Files.move(tmp, dir);
		} catch (IOException e) {
			throw new Die(3, "Cannot write the definition into " + dir + ": " + e.getMessage());
		}
	}

	private Path folder(Settings s, Workspace ws, Item model) {
		return home.resolve("models").resolve(safe(s.account())).resolve(safe(ws.name())).resolve(safe(model.name()));
	}

	private static String safe(String name) {
		return name.replaceAll("[/\\\\:]", "_");
	}

	private static Map<String, String> parts(Path dir) {
		Map<String, String> parts = new LinkedHashMap<>();
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
				parts.put(dir.relativize(f).toString().replace('\\', '/'), Files.readString(f, StandardCharsets.UTF_8));
			}
		} catch (IOException e) {
			throw new Die(3, "Cannot read " + dir + ": " + e.getMessage());
		}
		return parts;
	}

	private static int show(ReadOnlyCatalog c, List<ModelSources.Table> tables, Out out) {
		List<List<Object>> rows = new ArrayList<>();
		for (ModelSources.Table t : tables) {
			List<String> reads = t.reads().stream().map(r -> name(c, r)).toList();
			rows.add(List.of(t.name(), t.mode() == null ? "" : t.mode(), String.join(", ", reads)));
		}
		out.rows(List.of("TABLE", "MODE", "READS"), rows);
		return 0;
	}

	/** workspace/lakehouse/[schema/]table when the catalog knows the lakehouse, else what the model says. */
	private static String name(ReadOnlyCatalog c, ModelSources.Read r) {
		String schema = r.schema() == null || r.schema().isEmpty() || r.schema().equalsIgnoreCase("dbo") ? ""
				: r.schema() + "/";
		if (r.lakehouseIsId()) {
			var item = c.item(r.lakehouse());
			if (item.isPresent()) {
				String ws = c.workspace(item.get().workspaceId()).map(Workspace::name).orElse("?");
				return ws + "/" + item.get().name() + "/" + schema + r.table();
			}
			return "lakehouse " + r.lakehouse() + " (not in the catalog): " + schema + r.table();
		}
		return r.lakehouse() + ": " + schema + r.table();
	}

	private static void delete(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> all = Files.walk(dir)) {
			for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(p);
			}
		} catch (UncheckedIOException e) {
			throw e.getCause();
		}
	}
}
