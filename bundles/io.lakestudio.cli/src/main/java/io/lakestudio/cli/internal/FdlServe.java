package io.lakestudio.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.host.Access;
import io.lakestudio.fdl.host.Host;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.store.ObjectStore;

/**
 * {@code fdl serve FOLDER|abfss://...}: an FDL host for the repository in a folder, or in a OneLake folder through
 * the signed-in account's lake (the object store every OneLake store is, with its conditional writes), until the
 * process is stopped.
 */
final class FdlServe {

	private final Path home;
	private final CommandLine line;
	private final PrintWriter out;

	FdlServe(Path home, CommandLine line, PrintWriter out) {
		this.home = home;
		this.line = line;
		this.out = out;
	}

	int run(String location) throws FdlException, IOException {
		FabricLake lake = null;
		ObjectStore store;
		String where;
		if (location.startsWith("abfss://")) {
			EventLog log = new EventLog(home);
			lake = Lakes.oneLake(Settings.load(home), l -> log.log("lake", l));
			where = location.endsWith("/") ? location : location + "/";
			store = lake.store().objects(where.substring(0, where.length() - 1));
		} else if (location.contains("://")) {
			throw new Die(2, "fdl serve: " + location + ": a folder or an abfss:// OneLake folder");
		} else {
			Path root = Path.of(location).toAbsolutePath().normalize();
			store = FdlStores.folderStore(root);
			where = root + "/";
		}
		try {
			return serve(Repository.init(store, where));
		} finally {
			if (lake != null)
				lake.close();
		}
	}

	private int serve(Repository repo) throws FdlException, IOException {
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
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("repository", repo.location());
			m.put("url", host.uri().toString());
			m.put("tokens", tokens != null);
			new Out(out, line.hasOption("json")).said(m, "serving " + repo.location() + " at " + host.uri()
					+ (tokens == null ? " (no tokens: loopback only)" : ""));
			out.flush();
			Thread.currentThread().join();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		return 0;
	}
}
