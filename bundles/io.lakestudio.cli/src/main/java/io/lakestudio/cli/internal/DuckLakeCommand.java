package io.lakestudio.cli.internal;

import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Settings;
import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * {@code ducklake attach NAME URL [--data-path P] [--read-only] | detach NAME | list}: DuckLake catalogs kept in
 * settings.json, which every {@code sql} session then attaches. Attach opens the catalog first (a new file becomes
 * a new catalog), so a file that isn't DuckLake is refused before anything is kept.
 */
public final class DuckLakeCommand extends Command {

	@Override
	protected String usage() {
		return "attach NAME URL [--data-path P] [--read-only] [--checkpoint ID] | detach NAME | list";
	}

	@Override
	protected String description() {
		return "Keep DuckLake catalogs attached (ducklake:sqlite:<file>, ducklake:moraine:<folder or abfss://...>):"
				+ " every sql session attaches them by name.";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued(null, "data-path", "P", "The catalog's data path (a new catalog's"
				+ " files go there; default <file>.files/).")).addOption(flag("read-only", "Attach it read-only."))
				.addOption(valued(null, "checkpoint", "ID", "A moraine store's checkpoint to pin it to (read-only,"
						+ " writes nothing to the store)."));
	}

	@Override
	public int run(CommandLine line) {
		List<String> args = line.getArgList();
		String verb = args.isEmpty() ? "" : args.get(0);
		Settings settings = Settings.load(home);
		switch (verb) {
		case "attach" -> {
			args(line, 3, 3);
			String name = args.get(1);
			String url = args.get(2);
			String dataPath = line.getOptionValue("data-path");
			boolean ro = line.hasOption("read-only");
			String checkpoint = line.getOptionValue("checkpoint");
			try (FabricLake lake = url.contains("abfss://") ? Lakes.oneLake(settings, l -> {
			}) : null; DuckLakeCatalog c = DuckLakeAttachments.open(url, AttachOptions.defaults().withDataPath(dataPath)
					.withReadOnly(ro), checkpoint, lake == null ? null : lake.store())) {
				ro |= checkpoint != null;
				DuckLakeAttachments.put(settings, new Attachment(name, url, dataPath, ro, checkpoint));
				settings.save();
				out.println("attached " + name + ": " + url + " (data path " + c.dataPath() + ", snapshot "
						+ c.store().latest().id() + (ro ? ", read-only" : "") + (checkpoint == null ? ""
								: ", checkpoint " + checkpoint) + ")");
			} catch (DuckLakeException e) {
				throw new Die(3, e.getMessage());
			} catch (IllegalArgumentException e) {
				throw new Die(2, e.getMessage());
			}
			return 0;
		}
		case "detach" -> {
			args(line, 2, 2);
			if (!DuckLakeAttachments.remove(settings, args.get(1))) {
				throw new Die(1, "no DuckLake catalog named " + args.get(1) + " is attached");
			}
			settings.save();
			out.println("detached " + args.get(1));
			return 0;
		}
		case "list" -> {
			args(line, 1, 1);
			for (Attachment a : DuckLakeAttachments.of(settings)) {
				out.println(a.name() + "\t" + a.url() + "\t" + (a.dataPath() == null ? "-" : a.dataPath()) + "\t"
						+ (a.readOnly() ? "read-only" : "read-write") + "\t" + latest(a));
			}
			return 0;
		}
		default -> throw new Die(2, name + ": expected " + usage() + ". Try 'lakestudio " + name + " --help'.");
		}
	}

	/** The latest snapshot, read-only, or why it can't be read. */
	private String latest(Attachment a) {
		try (FabricLake lake = a.url().contains("abfss://") ? Lakes.oneLake(Settings.load(home), l -> {
		}) : null; DuckLakeCatalog c = DuckLakeAttachments.open(a.url(), AttachOptions.defaults().withReadOnly(true),
				a.checkpoint(), lake == null ? null : lake.store())) {
			Snapshot s = c.store().latest();
			return "snapshot " + s.id() + " at " + s.time();
		} catch (DuckLakeException | RuntimeException e) {
			return "unreadable: " + e.getMessage();
		}
	}
}
