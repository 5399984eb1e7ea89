package io.lakestudio.cli.internal;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.cli.Lakestudio;
import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.CheckpointInfo;
import io.lakestudio.moraine.CompactStoreReport;
import io.lakestudio.moraine.CompactStoreRequest;
import io.lakestudio.moraine.CompactionTarget;
import io.lakestudio.moraine.MaintenanceReport;
import io.lakestudio.moraine.MaintenanceRequest;
import io.lakestudio.moraine.MigrationReport;
import io.lakestudio.moraine.MigrationRequest;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.SubspaceMerge;
import io.lakestudio.store.ObjectStore;

/**
 * {@code lakestudio moraine VERB STORE ...}: a moraine store's operator verbs, each a few lines over
 * io.lakestudio.moraine. Reading verbs open the store read-only and fence no one; the others take the writer lease
 * (refused while a live writer holds it, unless {@code --force}) and give it up when done. The long ones show
 * progress and stop at a durable batch on Ctrl-C.
 */
public final class MoraineCommand extends Command {

	/** moraine's info lines (an open, a bootstrap) are for a host's log, not a terminal; held so it stays set. */
	private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("io.lakestudio.moraine");

	@Override
	protected String usage() {
		return "VERB [options] STORE [ID]";
	}

	@Override
	protected String description() {
		return """
				A moraine store's operator verbs (a DuckLake catalog kept in a KV store in object storage).
				  census STORE                      what the store weighs, subspace by subspace (--live scans; --tallies)
				  checkpoint create STORE           pin the current state for pinned readers (--lifetime D)
				  checkpoint list STORE             the store's checkpoints
				  checkpoint delete STORE ID        remove a checkpoint (its objects may then be collected)
				  maintain STORE                    reclaim dropped indexes' entries in batches (--batch-size N)
				  compact STORE                     merge each subspace's sorted runs into one (--target)
				  migrate STORE                     bring the layout to this build's (a no-op today)
				STORE is a folder or an abfss:// OneLake path (the signed-in account's). Writing verbs take the writer
				lease: while another process writes they are refused ("held by host/pid since ...") unless --force.
				maintain, compact and migrate stop at their next durable batch on Ctrl-C; run them again to finish.""";
	}

	@Override
	public Options options() {
		return super.options().addOption(flag("json", "Print JSON."))
				.addOption(flag("live", "census: also scan the store to count live entries (a full read)."))
				.addOption(flag("tallies", "census: also print the object-store requests, caches and memory it took."))
				.addOption(valued(null, "checkpoint", "ID",
						"census, checkpoint list: read pinned to a checkpoint (writes nothing)."))
				.addOption(valued(null, "lifetime", "D",
						"checkpoint create: how long it lives (90s, 30m, 12h, 7d, PT1H; default forever)."))
				.addOption(valued(null, "batch-size", "N", "maintain, migrate: keys per durable batch (1024)."))
				.addOption(valued(null, "target", "T", "compact: all, catalog-rows or indexes (all)."))
				.addOption(flag("force", "Take the writer lease over from a live holder (it is fenced)."))
				.addOption(flag("quiet", "No progress lines."));
	}

	@Override
	public int run(CommandLine line) {
		QUIET.setLevel(java.util.logging.Level.WARNING);
		List<String> a = line.getArgList();
		String verb = a.isEmpty() ? "" : a.get(0);
		Out o = new Out(out, line.hasOption("json"));
		try {
			return switch (verb) {
			case "census" -> new MoraineCensus(o, line).run(reader(line, arg(line, 1, "STORE", 2)));
			case "checkpoint" -> checkpoint(line, o);
			case "maintain" -> maintain(line, o);
			case "compact" -> compact(line, o);
			case "migrate" -> migrate(line, o);
			default -> throw new Die(2, verb.isEmpty() ? "moraine: which verb? Try 'lakestudio moraine --help'."
					: "moraine: '" + verb + "' is not a verb. Try 'lakestudio moraine --help'.");
			};
		} catch (MoraineException e) {
			throw die(e);
		}
	}

	static Die die(MoraineException e) {
		int code = switch (e.kind()) {
		case NOT_FOUND, NO_SUCH_CHECKPOINT, NO_SUCH_SNAPSHOT -> 1;
		case INVALID -> 2;
		default -> Lakestudio.FAILED;
		};
		return new Die(code, e.getMessage());
	}

	/** The {@code i}th positional argument (0 is the verb), of at most {@code count} after the verb's. */
	private String arg(CommandLine line, int i, String what, int count) {
		List<String> a = line.getArgList();
		if (a.size() <= i)
			throw new Die(2, "moraine " + String.join(" ", a) + ": " + what + " expected. Try 'lakestudio moraine --help'.");
		if (a.size() > count)
			throw new Die(2, "moraine " + a.get(0) + ": unexpected " + a.get(count) + ". Try 'lakestudio moraine --help'.");
		return a.get(i);
	}

	private ReadOnlyCatalog reader(CommandLine line, String location) {
		ObjectStore objects = MoraineStores.open(home, location);
		CatalogOptions options = CatalogOptions.defaults();
		if (line.hasOption("checkpoint"))
			options = options.withCheckpoint(line.getOptionValue("checkpoint"));
		return ReadOnlyCatalog.openReadOnly(objects, options);
	}

	private Catalog writer(CommandLine line, String location) {
		ObjectStore objects = MoraineStores.open(home, location);
		return Catalog.open(objects, CatalogOptions.defaults().withForceTakeover(line.hasOption("force")));
	}

	private int checkpoint(CommandLine line, Out o) {
		String action = arg(line, 1, "create, list or delete", 4);
		switch (action) {
		case "create" -> {
			Optional<Duration> lifetime = Optional.ofNullable(line.getOptionValue("lifetime")).map(MoraineCommand::duration);
			try (Catalog c = writer(line, arg(line, 2, "STORE", 3))) {
				String id = c.createCheckpoint(lifetime);
				CheckpointInfo made = c.checkpoints().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
				if (o.json())
					o.json(row(made));
				else
					o.writer().println(id + (made.expires().map(e -> " (expires " + e + ")").orElse(" (never expires)")));
			}
			return 0;
		}
		case "list" -> {
			try (ReadOnlyCatalog c = reader(line, arg(line, 2, "STORE", 3))) {
				List<List<Object>> rows = new ArrayList<>();
				for (CheckpointInfo cp : c.checkpoints())
					rows.add(List.of(cp.id(), cp.created(), cp.expires().map(Object::toString).orElse("never")));
				o.rows(List.of("ID", "CREATED", "EXPIRES"), rows);
			}
			return 0;
		}
		case "delete" -> {
			String id = arg(line, 3, "ID", 4);
			try (Catalog c = writer(line, arg(line, 2, "STORE", 4))) {
				if (c.checkpoints().stream().noneMatch(x -> x.id().equals(id)))
					throw new Die(1, "no checkpoint " + id + " in " + line.getArgList().get(2));
				c.deleteCheckpoint(id);
				o.writer().println("deleted checkpoint " + id);
			}
			return 0;
		}
		default -> throw new Die(2, "moraine checkpoint: create, list or delete, not '" + action + "'.");
		}
	}

	private static Map<String, Object> row(CheckpointInfo cp) {
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("id", cp.id());
		m.put("created", cp.created().toString());
		m.put("expires", cp.expires().map(Object::toString).orElse(null));
		return m;
	}

	/** A writing pass the user may stop with Ctrl-C. */
	private interface Pass {
		int run(Catalog catalog, StopOnCtrlC stop);
	}

	/**
	 * Runs {@code pass} on the store's writer. A stop ends it at a durable batch; the writer is closed (its lease given
	 * up) and the reason printed before the JVM's shutdown, which waits for this, may go on.
	 */
	private int pass(CommandLine line, String verb, Pass pass) {
		StopOnCtrlC stop = new StopOnCtrlC(verb, err, line.hasOption("quiet"));
		try {
			try (Catalog c = writer(line, arg(line, 1, "STORE", 2))) {
				return pass.run(c, stop);
			}
		} catch (MoraineException e) {
			if (e.kind() != MoraineException.Kind.INTERRUPTED)
				throw e;
			err.println("lakestudio: " + e.getMessage());
			return Lakestudio.FAILED;
		} finally {
			out.flush();
			err.flush();
			stop.close();
		}
	}

	private int maintain(CommandLine line, Out o) {
		int batch = positive(line, "batch-size", 1024);
		return pass(line, "maintain", (c, stop) -> {
			MaintenanceReport r = c.maintain(new MaintenanceRequest(batch, stop));
			if (o.json())
				o.json(ordered("indexes_swept", r.indexesSwept(), "entries_deleted", r.entriesDeleted(), "batches",
						r.batches()));
			else
				o.writer().println("maintained: " + r.indexesSwept() + " dropped indexes swept, " + r.entriesDeleted()
						+ " entries deleted in " + r.batches() + " batches (no snapshot minted)");
			return 0;
		});
	}

	private int compact(CommandLine line, Out o) {
		String t = line.getOptionValue("target", "all");
		CompactionTarget target = switch (t) {
		case "all" -> CompactionTarget.ALL;
		case "catalog-rows" -> CompactionTarget.CATALOG_ROWS;
		case "indexes" -> CompactionTarget.INDEXES;
		default -> throw new Die(2, "--target takes all, catalog-rows or indexes, not '" + t + "'.");
		};
		return pass(line, "compact", (c, stop) -> {
			CompactStoreReport r = c.compactStore(new CompactStoreRequest(target, stop));
			List<List<Object>> rows = new ArrayList<>();
			for (SubspaceMerge m : r.merges())
				rows.add(List.of(m.subspace().name().toLowerCase(), m.outcome().name().toLowerCase(), m.sourceSsts(),
						m.outputSsts(), m.bytesRead(), m.bytesWritten(), m.tombstonesDropped()));
			o.rows(List.of("SUBSPACE", "OUTCOME", "SSTS IN", "SSTS OUT", "BYTES READ", "BYTES WRITTEN",
					"TOMBSTONES DROPPED"), rows);
			return 0;
		});
	}

	private int migrate(CommandLine line, Out o) {
		int batch = positive(line, "batch-size", 1024);
		return pass(line, "migrate", (c, stop) -> {
			MigrationReport r = c.migrate(new MigrationRequest(batch, stop));
			if (o.json())
				o.json(ordered("from_version", r.fromVersion(), "to_version", r.toVersion(), "keys_rewritten",
						r.keysRewritten(), "no_op", r.noOp()));
			else if (r.noOp())
				o.writer().println("nothing to migrate: layout version " + r.toVersion() + " is this build's");
			else
				o.writer().println("migrated from layout version " + r.fromVersion() + " to " + r.toVersion() + ": "
						+ r.keysRewritten() + " keys rewritten");
			return 0;
		});
	}

	/** Keys and values in turn, as a JSON object in that order. */
	static Map<String, Object> ordered(Object... kv) {
		Map<String, Object> m = new LinkedHashMap<>();
		for (int i = 0; i < kv.length; i += 2)
			m.put((String) kv[i], kv[i + 1]);
		return m;
	}

	private static int positive(CommandLine line, String option, int fallback) {
		int n = intValue(line, option, fallback);
		if (n <= 0)
			throw new Die(2, "--" + option + " takes a positive number, not " + n + ".");
		return n;
	}

	/** 90s, 30m, 12h, 7d, or ISO-8601 (PT1H). */
	static Duration duration(String text) {
		Duration d;
		try {
			if (text.matches("\\d{1,9}[smhd]")) {
				long n = Long.parseLong(text.substring(0, text.length() - 1));
				d = switch (text.charAt(text.length() - 1)) {
				case 's' -> Duration.ofSeconds(n);
				case 'm' -> Duration.ofMinutes(n);
				case 'h' -> Duration.ofHours(n);
				default -> Duration.ofDays(n);
				};
			} else {
				d = Duration.parse(text);
			}
		} catch (DateTimeParseException | ArithmeticException e) {
			throw new Die(2, "--lifetime takes a duration such as 90s, 30m, 12h, 7d or PT1H, not '" + text + "'.");
		}
		if (d.isNegative() || d.isZero())
			throw new Die(2, "--lifetime must be positive, not " + text + ".");
		return d;
	}
}
