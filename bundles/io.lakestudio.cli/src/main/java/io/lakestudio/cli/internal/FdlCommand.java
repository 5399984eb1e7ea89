package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.fdl.Collector;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Retention;
import io.lakestudio.fdl.Transfer;
import io.lakestudio.fdl.Verifier;
import io.lakestudio.fdl.WorkingFolder;
import io.lakestudio.fdl.Writer;

/**
 * {@code lakestudio fdl ACTION ...}: FDL repositories (docs/fdl-0.1.md) from the command line. Each action is a few
 * lines over io.lakestudio.fdl: reading ones in {@link FdlReadActions}, working folders in {@link FdlWorkActions},
 * branches and requests in {@link FdlRefActions}, {@code diff} in {@link FdlDiffAction}, {@code sql} in {@link FdlSql}.
 * Exit codes: see {@link #EXITS}.
 */
public final class FdlCommand extends Command {

	/** The exit codes every action shares, as its help and the README say them. */
	static final String EXITS = """
			Exit codes: 0 done; 1 no such repository, ref, version or request (or a file a version names is missing);
			2 a wrong argument or option; 3 refused or failed (malformed, untrusted key, withdrawn, forbidden, no valid
			token, the store failed, verify found problems); 4 not where it must be: the branch moved (pull, then push
			or commit again), not a fast-forward, the tag exists, nothing to commit, changes not committed.""";

	/** Each action: its usage after "fdl", and what it does. */
	private static final Map<String, String[]> ACTIONS = new LinkedHashMap<>();

	static {
		action("init", "REPO", "Make a repository: the format marker, if absent.");
		action("clone", "REPO FOLDER [--branch B]", "Make a working folder: the branch's version checked out as the"
				+ " working catalog FOLDER/lake.sqlite with its data in FOLDER/data/ (on an empty repository, no catalog"
				+ " until the first 'fdl sql' makes one).");
		action("status", "", "In a working folder: its branch, the version it started from, where the branch is in"
				+ " the repository now, and the working catalog's snapshots not committed.");
		action("commit", "-m MSG | REPO CATALOG -m MSG", "In a working folder: freeze the working catalog into a"
				+ " version on its branch (--branch NAME: a new branch), refused when the branch moved since (pull)."
				+ " With REPO CATALOG: freeze that working DuckLake SQLite catalog onto --branch (main) of REPO.");
		action("pull", "[--discard] | FROM TO", "In a working folder: bring the working catalog to where its branch"
				+ " is; refused when it has snapshots not committed, unless --discard. With FROM TO: copy --branch"
				+ " (main) and its versions from FROM to TO.");
		action("push", "FROM TO", "Copy --branch (main) and the versions TO lacks from FROM to TO (forward only"
				+ " unless --force).");
		action("log", "[REPO] [REF]", "Versions from REF (the working folder's branch, or main) back, newest first,"
				+ " each signature checked.");
		action("show", "[REPO] VERSION|REF", "A version's record, retention, and whether its key is trusted.");
		action("diff", "A B", "Between versions A and B (IDs, branches or tags): tables added and removed, columns"
				+ " added, removed or retyped, and per table the rows added and removed (B EXCEPT ALL A, A EXCEPT ALL B,"
				+ " over the columns both have), both versions attached in one engine session.");
		action("open", "[REPO] [VERSION|REF]", "Verify a version and print its read-only catalog file and data path.");
		action("branch", "[NAME [VERSION|REF]] | --delete NAME", "List the branches; with NAME, make one at VERSION"
				+ " (the working folder's version, or main); --delete NAME deletes one (never main).");
		action("tag", "[REPO] NAME VERSION|REF", "Name a version, once: a tag never moves.");
		action("request", "open [-m MSG] [--for B] | list | merge N | close N", "Requests: open proposes the working"
				+ " folder's branch version (or --version REF) for --for (main); merge moves the branch forward to it"
				+ " (on a host, only those it allows may merge into main).");
		action("sql", "STATEMENT", "In a working folder: run SQL with the working catalog as the default catalog"
				+ " (ATTACHed as lake, then USE lake); several ';'-separated statements run in one session.");
		action("verify", "[REPO]", "Check every ref, record, catalog and data file.");
		action("withdraw", "[REPO] VERSION --why W", "Withdraw a version: readers refuse it unless --force.");
		action("retention", "[REPO] VERSION --why W", "Take a version out of retention (its record is kept).");
		action("gc", "[REPO] [--dry-run]", "Delete what no retained version names, once its grace period is over.");
		action("keys", "[--keyring] [--trust KEY --name N]", "Print this user's public key (where its private key is"
				+ " kept on standard error: a 0600 file in the state folder, made on first use); --keyring moves it into the OS keyring, as"
				+ " sign-in tokens are kept, and deletes the file; --trust trusts another's key.");
		action("serve", "FOLDER|abfss://... [--port P] [--tokens FILE] [--entra-issuer I --entra-audience A --entra-allow FILE] [--tls-cert FILE]", "Serve the repository in FOLDER (or in"
				+ " a OneLake folder, through the signed-in account) over HTTP, or HTTPS with --tls-cert (a PEM with the certificate and its private key, or a PKCS12 file;"
				+ " its password in $LAKESTUDIO_TLS_PASSWORD).");
	}

	private static void action(String name, String usage, String what) {
		ACTIONS.put(name, new String[] { usage, what });
	}

	@Override
	protected String usage() {
		return "ACTION [options] ARGUMENTS";
	}

	@Override
	protected String description() {
		StringBuilder b = new StringBuilder("Versions of a DuckLake catalog kept in a folder or on an FDL host (FDL 0.1).\n");
		int w = ACTIONS.keySet().stream().mapToInt(String::length).max().orElse(0);
		ACTIONS.forEach((a, u) -> b.append("  ").append(a).append(" ".repeat(w - a.length() + 2)).append(u[0]).append('\n'));
		b.append("REPO is a folder or http(s)://host:port/; inside a working folder it may be left out. A host's token:")
				.append(" $LAKESTUDIO_FDL_TOKEN or --token-file; a CA to trust for https://: --ca FILE or $LAKESTUDIO_FDL_CA. 'lakestudio fdl ACTION --help' tells more.\n")
				.append(EXITS);
		return b.toString();
	}

	@Override
	public void printHelp(CommandLine line) {
		List<String> a = line.getArgList();
		String[] u = a.isEmpty() ? null : ACTIONS.get(a.get(0));
		if (u == null) {
			printHelp();
			return;
		}
		out.println("Usage: lakestudio fdl " + a.get(0) + " " + u[0]);
		out.println(u[1]);
		out.println("Every action takes --json (print JSON) and --help.");
		out.println(EXITS);
		out.flush();
	}

	@Override
	public Options options() {
		return super.options().addOption(valued("m", "message", "MSG", "The version's or request's message."))
				.addOption(valued("b", "branch", "BRANCH", "The branch to commit to, clone, push or pull (main)."))
				.addOption(flag("force", "Move a branch that is not a fast-forward; open a withdrawn version."))
				.addOption(flag("json", "Print JSON."))
				.addOption(flag("csv", "sql: print CSV."))
				.addOption(flag("dry-run", "gc: say what would be deleted, delete nothing."))
				.addOption(flag("discard", "pull: drop the working catalog's snapshots not committed."))
				.addOption(valued(null, "delete", "NAME", "branch: delete this branch."))
				.addOption(valued(null, "for", "BRANCH", "request open: the branch it proposes the version for (main)."))
				.addOption(valued(null, "version", "REF", "request open: the version proposed (the working folder's)."))
				.addOption(valued(null, "work", "FOLDER", "The working folder (the current folder, or the nearest above"
						+ " it holding .fdl/work.json)."))
				.addOption(valued(null, "repo", "REPO", "The repository, where a working folder would name it."))
				.addOption(valued(null, "grace-days", "DAYS", "gc: the grace period (7)."))
				.addOption(valued(null, "why", "REASON", "withdraw, retention: why."))
				.addOption(valued(null, "author", "NAME", "commit: the author's name ($LAKESTUDIO_AUTHOR, or the user)."))
				.addOption(valued(null, "token-file", "FILE", "A file holding the host's bearer token."))
				.addOption(valued(null, "ca", "FILE", "A certificate (PEM) to trust for an https:// host, besides the"
						+ " JDK's CAs (a host serving with a self-signed --tls-cert); else $LAKESTUDIO_FDL_CA."))
				.addOption(valued(null, "trust", "KEY", "keys: trust this Ed25519 public key (64 hex digits)."))
				.addOption(valued(null, "name", "NAME", "keys: whose key it is."))
				.addOption(flag("keyring", "keys: keep the private key in the OS keyring, in no file."))
				.addOption(valued(null, "port", "PORT", "serve: the port (8417); 0 picks a free one."))
				.addOption(valued(null, "bind", "ADDRESS", "serve: the address to listen on (127.0.0.1)."))
				.addOption(valued(null, "tls-cert", "FILE", "serve: HTTPS with this PEM (certificate + key) or PKCS12."))
				.addOption(valued(null, "tokens", "FILE", "serve: the token file (lines: sha256-of-token name [main])."))
				.addOption(valued(null, "entra-issuer", "ISSUER", "serve: take Entra access tokens of this issuer"
						+ " (https://login.microsoftonline.com/TENANT-ID/v2.0)."))
				.addOption(valued(null, "entra-audience", "AUDIENCE", "serve: the audience those tokens must be for"
						+ " (the host's app ID URI or client ID)."))
				.addOption(valued(null, "entra-allow", "FILE", "serve: who may use them (lines: object-id-or-upn name"
						+ " [main])."))
				.addOption(valued(null, "entra-keys", "FILE", "serve: the issuer's keys (JWKS), instead of reading them"
						+ " from the issuer at start."))
				.addOption(valued(null, "entra-scope", "SCOPE", "Send the signed-in account's Entra token for this"
						+ " scope to the host (AUDIENCE/.default; or $LAKESTUDIO_FDL_SCOPE)."));
	}

	@Override
	public int run(CommandLine line) {
		List<String> a = line.getArgList();
		if (a.isEmpty())
			throw new Die(2, "fdl: which action? Try 'lakestudio fdl --help'.");
		Out o = new Out(out, line.hasOption("json"));
		String action = a.get(0);
		// what an engine in this process reads for ATTACH 'ducklake:fdl:https...' (fdl diff, fdl sql), for this
		// action only: the next one in the same process (tests, the workbench) must not inherit it
		String token = System.getProperty("lakestudio.fdl.token"), ca = System.getProperty(FdlStores.CA_PROPERTY);
		if (line.hasOption("ca"))
			System.setProperty(FdlStores.CA_PROPERTY, Path.of(line.getOptionValue("ca")).toAbsolutePath().toString());
		try {
			return switch (action) {
			case "init" -> init(line, o);
			case "commit" -> a.size() == 1 ? new FdlWorkActions(this, home, line, o).run(action) : commit(line, o);
			case "tag" -> tag(line, o);
			case "push" -> push(line, o);
			case "pull" -> a.size() == 1 ? new FdlWorkActions(this, home, line, o).run(action) : push(line, o);
			case "clone", "status" -> new FdlWorkActions(this, home, line, o).run(action);
			case "branch", "request" -> new FdlRefActions(this, home, line, o).run(action);
			case "diff" -> new FdlDiffAction(this, home, line, o).run();
			case "sql" -> new FdlSql(this, home, line).run();
			case "withdraw", "retention" -> retention(line, o, action.equals("withdraw"));
			case "gc" -> gc(line, o);
			case "log", "show", "open", "verify", "keys" -> new FdlReadActions(this, home, line, o).run(action);
			case "serve" -> new FdlServe(home, line, out).run(arg(line, 1, "FOLDER"));
			default -> throw new Die(2, "fdl: '" + action + "' is not an action. Try 'lakestudio fdl --help'.");
			};
		} catch (FdlException e) {
			throw die(e);
		} catch (IllegalArgumentException e) {
			throw new Die(2, "fdl " + action + ": " + e.getMessage());
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "fdl " + action + ": " + e.getMessage());
		} finally {
			restore("lakestudio.fdl.token", token);
			restore(FdlStores.CA_PROPERTY, ca);
		}
	}

	private static void restore(String property, String value) {
		if (value == null)
			System.clearProperty(property);
		else
			System.setProperty(property, value);
	}

	static Die die(FdlException e) {
		int code = switch (e.refusal()) {
		case NOT_FOUND, MISSING -> 1;
		case CONDITION_FAILED, NOT_FAST_FORWARD -> 4;
		default -> io.lakestudio.cli.Lakestudio.FAILED;
		};
		return new Die(code, e.getMessage());
	}

	java.io.PrintWriter out() {
		return out;
	}

	java.io.PrintWriter err() {
		return err;
	}

	/** The {@code i}th positional argument (0 is the action). */
	String arg(CommandLine line, int i, String what) {
		List<String> a = line.getArgList();
		if (a.size() <= i)
			throw new Die(2, "fdl " + a.get(0) + ": " + what + " expected. Try 'lakestudio fdl " + a.get(0) + " --help'.");
		return a.get(i);
	}

	/** A repository an action names, and the arguments after it. */
	record Named(Repository repo, List<String> rest) {
	}

	/**
	 * The repository an action is about: --repo; else its first argument when that is a repository (a URL, or a
	 * folder holding FDL's marker); else the working folder's. {@code rest} are the arguments after it.
	 */
	Named named(CommandLine line) {
		List<String> a = line.getArgList().subList(1, line.getArgList().size());
		if (line.hasOption("repo"))
			return new Named(FdlStores.repository(line.getOptionValue("repo"), line), a);
		if (!a.isEmpty() && (a.get(0).matches("^https?://.*") || java.nio.file.Files.isRegularFile(
				Path.of(a.get(0)).resolve(io.lakestudio.fdl.Layout.MARKER))))
			return new Named(FdlStores.repository(a.get(0), line), a.subList(1, a.size()));
		Optional<WorkingFolder> w = work(line);
		if (w.isEmpty())
			throw new Die(2, "fdl " + line.getArgList().get(0) + ": which repository? Name one (a folder or a host's"
					+ " URL), or run it inside a working folder (fdl clone makes one).");
		return new Named(FdlStores.repository(w.get().state().repository(), line), a);
	}

	/** The working folder: --work, else the current folder or the nearest above it that is one. */
	Optional<WorkingFolder> work(CommandLine line) {
		try {
			if (line.hasOption("work"))
				return Optional.of(WorkingFolder.at(Path.of(line.getOptionValue("work"))));
			return WorkingFolder.find(Path.of(""));
		} catch (FdlException e) {
			throw die(e);
		}
	}

	WorkingFolder needWork(CommandLine line) {
		return work(line).orElseThrow(() -> new Die(2, "fdl " + line.getArgList().get(0)
				+ ": not in a working folder (fdl clone REPO FOLDER makes one; --work FOLDER names one)."));
	}

	/** {@code --author}, $LAKESTUDIO_AUTHOR, or the user's name. */
	static String author(CommandLine line) {
		return line.getOptionValue("author", System.getenv().getOrDefault("LAKESTUDIO_AUTHOR",
				System.getProperty("user.name")));
	}

	private int init(CommandLine line, Out o) throws FdlException {
		Repository given = FdlStores.repository(arg(line, 1, "REPO"), line);
		Repository r = Repository.init(given.store(), given.location());
		o.said(Map.of("repository", r.location()), "FDL repository at " + r.location());
		return 0;
	}

	private int commit(CommandLine line, Out o) throws FdlException, IOException {
		if (!line.hasOption("message"))
			throw new Die(2, "fdl commit: -m MESSAGE expected.");
		Repository r = FdlStores.repository(arg(line, 1, "REPO"), line);
		Writer.Committed c = new Writer(r, FdlStores.key(home), author(line), Clock.systemUTC()).commit(
				Path.of(arg(line, 2, "CATALOG")), line.getOptionValue("branch", "main"), line.getOptionValue("message"),
				FdlStores.folder(home).resolve("tmp"), line.hasOption("force"));
		committed(o, c, line.getOptionValue("branch", "main"));
		return 0;
	}

	static void committed(Out o, Writer.Committed c, String branch) {
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("version", c.id());
		m.put("branch", branch);
		m.put("files_named", c.record().dataFiles());
		m.put("files_sent", c.filesSent());
		m.put("bytes_sent", c.bytesSent());
		m.put("requests", c.requests());
		o.said(m, c.id() + " on " + branch + ": " + c.record().dataFiles() + " data files named, " + c.filesSent()
				+ " of them sent; " + c.bytesSent() + " bytes in " + c.requests() + " requests");
	}

	private int push(CommandLine line, Out o) throws FdlException {
		Repository from = FdlStores.repository(arg(line, 1, "FROM"), line);
		Repository target = FdlStores.repository(arg(line, 2, "TO"), line);
		// an empty target becomes a repository, as a clone makes one
		Repository to = Repository.init(target.store(), target.location());
		String branch = line.getOptionValue("branch", "main");
		Transfer.Moved m = new Transfer(from, to).branch(branch, line.hasOption("force"));
		Map<String, Object> j = new LinkedHashMap<>();
		j.put("branch", branch);
		j.put("version", m.id());
		j.put("versions", m.versions());
		j.put("objects", m.objects());
		j.put("bytes", m.bytes());
		o.said(j, branch + " -> " + m.id() + ": " + m.versions() + " versions, " + m.objects() + " objects, " + m.bytes()
				+ " bytes sent");
		return 0;
	}

	private int tag(CommandLine line, Out o) throws FdlException {
		Named n = named(line);
		if (n.rest().size() < 2)
			throw new Die(2, "fdl tag: NAME VERSION|REF expected. Try 'lakestudio fdl tag --help'.");
		String name = n.rest().get(0);
		String id = n.repo().resolve(n.rest().get(1));
		new Refs(n.repo()).tag(name, id);
		o.said(Map.of("tag", name, "version", id), "tag " + name + " -> " + id);
		return 0;
	}

	private int retention(CommandLine line, Out o, boolean withdraw) throws FdlException {
		Named n = named(line);
		String what = withdraw ? "withdraw" : "retention";
		if (n.rest().isEmpty())
			throw new Die(2, "fdl " + what + ": VERSION expected. Try 'lakestudio fdl " + what + " --help'.");
		String id = n.repo().resolve(n.rest().get(0));
		String why = line.getOptionValue("why");
		if (why == null || why.isBlank())
			throw new Die(2, "fdl " + what + ": --why REASON expected.");
		Retention ret = new Retention(n.repo(), Clock.systemUTC());
		if (withdraw)
			ret.withdraw(id, author(line), why);
		else
			ret.takeOut(id, author(line), why);
		o.said(Map.of("version", id, withdraw ? "withdrawn" : "retained", withdraw, "why", why),
				id + (withdraw ? " withdrawn: " : " out of retention: ") + why);
		return 0;
	}

	private int gc(CommandLine line, Out o) throws FdlException {
		Duration grace = Duration.ofDays(intValue(line, "grace-days", 7));
		Collector.Plan p = new Collector(named(line).repo(), grace, Clock.systemUTC()).run(line.hasOption("dry-run"));
		if (o.json()) {
			o.rows(List.of("Path", "Why"), p.deletions().stream().map(d -> List.<Object>of(d.path(), d.why())).toList());
			return 0;
		}
		String verb = line.hasOption("dry-run") ? "would delete " : "deleted ";
		for (Collector.Deletion d : p.deletions())
			o.writer().println(verb + d.path() + ": " + d.why());
		o.writer().println(p.deletions().size() + " objects " + (line.hasOption("dry-run") ? "would be " : "")
				+ "deleted; " + p.ledger().since().size() + " unnamed, in their grace period");
		return 0;
	}

	static Reader reader(Path home, Repository r) {
		return new Reader(r, FdlStores.trust(home), FdlStores.folder(home).resolve("catalogs"));
	}

	static Verifier verifier(Path home, Repository r) {
		return new Verifier(r, FdlStores.trust(home));
	}
}
