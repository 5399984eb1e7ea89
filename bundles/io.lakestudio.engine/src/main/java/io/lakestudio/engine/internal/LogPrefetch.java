package io.lakestudio.engine.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Resolution;
import io.lakestudio.catalog.TableName;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.mirror.Held;
import io.lakestudio.mirror.Mirror;
import io.lakestudio.mirror.MirrorException;

/**
 * The held logs of the lake tables a statement's text names, brought up to date while DuckDB starts and parses it:
 * on a cold statement the log's listing and files are on their way before the first table is planned, not after.
 * A name is taken from the text as a statement quotes it ({@code "workspace/item".table},
 * {@code "workspace/item".schema.table}) and looked up in the catalog alone (no listing is asked for it); text
 * that names no Delta table, or one whose held log is not due, costs a lookup. The statement's read of a table
 * takes the refresh started for it ({@link #refresh}); one nobody took (the name was in a comment, the statement
 * was refused) is waited for before the next statement starts any, so that two refreshes of a log never overlap.
 * Used under the engine's lock, one statement at a time.
 */
final class LogPrefetch {

	private static final String PART = "\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_]*";
	private static final Pattern NAME = Pattern.compile("\"((?:[^\"/]|\"\")+/(?:[^\"/]|\"\")+)\"\\s*\\.\\s*(" + PART
			+ ")(?:\\s*\\.\\s*(" + PART + "))?");

	private final EngineConfig config;
	private final Mirror mirror;
	/** Names looked up, with what they named: good while the catalog's generation stays {@link #resolvedAt}. */
	private final Map<String, Optional<LakeTable>> resolved = new Lru<>(1024);
	private long resolvedAt = -1;
	/** The refreshes started for the running statement, by table id. */
	private final Map<String, FutureTask<Mirror.Refreshed>> running = new HashMap<>();

	LogPrefetch(EngineConfig config, Mirror mirror) {
		this.config = config;
		this.mirror = mirror;
	}

	/** Starts refreshing the held logs that are due of the Delta tables {@code sql} names. */
	void start(String sql, boolean fresh) {
		settle();
		if (config.offline() || config.store() == null) {
			return;
		}
		Set<String> tried = new HashSet<>();
		Matcher m = NAME.matcher(sql);
		while (m.find()) {
			String item = m.group(1).replace("\"\"", "\"");
			List<String> names = new ArrayList<>();
			if (m.group(3) != null) {
				names.add(item + "/" + unquote(m.group(2)) + "/" + unquote(m.group(3)));
			}
			names.add(item + "/" + unquote(m.group(2)));
			for (String n : names) {
				Optional<LakeTable> t = tried.add(n) ? table(n) : Optional.empty();
				if (t.isPresent()) {
					LakeTable table = t.get();
					if (!running.containsKey(table.id()) && due(mirror.held(table), fresh)) {
						FutureTask<Mirror.Refreshed> f = new FutureTask<>(() -> mirror.refresh(table));
						running.put(table.id(), f);
						Thread.ofVirtual().name("lakestudio-log").start(f);
					}
					break;
				}
			}
		}
	}

	/** Whether a held log is to be read from the lake again before a statement reads it. */
	boolean due(Optional<Held> held, boolean fresh) {
		return held.isEmpty() || fresh
				|| held.get().refreshedAt().plus(config.metadataTtl()).isBefore(config.clock().instant());
	}

	/** Whether a refresh of {@code t}'s log was started for this statement and not taken yet. */
	boolean started(LakeTable t) {
		return running.containsKey(t.id());
	}

	/** The refresh started for {@code t}, once done; else {@code t}'s log refreshed now. */
	Mirror.Refreshed refresh(LakeTable t) throws MirrorException {
		FutureTask<Mirror.Refreshed> f = running.remove(t.id());
		if (f == null) {
			return mirror.refresh(t);
		}
		try {
			return f.get();
		} catch (ExecutionException e) {
			if (e.getCause() instanceof MirrorException x) {
				throw x;
			} else if (e.getCause() instanceof RuntimeException x) {
				throw x;
			} else if (e.getCause() instanceof Error x) {
				throw x; // a log too big for the heap: the statement says so (TableReads.view)
			}
			throw new MirrorException("cannot copy the log of " + t.location() + ": " + e.getCause(), e.getCause());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new MirrorException("interrupted while copying the log of " + t.location(), e);
		}
	}

	/** Waits for the refreshes nobody took. */
	void settle() {
		for (FutureTask<Mirror.Refreshed> f : running.values()) {
			try {
				f.get();
			} catch (ExecutionException e) {
				// nobody read that table: its statement's own read would have said why
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		running.clear();
	}

	/**
	 * The Delta table {@code name} names, looked up in the catalog once per catalog generation: a warm statement's
	 * lookup was a fifth of a millisecond, more than the rest of its planning.
	 */
	private Optional<LakeTable> table(String name) {
		long generation = config.catalog().generation();
		if (generation != resolvedAt) {
			resolved.clear();
			resolvedAt = generation;
		}
		Optional<LakeTable> known = resolved.get(name);
		if (known == null) {
			known = lookUp(name);
			resolved.put(name, known);
		}
		return known;
	}

	private Optional<LakeTable> lookUp(String name) {
		try {
			Resolution r = config.catalog().resolve(TableName.parse(name));
			return r.answer() == Resolution.Answer.EXISTS && !r.table().dropped()
					&& LakeTable.DELTA.equals(r.table().format()) ? Optional.of(r.table()) : Optional.empty();
		} catch (RuntimeException e) {
			return Optional.empty(); // not a table name: the statement's own planning says so
		}
	}

	private static String unquote(String part) {
		return part.startsWith("\"") ? part.substring(1, part.length() - 1).replace("\"\"", "\"") : part;
	}
}
