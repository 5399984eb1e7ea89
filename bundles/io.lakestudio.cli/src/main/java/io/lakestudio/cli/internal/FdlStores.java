package io.lakestudio.cli.internal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import io.lakestudio.fdl.HttpStore;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;

/**
 * Where the fdl commands find a repository, their key and the keys they trust. A repository is a folder or an
 * FDL host's URL; a host's bearer token comes from $LAKESTUDIO_FDL_TOKEN or a token file, never the command line.
 */
final class FdlStores {

	private FdlStores() {
	}

	static Repository repository(String location, String tokenFile) {
		if (location.startsWith("http://") || location.startsWith("https://")) {
			String token = token(tokenFile);
			return new Repository(new HttpStore(URI.create(location), () -> token), location);
		}
		Path folder = Path.of(location).toAbsolutePath().normalize();
		return new Repository(folderStore(folder), folder + "/");
	}

	static ObjectStore folderStore(Path folder) {
		try {
			Files.createDirectories(folder);
			return new FolderStore(folder);
		} catch (IOException | io.lakestudio.store.StoreException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, folder + ": " + e.getMessage());
		}
	}

	private static String token(String tokenFile) {
		try {
			if (tokenFile != null) {
				String t = Files.readString(Path.of(tokenFile)).strip();
				// for the ATTACH 'ducklake:fdl:http...' an engine in this process makes (fdl diff, fdl sql)
				System.setProperty("lakestudio.fdl.token", t);
				return t;
			}
		} catch (IOException e) {
			throw new Die(2, "can't read the token file " + tokenFile + ": " + e.getMessage());
		}
		return System.getenv("LAKESTUDIO_FDL_TOKEN");
	}

	static Path trustFile(Path home) {
		return folder(home).resolve("trusted-keys");
	}

	static Path folder(Path home) {
		return home.resolve("fdl");
	}

	static Signing key(Path home) {
		try {
			return Signing.inFolder(folder(home).resolve("keys"));
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "can't read or make the signing key: " + e.getMessage());
		}
	}

	/** The trusted keys of the state folder, and the user's own. */
	static Trust trust(Path home) {
		try {
			Trust t = Trust.load(trustFile(home));
			return Files.exists(folder(home).resolve("keys/ed25519.pub")) ? t.and(key(home).publicKey(), "me") : t;
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "can't read the trusted keys: " + e.getMessage());
		}
	}
}
