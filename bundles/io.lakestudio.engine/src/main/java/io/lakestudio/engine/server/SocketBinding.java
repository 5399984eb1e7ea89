package io.lakestudio.engine.server;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;

import io.lakestudio.catalog.StateFolder;

/**
 * Where the engine's socket file lives, and binding and removing it: both under a lock file beside the socket (and
 * a lock in this JVM), so two processes starting at once agree, and a closing server never removes the file of the
 * server that came after it.
 */
final class SocketBinding {

	private static final Object BINDING = new Object();
	/** Linux's sun_path holds 108 bytes with the terminating zero (macOS's 104: none of our platforms). */
	private static final int MAX_SOCKET_NAME = 107;

	/** A bound socket: its channel, its file's inode (to know it later) and the user who owns it. */
	record Bound(ServerSocketChannel channel, Object fileKey, UserPrincipal owner) {
	}

	private SocketBinding() {
	}

	/** See {@link EngineServer#socket(Path)}. */
	static Path socket(Path home) {
		Path inHome = home.toAbsolutePath().normalize().resolve(EngineServer.SOCKET);
		if (inHome.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_NAME) {
			return home.resolve(EngineServer.SOCKET);
		}
		return SocketFolder.PRIVATE.map(f -> f.resolve("lakestudio-" + SocketFolder.hash(inHome) + ".sock"))
				.orElse(inHome);
	}

	/** Binds {@code socket} 0600, replacing a file nobody answers on; one that answers is AlreadyRunning. */
	static Bound bind(Path socket) throws IOException {
		synchronized (BINDING) {
			try (FileChannel lockFile = lockFile(socket); FileLock l = lockFile.lock()) {
				if (Files.exists(socket)) {
					if (EngineClient.answers(socket)) {
						throw new EngineServer.AlreadyRunning(socket);
					}
					Files.deleteIfExists(socket); // stale: its server is gone
				}
				ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
				ch.bind(UnixDomainSocketAddress.of(socket));
				if (socket.getFileSystem().supportedFileAttributeViews().contains("posix")) {
					Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
				}
				return new Bound(ch, fileKey(socket), Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS));
			}
		}
	}

	/** Closes the channel, and removes the socket file if it is still the one {@code bound} made. */
	static void release(Path socket, Bound bound) {
		synchronized (BINDING) {
			try (FileChannel lockFile = lockFile(socket); FileLock l = lockFile.lock()) {
				if (bound.fileKey() != null && bound.fileKey().equals(fileKey(socket))) {
					Files.deleteIfExists(socket);
				}
			} catch (IOException e) {
				// the next server treats it as stale
			}
			try {
				bound.channel().close();
			} catch (IOException e) {
				// closing anyway
			}
		}
	}

	private static Object fileKey(Path socket) {
		try {
			return Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
		} catch (IOException e) {
			return null;
		}
	}

	private static FileChannel lockFile(Path socket) throws IOException {
		return FileChannel.open(socket.resolveSibling(socket.getFileName() + ".lock"),
				java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
				StateFolder.privateFile(socket.toAbsolutePath().getParent()));
	}
}
