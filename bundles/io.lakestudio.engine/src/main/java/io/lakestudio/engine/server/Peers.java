package io.lakestudio.engine.server;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.SocketOption;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;

/**
 * Who is at the other end of a connection on the engine's socket: the user the kernel says (SO_PEERCRED, through
 * the JDK's {@code jdk.net.ExtendedSocketOptions}, looked up by name so no bundle has to import jdk.net). Where the
 * JDK can't tell ({@link #of} gives null), the server serves only from a socket in a folder nobody else may enter.
 */
interface Peers {

	/** The peer's user, or null when this platform can't tell. */
	UserPrincipal of(SocketChannel c) throws IOException;

	/** The kernel's answer. */
	Peers CREDENTIALS = c -> {
		Optional<SocketOption<?>> cred = peerCred(c);
		if (cred.isEmpty()) {
			return null;
		}
		Object principal = c.getOption(cred.get());
		try {
			return (UserPrincipal) principal.getClass().getMethod("user").invoke(principal);
		} catch (IllegalAccessException | NoSuchMethodException | InvocationTargetException e) {
			throw new IOException("cannot read the peer's user: " + e, e);
		}
	};

	static Optional<SocketOption<?>> peerCred(NetworkChannel c) {
		return c.supportedOptions().stream().filter(o -> o.name().equals("SO_PEERCRED")).findFirst();
	}

	/** Whether {@link #CREDENTIALS} can tell on this platform's Unix-domain sockets. */
	static boolean supported() {
		try (SocketChannel c = SocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
			return peerCred(c).isPresent();
		} catch (IOException | UnsupportedOperationException e) {
			return false;
		}
	}
}
