package io.lakestudio.mirror;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.iceberg.IcebergException;
import io.lakestudio.iceberg.IcebergScan;
import io.lakestudio.iceberg.IcebergTables;
import io.lakestudio.iceberg.TableFiles;
import io.lakestudio.mirror.internal.Copier;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * The Iceberg side of the mirror: a table's newest {@code metadata/*.metadata.json} copied verbatim, and the
 * manifest lists and manifests a snapshot needs copied when it is first planned (they never change: their names are
 * fresh), all in the table's mirror folder at their paths in the table. iceberg-core plans from that copy, so what
 * was planned once plans again offline. Data and delete files are not here: the disk cache holds them. A Delta
 * table is never read through this (its Iceberg conversion, if any, is ignored).
 */
public final class IcebergMirror {

	private static final String HELD = "held.properties";
	/** "00003-<uuid>.metadata.json" (Iceberg's catalogs) or "v3.metadata.json" (Hadoop tables) */
	private static final Pattern NAME = Pattern.compile("v?(\\d+)[-.].*metadata\\.json");

	private final Mirror mirror;
	private final LakeStore store;
	private final Clock clock;

	public IcebergMirror(Mirror mirror, LakeStore store, Clock clock) {
		this.mirror = mirror;
		this.store = store;
		this.clock = clock;
	}

	/**
	 * Brings the copy up to date: the newest metadata.json, and what its current snapshot's plan needs. The held
	 * version is the metadata file's number.
	 */
	public Held refresh(LakeTable t) throws MirrorException {
		Path dir = mirror.folder(t);
		String remote = t.location() + "/metadata";
		try {
			LakeStore.Entry newest = null;
			long version = -1;
			for (LakeStore.Entry e : store.list(remote, false)) {
				String name = e.path().substring(e.path().lastIndexOf('/') + 1);
				Matcher m = NAME.matcher(name);
				if (!e.directory() && m.matches() && (Long.parseLong(m.group(1)) > version
						|| (Long.parseLong(m.group(1)) == version && e.path().compareTo(newest.path()) > 0))) {
					newest = e;
					version = Long.parseLong(m.group(1));
				}
			}
			if (newest == null) {
				throw new MirrorException("no Iceberg metadata.json in " + remote);
			}
			String name = newest.path().substring(newest.path().lastIndexOf('/') + 1);
			Path local = dir.resolve("metadata").resolve(name);
			if (!Copier.same(local, newest.size(), newest.lastModified())) {
				Copier.copy(store, newest.path(), newest.size(), newest.lastModified(), local);
			}
			IcebergTables.scan(local, files(t, dir, false), OptionalLong.empty(), null); // copies the plan's files
			Held held = new Held(t.location(), version, clock.instant());
			writeHeld(dir, held, name);
			return held;
		} catch (LakeException e) {
			throw new MirrorException("cannot copy the Iceberg metadata of " + t.location() + ": " + e.getMessage(), e);
		} catch (IcebergException e) {
			throw new MirrorException(e.getMessage(), e);
		} catch (IOException e) {
			throw new MirrorException("cannot write the mirror of " + t.location() + " in " + dir + ": " + e, e);
		}
	}

	/**
	 * Plans a snapshot from the copy ({@link At#version()} is a snapshot id). Manifests of an older snapshot that
	 * were never copied are copied now; offline that fails, saying so.
	 */
	public IcebergScan scan(LakeTable t, At at, boolean offline) throws MirrorException {
		Path dir = mirror.folder(t);
		Optional<String> metadata = metadataName(dir);
		if (mirror.held(t).isEmpty() || metadata.isEmpty()) {
			throw new MirrorException("the Iceberg metadata of " + t.location() + " is not held");
		}
		try {
			return IcebergTables.scan(dir.resolve("metadata").resolve(metadata.get()), files(t, dir, offline),
					at.version(), at.time() == null ? null : at.time().toEpochMilli());
		} catch (IcebergException e) {
			throw new MirrorException(e.getMessage(), e);
		}
	}

	/** A metadata file by its path in the table: the held copy, or copied now (offline: not held, saying so). */
	private TableFiles files(LakeTable t, Path dir, boolean offline) {
		return rel -> {
			Path local = dir.resolve(rel).normalize();
			if (!local.startsWith(dir)) {
				throw new IOException(rel + " is outside the table's folder");
			}
			if (Files.isRegularFile(local)) {
				return local; // manifests and manifest lists are immutable: a fresh name for each
			}
			if (offline || store == null) {
				throw new IOException("offline: " + rel + " of " + t.location() + " was never copied",
						new LakeException(LakeException.Kind.OFFLINE, "offline"));
			}
			try {
				LakeStore.Entry e = store.stat(t.location() + "/" + rel);
				Copier.copy(store, e.path(), e.size(), e.lastModified(), local);
				return local;
			} catch (LakeException e) {
				throw new IOException("cannot copy " + rel + " of " + t.location() + ": " + e.getMessage(), e);
			}
		};
	}

	private static Optional<String> metadataName(Path dir) {
		Properties p = new Properties();
		try (InputStream in = Files.newInputStream(dir.resolve(HELD))) {
			p.load(in);
			return Optional.ofNullable(p.getProperty("metadata"));
		} catch (IOException e) {
			return Optional.empty();
		}
	}

	private static void writeHeld(Path dir, Held h, String metadata) throws IOException {
		Properties p = new Properties();
		p.setProperty("location", h.location());
		p.setProperty("version", Long.toString(h.version()));
		p.setProperty("refreshedAt", h.refreshedAt().toString());
		p.setProperty("metadata", metadata);
		Path tmp = dir.resolve(HELD + ".tmp");
		try (OutputStream out = Files.newOutputStream(tmp)) {
			p.store(out, null);
		}
		Files.move(tmp, dir.resolve(HELD), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
				java.nio.file.StandardCopyOption.ATOMIC_MOVE);
	}
}
