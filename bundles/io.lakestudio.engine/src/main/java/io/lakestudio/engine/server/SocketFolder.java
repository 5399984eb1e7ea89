package io.lakestudio.engine.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * A short folder only this user can write, for engine sockets whose state folder is too deep to hold one:
 * {@code $XDG_RUNTIME_DIR} where the session has one, else {@code /tmp/lakestudio-<user>} (or under java.io.tmpdir)
 * made private. A folder another user could write is never used (they could stand a server of theirs in for ours).
 */
final class SocketFolder {

	static final Optional<Path> PRIVATE = find();

	private SocketFolder() {
	}

	private static Optional<Path> find() {
		String runtime = System.getenv("XDG_RUNTIME_DIR");
		if (runtime != null && !runtime.isBlank() && isPrivate(Path.of(runtime))) {
			return Optional.of(Path.of(runtime));
		}
		// /tmp first: java.io.tmpdir may itself be deep (a build sets it to its target folder)
		for (String tmp : new String[] { "/tmp", System.getProperty("java.io.tmpdir") }) {
			if (tmp == null || !Files.isDirectory(Path.of(tmp))) {
				continue;
			}
			Path mine = Path.of(tmp, "lakestudio-" + System.getProperty("user.name"));
			try {
				if (!Files.isDirectory(mine, LinkOption.NOFOLLOW_LINKS)) {
					Files.createDirectory(mine,
							PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
				}
			} catch (IOException | UnsupportedOperationException e) {
				// made by someone else meanwhile, or no POSIX: isPrivate decides
			}
			if (isPrivate(mine)) {
				return Optional.of(mine);
			}
		}
		return Optional.empty();
	}

	/** A real folder (not a link) owned by this user that nobody else may write or enter. */
	static boolean isPrivate(Path folder) {
		try {
			if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
				return false;
			}
			Set<PosixFilePermission> perms = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
			boolean othersOut = perms.stream()
					.noneMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"));
			String owner = Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS).getName();
			return othersOut && owner.equals(System.getProperty("user.name"));
		} catch (IOException | UnsupportedOperationException e) {
			return false;
		}
	}

	/** 16 hex digits naming a state folder, the same in every process. */
	static String hash(Path socketInHome) {
		try {
			byte[] d = MessageDigest.getInstance("SHA-256")
					.digest(socketInHome.toString().getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(d, 0, 8);
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
