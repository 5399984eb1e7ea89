package io.lakestudio.sync;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;

/**
 * One sweep of a lake into the catalog, through the catalog's listing writes: workspaces, their items, the tables
 * of each item that has tables (staging items never), optionally each table's metadata, and the Files folders.
 * A listing that fails is recorded in {@code sync_state} and changes no rows; the sweep goes on with the rest.
 */
public final class SyncPass {

	/** What the sweep reads beyond listings. */
	public record Options(boolean tableMetadata, int filesDepth) {
		public static final Options ALL = new Options(true, 8);
	}

	/** What a sweep did. */
	public record Result(int listings, int failures, List<String> failureMessages) {
	}

	/** Told what the sweep is doing, for progress and logs. */
	public interface Progress {
		void step(String what);
	}

	private final Catalog catalog;
	private final Lake lake;
	private final Clock clock;
	private final EventLog log;
	private int listings;
	private final List<String> failures = new ArrayList<>();

	public SyncPass(Catalog catalog, Lake lake, Clock clock, EventLog log) {
		this.catalog = catalog;
		this.lake = lake;
		this.clock = clock;
		this.log = log;
	}

	public Result run(Options options, Progress progress, BooleanSupplier cancelled) {
		progress.step("Listing workspaces of " + lake.describe());
		List<Workspace> workspaces = list(Listing.WORKSPACES, lake::workspaces);
		if (workspaces != null) {
			catalog.replaceWorkspaces(workspaces, true, now());
		}
		for (Workspace ws : catalog.workspaces()) {
			if (cancelled.getAsBoolean() || ws.dropped()) {
				continue;
			}
			progress.step("Listing items of " + ws.name());
			List<Item> items = list(Listing.items(ws.id()), () -> lake.items(ws.id()));
			if (items != null) {
				catalog.replaceItems(ws.id(), items, true, now());
			}
			for (Item item : catalog.items(ws.id())) {
				if (cancelled.getAsBoolean()) {
					break;
				}
				if (!item.dropped() && !item.staging()) {
					syncItem(ws, item, options, progress, cancelled);
				}
			}
		}
		return new Result(listings, failures.size(), List.copyOf(failures));
	}

	private void syncItem(Workspace ws, Item item, Options options, Progress progress, BooleanSupplier cancelled) {
		if (item.hasTables()) {
			progress.step("Listing tables of " + ws.name() + "/" + item.name());
			List<LakeTable> tables = list(Listing.tables(item.id()), () -> lake.tables(item));
			if (tables != null) {
				catalog.replaceTables(item.id(), tables, true, now());
				if (options.tableMetadata()) {
					for (LakeTable t : tables) {
						if (cancelled.getAsBoolean()) {
							return;
						}
						TableMetadata m = list(Listing.tableMetadata(t.id()), () -> lake.tableMetadata(item, t));
						if (m != null) {
							catalog.putTableMetadata(t.id(), m, now());
						}
					}
				}
			}
		}
		if (item.filesPath() != null && options.filesDepth() > 0) {
			syncFiles(item, "", options.filesDepth(), cancelled);
		}
	}

	private void syncFiles(Item item, String dir, int depth, BooleanSupplier cancelled) {
		List<LakeFile> files = list(Listing.files(item.id(), dir), () -> lake.files(item, dir));
		if (files == null) {
			return;
		}
		catalog.replaceFiles(item.id(), dir, files, true, now());
		if (depth > 1) {
			for (LakeFile f : files) {
				if (f.directory() && !cancelled.getAsBoolean()) {
					syncFiles(item, f.path(), depth - 1, cancelled);
				}
			}
		}
	}

	private interface Call<T> {
		T get() throws LakeException;
	}

	/** One listing: returns it, or records its failure in sync_state and returns null. */
	private <T> T list(String listing, Call<T> call) {
		listings++;
		try {
			return call.get();
		} catch (LakeException | RuntimeException e) {
			String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
			catalog.recordFailure(listing, message, now());
			failures.add(listing + ": " + message);
			if (log != null) {
				log.log("sync", "failed " + listing + ": " + message);
			}
			return null;
		}
	}

	private Instant now() {
		return clock.instant();
	}
}
