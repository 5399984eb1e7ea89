package io.lakestudio.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.Host;

/** {@code fdl serve FOLDER}: an FDL host for the repository in a folder, until the process is stopped. */
final class FdlServe {

	private final Path home;
	private final CommandLine line;
	private final PrintWriter out;

	FdlServe(Path home, CommandLine line, PrintWriter out) {
		this.home = home;
		this.line = line;
		this.out = out;
	}

	int run(String folder) throws FdlException, IOException {
		Path root = Path.of(folder).toAbsolutePath().normalize();
		Repository repo = Repository.init(FdlStores.folderStore(root), root + "/");
		String tokens = line.getOptionValue("tokens");
		Access access = tokens == null ? Access.open() : Access.load(Path.of(tokens));
		int port;
		try {
			port = Integer.parseInt(line.getOptionValue("port", "8417"));
		} catch (NumberFormatException e) {
			throw new Die(2, "--port takes a number");
		}
		String bind = line.getOptionValue("bind", "127.0.0.1");
		if (tokens == null && !bind.equals("127.0.0.1") && !bind.equals("localhost"))
			throw new Die(2, "fdl serve: a host on " + bind + " needs --tokens FILE (without, anyone could push)");
		String cert = line.getOptionValue("tls-cert");
		javax.net.ssl.SSLContext tls = null;
		if (cert != null) {
			String pw = System.getenv("LAKESTUDIO_TLS_PASSWORD");
			tls = io.lakestudio.fdl.host.TlsFiles.context(Path.of(cert), pw == null ? null : pw.toCharArray());
		}
		try (Host host = new Host(repo, access, new InetSocketAddress(bind, port), tls, Host.DEFAULT_MAX_BODY,
				Clock.systemUTC()).start()) {
			out.println("serving " + root + " at " + host.uri() + (tokens == null ? " (no tokens: loopback only)" : ""));
			out.flush();
			Thread.currentThread().join();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		return 0;
	}
}
