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
import io.lakestudio.fdl.host.EntraTokens;
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
		String issuer = line.getOptionValue("entra-issuer");
		if (issuer != null)
			access = access.and(entra(issuer));
		boolean guarded = tokens != null || issuer != null;
		int port;
		try {
			port = Integer.parseInt(line.getOptionValue("port", "8417"));
		} catch (NumberFormatException e) {
			throw new Die(2, "--port takes a number");
		}
		String bind = line.getOptionValue("bind", "127.0.0.1");
		if (!guarded && !bind.equals("127.0.0.1") && !bind.equals("localhost"))
			throw new Die(2, "fdl serve: a host on " + bind + " needs --tokens FILE or --entra-issuer (without, anyone"
					+ " could push)");
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
			m.put("entra", issuer != null);
			new Out(out, line.hasOption("json")).said(m, "serving " + repo.location() + " at " + host.uri()
					+ (guarded ? "" : " (no tokens: loopback only)"));
			out.flush();
			Thread.currentThread().join();
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		return 0;
	}

	/** Entra tokens of {@code issuer}, its keys read now (from --entra-keys, else from the issuer over HTTPS). */
	private EntraTokens entra(String issuer) throws IOException {
		String audience = line.getOptionValue("entra-audience");
		String allow = line.getOptionValue("entra-allow");
		if (audience == null || allow == null)
			throw new Die(2, "fdl serve: --entra-issuer needs --entra-audience (the host's app ID URI or client ID)"
					+ " and --entra-allow FILE (who may use it)");
		String keys = line.getOptionValue("entra-keys");
		for (String f : new String[] { allow, keys })
			if (f != null && !java.nio.file.Files.isRegularFile(Path.of(f)))
				throw new Die(2, "fdl serve: " + f + ": no such file");
		// the issuer's certificate is checked as sign-in checks it (the JDK's CAs, and the authority's CA a test gives)
		String ca = line.getOptionValue("ca", System.getProperty(io.lakestudio.sync.account.IdentityTokens.CA_PROPERTY));
		java.net.http.HttpClient.Builder http = java.net.http.HttpClient.newBuilder()
				.connectTimeout(java.time.Duration.ofSeconds(10));
		if (ca != null && !ca.isBlank())
			http.sslContext(io.lakestudio.onelake.auth.Trust.with(Path.of(ca)));
		try {
			return EntraTokens.of(issuer, audience, Path.of(allow), keys == null ? null : Path.of(keys), http.build(),
					Clock.systemUTC());
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "fdl serve: can't take Entra tokens: " + e.getMessage());
		}
	}
}
