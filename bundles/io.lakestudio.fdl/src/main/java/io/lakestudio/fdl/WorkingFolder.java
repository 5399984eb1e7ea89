package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;
import io.lakestudio.fdl.internal.Sqlite;

/**
 * A working folder, as {@code fdl clone} makes it: the working catalog {@code lake.sqlite} (a DuckLake SQLite
 * catalog whose data path is the relative {@code data/}, so the folder can move), its data files under
 * {@code data/}, and {@code .fdl/work.json}: the repository it came from, its branch, and the version the catalog
 * started from. A working folder is never part of a repository; the specification leaves it to the writer.
 */
public final class WorkingFolder {

	public static final String CATALOG = "lake.sqlite";
	public static final String STATE = ".fdl/work.json";

	/** Where a working folder came from; {@code from} is null when it was cloned from an empty branch. */
	public record State(String repository, String branch, String from) {
		byte[] bytes() {
			TreeMap<String, Object> o = Json.object();
			o.put("repository", repository);
			o.put("branch", branch);
			if (from != null)
				o.put("from", from);
			return Json.encode(o);
		}
	}

	/** One DuckLake snapshot of the working catalog, with what it changed. */
	public record Change(long snapshot, String time, String changes) {
	}

	/** What {@code status} tells: where the folder is, where its branch is in the repository, what changed since. */
	public record Status(State state, Optional<String> branchAt, long snapshot, long fromSnapshot,
			List<Change> changes) {
	}

	/** What a pull did: the version the folder was at and is at now (equal when it was up to date). */
	public record Pulled(String was, String now, Reader.Copied fetched) {
	}

	private final Path folder;
	private State state;

	private WorkingFolder(Path folder, State state) {
		this.folder = folder;
		this.state = state;
	}

	public Path folder() {
		return folder;
	}

	public State state() {
		return state;
	}

	public Path catalog() {
		return folder.resolve(CATALOG);
	}

	/** The working folder {@code start} is in: it or the nearest folder above it that holds {@code .fdl/work.json}. */
	public static Optional<WorkingFolder> find(Path start) throws FdlException {
		for (Path p = start.toAbsolutePath().normalize(); p != null; p = p.getParent())
			if (Files.isRegularFile(p.resolve(STATE)))
				return Optional.of(at(p));
		return Optional.empty();
	}

	public static WorkingFolder at(Path folder) throws FdlException {
		Path file = folder.resolve(STATE);
		byte[] b;
		try {
			b = Files.readAllBytes(file);
		} catch (IOException e) {
			throw new FdlException(Refusal.NOT_FOUND, file.toString(), "not a working folder (fdl clone makes one)");
		}
		Fields f = new Fields(Json.parseCanonical(b, file.toString()), file.toString(),
				Set.of("repository", "branch", "from"));
		String from = f.has("from") ? f.hash("from") : null;
		return new WorkingFolder(folder.toAbsolutePath().normalize(), new State(f.text("repository"), f.text("branch"), from));
	}

	/**
	 * Makes a working folder for {@code branch} of {@code repo} in {@code folder} (absent or empty): the branch's
	 * version checked out, or, on an empty repository, no catalog yet (the first {@code ATTACH} makes one).
	 */
	public static WorkingFolder clone(Repository repo, String location, Path folder, String branch, Reader reader)
			throws FdlException, IOException {
		repo.marker();
		Layout.checkName(branch);
		if (Files.exists(folder) && (!Files.isDirectory(folder) || hasFiles(folder)))
			throw new FdlException(Refusal.CONDITION_FAILED, folder.toString(),
					"is there already and not empty: clone into a new folder");
		Files.createDirectories(folder.resolve(".fdl"));
		try {
			Files.setPosixFilePermissions(folder.resolve(".fdl"), java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
		} catch (UnsupportedOperationException e) {
			// not a POSIX file system: its own permissions hold
		}
		WorkingFolder w = new WorkingFolder(folder.toAbsolutePath().normalize(), new State(location, branch, null));
		Optional<Read<Ref>> head = repo.ref(Layout.branch(branch));
		if (head.isPresent())
			w.checkout(reader, head.get().value().version());
		w.save();
		return w;
	}

	private static boolean hasFiles(Path folder) throws IOException {
		try (var s = Files.list(folder)) {
			return s.findAny().isPresent();
		}
	}

	/** Replaces the working catalog with version {@code id}'s, fetching the data files it names that are not here. */
	private Reader.Copied checkout(Reader reader, String id) throws FdlException, IOException {
		Reader.Opened v = reader.open(id, false);
		Reader.Copied fetched = reader.copyData(v, folder);
		Path tmp = Files.createTempFile(folder.resolve(".fdl"), "catalog", ".tmp");
		Files.copy(v.catalogFile(), tmp, StandardCopyOption.REPLACE_EXISTING);
		tmp.toFile().setWritable(true, true);
		// a journal left by the catalog this replaces would be applied to the new one
		for (String s : new String[] { "-wal", "-shm", "-journal" })
			Files.deleteIfExists(folder.resolve(CATALOG + s));
		Files.move(tmp, catalog(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		state = new State(state.repository(), state.branch(), id);
		return fetched;
	}

	private void save() throws IOException {
		Path file = folder.resolve(STATE);
		Path tmp = Files.createTempFile(file.getParent(), "work", ".tmp");
		Files.write(tmp, state.bytes());
		Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/** The working catalog's latest snapshot; -1 when there is no catalog yet. */
	public long snapshot() throws FdlException {
		if (!Files.isRegularFile(catalog()))
			return -1;
		try (Connection c = Sqlite.open(catalog(), true); var s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
			return r.next() ? r.getLong(1) : -1;
		} catch (SQLException e) {
			throw FdlException.malformed(catalog().toString(), "not a DuckLake catalog: " + e.getMessage());
		}
	}

	/** The snapshot the catalog started from: its version's, or a new catalog's first (0). */
	public long fromSnapshot(Repository repo) throws FdlException {
		return state.from() == null ? 0 : repo.record(state.from(), null).snapshot();
	}

	/** The working catalog's snapshots after {@code snapshot}, oldest first, with DuckLake's note of each change. */
	public List<Change> changesSince(long snapshot) throws FdlException {
		List<Change> out = new ArrayList<>();
		if (!Files.isRegularFile(catalog()))
			return out;
		try (Connection c = Sqlite.open(catalog(), true); PreparedStatement p = c.prepareStatement(
				"SELECT s.snapshot_id, s.snapshot_time, c.changes_made FROM ducklake_snapshot s LEFT JOIN"
						+ " ducklake_snapshot_changes c ON c.snapshot_id = s.snapshot_id WHERE s.snapshot_id > ?"
						+ " ORDER BY s.snapshot_id")) {
			p.setLong(1, snapshot);
			try (ResultSet r = p.executeQuery()) {
				while (r.next())
					out.add(new Change(r.getLong(1), r.getString(2), r.getString(3) == null ? "" : r.getString(3)));
			}
		} catch (SQLException e) {
			throw FdlException.malformed(catalog().toString(), "can't read its snapshots: " + e.getMessage());
		}
		return out;
	}

	public Status status(Repository repo) throws FdlException {
		repo.marker();
		Optional<String> at = repo.ref(Layout.branch(state.branch())).map(r -> r.value().version());
		long from = fromSnapshot(repo);
		return new Status(state, at, snapshot(), from, changesSince(from));
	}

	/**
	 * Commits the working catalog to {@code branch} (null: the folder's own), as a version whose parent is the one
	 * the catalog started from; refused with "pull" when the branch has moved since. The folder then follows it.
	 */
	public Writer.Committed commit(Repository repo, Writer writer, String branch, String message, Path scratch)
			throws FdlException, IOException {
		if (!Files.isRegularFile(catalog()))
			throw new FdlException(Refusal.CONDITION_FAILED, catalog().toString(),
					"nothing to commit: no working catalog yet (fdl sql makes one with its first table)");
		String b = branch == null ? state.branch() : Layout.checkName(branch);
		if (snapshot() <= fromSnapshot(repo) && b.equals(state.branch()))
			throw new FdlException(Refusal.CONDITION_FAILED, Layout.branch(b),
					"nothing to commit: no snapshot since " + (state.from() == null ? "the clone" : Refs.short8(state.from())));
		Writer.Committed c = writer.commitFrom(catalog(), b, state.from(), message, scratch);
		state = new State(state.repository(), b, c.id());
		save();
		return c;
	}

	/**
	 * Brings the working catalog to where its branch is in the repository. Refused when the catalog has snapshots
	 * not committed (FDL merges no catalogs: commit them to a branch of their own, or pull with {@code discard}).
	 */
	public Pulled pull(Repository repo, Reader reader, boolean discard) throws FdlException, IOException {
		repo.marker();
		String path = Layout.branch(state.branch());
		Optional<Read<Ref>> head = repo.ref(path);
		if (head.isEmpty()) {
			if (state.from() == null)
				return new Pulled(null, null, new Reader.Copied(0, 0));
			throw new FdlException(Refusal.NOT_FOUND, path, "the branch is gone from " + repo.location());
		}
		String to = head.get().value().version();
		if (to.equals(state.from()))
			return new Pulled(to, to, new Reader.Copied(0, 0));
		List<Change> changes = changesSince(fromSnapshot(repo));
		if (!changes.isEmpty() && !discard)
			throw new FdlException(Refusal.CONDITION_FAILED, catalog().toString(), "has " + changes.size()
					+ " snapshots not committed, and " + state.branch() + " moved to " + Refs.short8(to)
					+ ": commit them to a branch of their own (fdl commit --branch NAME) and open a request,"
					+ " or pull --discard to drop them");
		String was = state.from();
		Reader.Copied fetched = checkout(reader, to);
		save();
		return new Pulled(was, to, fetched);
	}
}
