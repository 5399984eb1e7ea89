package io.lakestudio.mirror;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.delta.DeltaException;
import io.lakestudio.delta.DeltaScan;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.delta.ScanFile;
import io.lakestudio.mirror.internal.Bounded;
import io.lakestudio.mirror.internal.Copier;
import io.lakestudio.mirror.internal.LogFiles;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * The Delta log mirror: each table's log under {@code <root>/<table key>/_delta_log/}, copied verbatim from a
 * {@link LakeStore} (deletion-vector files beside it, at their paths in the table), and Delta Kernel reading that
 * copy. No log is ever read from the lake by Kernel, so what was read once can be read again offline. Data files
 * are not here: scan-file paths stay relative to the table's lake location.
 */
public final class Mirror {

	private static final String HELD = "held.properties";

	private final Path root;
	private final LakeStore store;
	private final Clock clock;
	private final int parallel;
	private final Map<String, Path> folders = new ConcurrentHashMap<>();
	private final Map<Path, HeldFile> helds = new ConcurrentHashMap<>();

	/**
	 * @param parallel how many reads may be in flight at once while copying a log: {@link Bounded#PARALLEL} for a
	 *                 statement waiting on it, 1 where one request at a time is the rule (the sync job's reads)
	 */
	public Mirror(Path root, LakeStore store, Clock clock, int parallel) {
		this.root = root.toAbsolutePath().normalize();
		this.store = store;
		this.clock = clock;
		this.parallel = parallel;
	}

	/** What a refresh brought: the held log's record and its latest snapshot, as {@link #scan} reads it. */
	public record Refreshed(Held held, DeltaScan latest) {
	}

	/** The folder of a table's copy: its name made safe, and a hash of the id so two names never meet. */
	public Path folder(LakeTable t) {
		return folders.computeIfAbsent(t.id() + "\n" + t.name(), k -> root
				.resolve(t.name().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + hash(t.id()).substring(0, 12)));
	}

	/**
	 * What is held of a table, if its log was ever copied. Asked before each statement: the file is read again
	 * only when it is another file than last time (a refresh, here or in another process, replaces it).
	 */
	public Optional<Held> held(LakeTable t) {
		Path f = folder(t).resolve(HELD);
		BasicFileAttributes a;
		try {
			a = Files.readAttributes(f, BasicFileAttributes.class);
		} catch (IOException e) {
			return Optional.empty();
		}
		HeldFile known = helds.get(f);
		if (known != null && known.same(a)) {
			return Optional.of(known.held());
		}
		Properties p = new Properties();
		try (InputStream in = Files.newInputStream(f)) {
			p.load(in);
			Held h = new Held(p.getProperty("location"), Long.parseLong(p.getProperty("version")),
					Instant.parse(p.getProperty("refreshedAt")));
			helds.put(f, new HeldFile(a.fileKey(), a.lastModifiedTime(), a.size(), h));
			return Optional.of(h);
		} catch (IOException | RuntimeException e) {
			return Optional.empty();
		}
	}

	/** A held.properties file as read: which file it was (inode, time, size) and what it said. */
	private record HeldFile(Object key, FileTime modified, long size, Held held) {
		boolean same(BasicFileAttributes a) {
			return a.isRegularFile() && key != null && key.equals(a.fileKey()) && modified.equals(a.lastModifiedTime())
					&& size == a.size();
		}
	}

	/**
	 * Brings the copy of a table's log up to date with the lake: what the latest snapshot needs is copied, a file
	 * whose size or time changed is copied again, and a log that started over (a table dropped and made again) is
	 * copied afresh.
	 */
	public Refreshed refresh(LakeTable t) throws MirrorException {
		Path dir = copyLog(t);
		try {
			DeltaScan latest = DeltaTables.scan(dir, java.util.OptionalLong.empty(), null);
			copyDeletionVectors(t, dir, latest.files());
			Held held = new Held(t.location(), latest.snapshot().version(), clock.instant());
			writeHeld(dir, held);
			return new Refreshed(held, latest);
		} catch (LakeException e) {
			throw new MirrorException("cannot copy the log of " + t.location() + ": " + e.getMessage(), e);
		} catch (DeltaException e) {
			throw new MirrorException(e.getMessage(), e);
		} catch (IOException e) {
			throw new MirrorException("cannot write the mirror of " + t.location() + " in " + dir + ": " + e, e);
		}
	}

	/**
	 * Copies what the latest snapshot of a table's log needs (its deletion vectors aside) and returns the table's
	 * folder here, which Delta Kernel reads as the table. Two round trips: the listing, then every file it lacks.
	 */
	public Path copyLog(LakeTable t) throws MirrorException {
		Path dir = folder(t);
		Path log = dir.resolve("_delta_log");
		String remoteLog = t.location() + "/_delta_log";
		try {
			Map<String, LakeStore.Entry> listing = new TreeMap<>();
			for (LakeStore.Entry e : store.list(remoteLog, true)) {
				if (!e.directory()) {
					listing.put(e.path().substring(remoteLog.length() + 1), e);
				}
			}
			List<LogFiles.Wanted> wanted = LogFiles.choose(listing);
			if (wanted.isEmpty()) {
				throw new MirrorException("no Delta log at " + t.location());
			}
			if (startedOver(log, listing)) {
				deleteTree(log);
			}
			List<Copier.Job> copies = new ArrayList<>();
			for (LogFiles.Wanted w : wanted) {
				Path local = log.resolve(w.name());
				if (!Copier.same(local, w.entry().size(), w.entry().lastModified())) {
					copies.add(new Copier.Job(w.entry().path(), w.entry().size(), w.entry().lastModified(), local));
				}
			}
			Copier.copyAll(store, copies, parallel);
			return dir;
		} catch (LakeException e) {
			throw new MirrorException("cannot copy the log of " + t.location() + ": " + e.getMessage(), e);
		} catch (IOException e) {
			throw new MirrorException("cannot write the mirror of " + t.location() + " in " + dir + ": " + e, e);
		}
	}

	/**
	 * Reads a snapshot from the copy. Deletion vectors of an older version that were never copied are fetched now;
	 * offline that fails, saying so.
	 */
	public DeltaScan scan(LakeTable t, At at) throws MirrorException {
		Path dir = folder(t);
		if (held(t).isEmpty()) {
			throw new MirrorException("the log of " + t.location() + " is not held");
		}
		try {
			DeltaScan s = DeltaTables.scan(dir, at.version(), at.time() == null ? null : at.time().toEpochMilli());
			copyDeletionVectors(t, dir, s.files());
			return s;
		} catch (DeltaException e) {
			throw new MirrorException(e.getMessage(), e);
		} catch (LakeException e) {
			throw new MirrorException("cannot copy a deletion vector of " + t.location() + ": " + e.getMessage(), e);
		} catch (IOException e) {
			throw new MirrorException("cannot write the mirror of " + t.location() + ": " + e, e);
		}
	}

	/** The deletion vector files not held yet: their sizes asked together, then their bytes together. */
	private void copyDeletionVectors(LakeTable t, Path dir, List<ScanFile> files)
			throws DeltaException, LakeException, IOException {
		Map<String, Path> missing = new TreeMap<>();
		for (ScanFile f : files) {
			if (f.dv() == null || !"u".equals(f.dv().storageType())) {
				continue; // inline DVs live in the log; absolute ('p') ones are read where they are
			}
			String rel = DeltaTables.dvFile(f.dv());
			Path local = dir.resolve(rel).normalize();
			if (local.startsWith(dir) && !Files.isRegularFile(local)) {
				missing.put(rel, local); // (a DV file is immutable: its name is a fresh UUID)
			}
		}
		List<Bounded.Task<LakeStore.Entry>> stats = new ArrayList<>();
		missing.keySet().forEach(rel -> stats.add(() -> store.stat(t.location() + "/" + rel)));
		List<LakeStore.Entry> found = Bounded.all(stats, parallel);
		List<Copier.Job> copies = new ArrayList<>();
		int i = 0;
		for (Path local : missing.values()) {
			LakeStore.Entry e = found.get(i++);
			copies.add(new Copier.Job(e.path(), e.size(), e.lastModified(), local));
		}
		Copier.copyAll(store, copies, parallel);
	}

	/**
	 * A held file the lake now has with another size or time, or a held commit newer than the lake's newest: the
	 * log was written anew, and what is held of the old one must not mix with it.
	 */
	private static boolean startedOver(Path log, Map<String, LakeStore.Entry> listing) throws IOException {
		if (!Files.isDirectory(log)) {
			return false;
		}
		long remoteMax = listing.keySet().stream().mapToLong(LogFiles::commitVersion).max().orElse(-1);
		try (Stream<Path> s = Files.list(log)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				String name = p.getFileName().toString();
				long v = LogFiles.commitVersion(name);
				if (v > remoteMax) {
					return true;
				}
				LakeStore.Entry e = listing.get(name);
				if (v >= 0 && e != null && !Copier.same(p, e.size(), e.lastModified())) {
					return true;
				}
			}
		}
		return false;
	}

	private static void writeHeld(Path dir, Held h) throws IOException {
		Properties p = new Properties();
		p.setProperty("location", h.location());
		p.setProperty("version", Long.toString(h.version()));
		p.setProperty("refreshedAt", h.refreshedAt().toString());
		Path tmp = dir.resolve(HELD + ".tmp");
		try (OutputStream out = Files.newOutputStream(tmp)) {
			p.store(out, null);
		}
		Files.move(tmp, dir.resolve(HELD), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
				java.nio.file.StandardCopyOption.ATOMIC_MOVE);
	}

	private static void deleteTree(Path dir) throws IOException {
		try (Stream<Path> s = Files.walk(dir)) {
			for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
				Files.delete(p);
			}
		}
	}

	private static String hash(String s) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
