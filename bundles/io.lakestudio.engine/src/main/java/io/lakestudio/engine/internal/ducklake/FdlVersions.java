package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.net.URI;
import java.nio.file.Path;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.fdl.CheckedFiles;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.StoreException;

/**
 * {@code ducklake:fdl:<folder or http(s) URL>[@<ref or version id>]}: the version opened by FDL's {@link Reader} (ref, record,
 * signature against the state folder's trusted keys and the user's own, retention, catalog hash), then attached as
 * its verified local catalog over the repository's data root, each data file checked against the catalog's hash
 * before DuckDB first reads it. A version never changes, so it is always read-only.
 */
public final class FdlVersions {

	public static final String PREFIX = "ducklake:fdl:";

	private FdlVersions() {
	}

	/**
	 * The ducklake:sqlite URL of the version's verified catalog file, the data path it reads from, and its data
	 * files there, to check before DuckDB reads them.
	 */
	public record Version(String id, String sqliteUrl, String dataPath, CheckedFiles files) {
	}

	public static Version open(String url, Path home) throws EngineException {
		String rest = url.substring(PREFIX.length());
		int at = rest.lastIndexOf('@');
		String location = at < 0 ? rest : rest.substring(0, at);
		String name = at < 0 || at == rest.length() - 1 ? "main" : rest.substring(at + 1);
		if (location.isEmpty()) {
			throw new EngineException(Kind.FAILED, url + ": no repository (ducklake:fdl:<folder>[@<ref>])");
		}
		try {
			Path fdl = home.resolve("fdl");
			if (location.matches("^https?://.*")) {
				return remote(location, name, fdl);
			}
			Path folder = Path.of(location).toAbsolutePath().normalize();
			if (!Files.isDirectory(folder)) {
				throw new EngineException(Kind.FAILED, url + ": no FDL repository at " + folder);
			}
			Repository repo = new Repository(new FolderStore(folder), folder + "/");
			Reader.Opened v = new Reader(repo, trust(fdl), fdl.resolve("catalogs")).open(name, false);
			return new Version(v.id(), "ducklake:sqlite:" + v.catalogFile(), v.dataRoot(),
					CheckedFiles.of(v, folder, stamps(fdl)));
		} catch (FdlException e) {
			throw new EngineException(Kind.FAILED, url + ": " + e.getMessage(), e);
		} catch (StoreException | IOException e) {
			throw new EngineException(Kind.FAILED, url + ": cannot read the repository: " + e.getMessage(), e);
		}
	}

	/**
	 * A version on an FDL host, read through its HTTP protocol: verified as any other, then the data files it names
	 * copied into a local mirror of the host's data (each fetched once: a data file never changes), which DuckDB
	 * reads. The token is $LAKESTUDIO_FDL_TOKEN (or what the fdl command in this process was given).
	 */
	private static Version remote(String location, String name, Path fdl) throws FdlException, IOException {
		String token = System.getProperty("lakestudio.fdl.token", System.getenv("LAKESTUDIO_FDL_TOKEN"));
		String root = location.endsWith("/") ? location : location + "/";
		// the CA 'fdl --ca' was given in this process, else $LAKESTUDIO_FDL_CA: for a host serving a self-signed cert
		String ca = System.getProperty("lakestudio.fdlCa", System.getenv("LAKESTUDIO_FDL_CA"));
		javax.net.ssl.SSLContext tls = ca == null || ca.isBlank() ? null
				: io.lakestudio.onelake.auth.Trust.with(Path.of(ca));
		Repository repo = new Repository(new HttpStore(URI.create(root), () -> token, tls), root);
		Reader reader = new Reader(repo, trust(fdl), fdl.resolve("catalogs"));
		Reader.Opened v = reader.open(name, false);
		Path mirror = fdl.resolve("mirror").resolve(io.lakestudio.fdl.VersionRecord.sha256(
				root.getBytes(java.nio.charset.StandardCharsets.UTF_8)).substring(0, 16));
		reader.copyData(v, mirror);
		return new Version(v.id(), "ducklake:sqlite:" + v.catalogFile(), mirror.resolve("data") + "/",
				CheckedFiles.of(v, mirror, stamps(fdl)));
	}

	/** The stamps of data files found whole, so a later attach hashes only files changed since. */
	private static Path stamps(Path fdl) {
		return fdl.resolve("checked-data-files");
	}

	/** As the fdl commands trust: the state folder's trusted keys, and the user's own key if there is one. */
	private static Trust trust(Path fdl) throws IOException {
		Trust t = Trust.load(fdl.resolve("trusted-keys"));
		// the public key only: the private one may be in the OS keyring, and reading needs none
		java.util.Optional<String> mine = Signing.publicKeyIn(fdl.resolve("keys"));
		return mine.isPresent() ? t.and(mine.get(), "me") : t;
	}
}
