package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_expire_snapshots}, {@code ducklake_cleanup_old_files} and {@code ducklake_delete_orphaned_files}.
 * Expiring drops snapshots and schedules the files only they named; cleanup deletes scheduled files, their catalog
 * rows first (a crash between leaves an orphan file, never a row naming a missing file); orphan removal deletes
 * files under the data path no row names. Each answers with what it did (or, {@code dry_run}, would do).
 */
final class Cleanup {

	/** How old an unnamed file must be before it counts as an orphan when nothing says (a writer may be at work). */
	private static final Duration ORPHAN_AGE = Duration.ofDays(1);

	private final Connection d;
	private final Attached a;

	Cleanup(Connection d, Attached a) {
		this.d = d;
		this.a = a;
	}

	List<String> expire(Map<String, String> named) throws EngineException, DuckLakeException, SQLException {
		boolean dryRun = Maintenance.flag(named, "dry_run", false);
		if (named.containsKey("versions") && named.containsKey("older_than")) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: cannot specify both 'versions' and 'older_than'");
		}
		if (named.containsKey("older_than") && named.get("older_than") == null) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: older_than option must be a non-null timestamp");
		}
		if (!dryRun) {
			Changes.writable(a);
		}
		List<Long> ids = new ArrayList<>();
		if (named.containsKey("versions")) {
			for (String v : Maintenance.list(named.get("versions"))) {
				if (!v.equalsIgnoreCase("NULL")) {
					ids.add(Long.parseLong(v));
				}
			}
		} else {
			Instant older = named.containsKey("older_than") ? Maintenance.instant(d, named.get("older_than"))
					: Maintenance.ago(d, Maintenance.option(a, "expire_older_than"));
			if (older != null) {
				for (Snapshot s : a.catalog.store().snapshots()) {
					if (s.time().isBefore(older)) {
						ids.add(s.id());
					}
				}
			}
		}
		List<String> rows = new ArrayList<>();
		for (Snapshot s : a.catalog.store().expireSnapshots(ids, dryRun)) {
			rows.add(Maintenance.snapshotRow(s));
		}
		return rows;
	}

	List<String> oldFiles(Map<String, String> named) throws EngineException, DuckLakeException, SQLException {
		boolean dryRun = Maintenance.flag(named, "dry_run", false);
		Instant older = older(named, null);
		List<ScheduledFile> due = new ArrayList<>();
		for (ScheduledFile f : a.catalog.store().scheduledFiles()) {
			if (older == null || f.scheduleStart().isBefore(older)) {
				due.add(f);
			}
		}
		List<String> rows = new ArrayList<>();
		if (!dryRun && !due.isEmpty()) {
			Changes.writable(a);
			a.catalog.store().forgetScheduled(due.stream().map(ScheduledFile::dataFileId).toList());
		}
		for (ScheduledFile f : due) {
			String path = f.relative() ? a.catalog.dataPath() + f.path() : f.path();
			if (!dryRun) {
				delete(Path.of(path));
			}
			rows.add("(" + Sql.string(path) + ")");
		}
		return rows;
	}

	List<String> orphans(Map<String, String> named) throws EngineException, DuckLakeException, SQLException {
		boolean dryRun = Maintenance.flag(named, "dry_run", false);
		Instant older = older(named, Instant.now().minus(ORPHAN_AGE));
		Path root = Path.of(a.catalog.dataPath());
		Set<String> names = a.catalog.store().namedFiles(a.catalog.dataPath());
		Set<Path> named2 = new java.util.HashSet<>();
		for (String n : names) {
			named2.add(Path.of(n).toAbsolutePath().normalize());
		}
		List<Path> orphans = new ArrayList<>();
		if (Files.isDirectory(root)) {
			try (Stream<Path> all = Files.walk(root)) {
				for (Path p : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
					Path abs = p.toAbsolutePath().normalize();
					boolean metadata = a.catalog.store().holds(abs.toString());
					if (!named2.contains(abs) && !metadata && !a.placedHere(abs) && (older == null
							|| Files.getLastModifiedTime(p).toInstant().isBefore(older))) {
						orphans.add(abs);
					}
				}
			} catch (IOException e) {
				throw new EngineException(Kind.FAILED, "cannot list " + root + ": " + e.getMessage(), e);
			}
		}
		if (!dryRun && !orphans.isEmpty()) {
			Changes.writable(a);
		}
		List<String> rows = new ArrayList<>();
		for (Path p : orphans) {
			if (!dryRun) {
				delete(p);
			}
			rows.add("(" + Sql.string(p.toString()) + ")");
		}
		return rows;
	}

	/** older_than, else (unless cleanup_all) the delete_older_than option, else {@code dflt}; null is all. */
	private Instant older(Map<String, String> named, Instant dflt) throws EngineException, DuckLakeException,
			SQLException {
		if (Maintenance.flag(named, "cleanup_all", false)) {
			return null;
		}
		if (named.containsKey("older_than")) {
			if (named.get("older_than") == null) {
				throw new EngineException(Kind.FAILED,
						"Invalid Input Error: older_than option must be a non-null timestamp");
			}
			return Maintenance.instant(d, named.get("older_than"));
		}
		Instant option = Maintenance.ago(d, Maintenance.option(a, "delete_older_than"));
		return option != null ? option : dflt;
	}

	private static void delete(Path p) throws EngineException {
		try {
			Files.deleteIfExists(p);
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot delete " + p + ": " + e.getMessage(), e);
		}
	}
}
