package io.lakestudio.catalog;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.Set;

/**
 * The state folder and what is in it stay this user's: the folder and its subfolders 0700, its files 0600
 * (catalogs, settings, logs, sign-in records), whatever the umask. A state folder another user owns, or that others
 * may write, is refused rather than used: they could read the catalog or stand a socket of theirs in for the
 * engine's. Where the file system has no POSIX permissions (Windows) nothing is checked or set.
 */
public final class StateFolder {

	private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
	private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
	private static final Set<PosixFilePermission> OTHERS_WRITE = EnumSet.of(PosixFilePermission.GROUP_WRITE,
			PosixFilePermission.OTHERS_WRITE);

	private StateFolder() {
	}

	/**
	 * Makes the state folder {@code home} (0700) or checks the one there: this user's, nobody else may write it;
	 * one readable by others is made 0700. Throws {@link CatalogException} saying what is wrong otherwise.
	 */
	public static Path ensure(Path home) {
		Path h = home.toAbsolutePath();
		try {
			if (!Files.isDirectory(h)) {
				if (h.getParent() != null) {
					Files.createDirectories(h.getParent());
				}
				try {
					Files.createDirectory(h, posix(h.getParent()) ? attribute(FOLDER) : new FileAttribute<?>[0]);
				} catch (FileAlreadyExistsException e) {
					// made by another process meanwhile: checked below
				}
			}
			if (!posix(h)) {
				return home;
			}
			UserPrincipal owner = Files.getOwner(h);
			UserPrincipal me = me();
			if (!owner.equals(me)) {
				throw new CatalogException("The state folder " + h + " belongs to " + owner.getName() + ", not to "
						+ me.getName() + ": refusing to use it (set LAKESTUDIO_HOME to a folder of your own)");
			}
			Set<PosixFilePermission> perms = Files.getPosixFilePermissions(h);
			if (perms.stream().anyMatch(OTHERS_WRITE::contains)) {
				throw new CatalogException("The state folder " + h + " may be written by others ("
						+ PosixFilePermissions.toString(perms) + "): refusing to use it; make it private with"
						+ " chmod 700 " + h);
			}
			if (!perms.equals(FOLDER)) {
				Files.setPosixFilePermissions(h, FOLDER);
			}
			return home;
		} catch (IOException e) {
			throw new CatalogException("Cannot make the state folder " + h + ": " + e.getMessage(), e);
		}
	}

	/** Makes {@code dir} (0700) and any missing folder up to it; an existing one is left as it is. */
	public static Path folder(Path dir) throws IOException {
		Path d = dir.toAbsolutePath();
		if (Files.isDirectory(d)) {
			return dir;
		}
		if (d.getParent() != null) {
			folder(d.getParent());
		}
		try {
			Files.createDirectory(d, posix(d.getParent()) ? attribute(FOLDER) : new FileAttribute<?>[0]);
		} catch (FileAlreadyExistsException e) {
			// made meanwhile
		}
		return dir;
	}

	/** The attributes to create a private file with (0600), none where there are no POSIX permissions. */
	public static FileAttribute<?>[] privateFile(Path dir) {
		return posix(dir) ? attribute(FILE) : new FileAttribute<?>[0];
	}

	/** Makes an existing file 0600 (one made before, with the umask's mode); a missing one is left missing. */
	public static void restrict(Path file) throws IOException {
		if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && posix(file.toAbsolutePath().getParent())
				&& !Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(FILE)) {
			Files.setPosixFilePermissions(file, FILE);
		}
	}

	private static FileAttribute<?>[] attribute(Set<PosixFilePermission> p) {
		return new FileAttribute<?>[] { PosixFilePermissions.asFileAttribute(p) };
	}

	private static boolean posix(Path p) {
		return p != null && p.getFileSystem().supportedFileAttributeViews().contains("posix");
	}

	private static volatile UserPrincipal me;

	/**
	 * This process's user (user.name may be set to anything): on Linux the owner of /proc/self, else the owner of
	 * a file it makes in tmp (a temp file's random name costs a SecureRandom, milliseconds at every command).
	 */
	static UserPrincipal me() throws IOException {
		if (me == null) {
			Path self = Path.of("/proc/self");
			if (Files.isDirectory(self)) {
				return me = Files.getOwner(self);
			}
			Path probe = Files.createTempFile(".lakestudio-owner", ".tmp");
			try {
				me = Files.getOwner(probe);
			} finally {
				Files.deleteIfExists(probe);
			}
		}
		return me;
	}
}
