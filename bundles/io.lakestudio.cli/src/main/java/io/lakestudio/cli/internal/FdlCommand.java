package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.fdl.Collector;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Retention;
import io.lakestudio.fdl.Verifier;
import io.lakestudio.fdl.Writer;

/**
 * {@code lakestudio fdl ACTION REPOSITORY ...}: FDL repositories (docs/fdl-0.1.md) from the command line. Each action
 * is a few lines over io.lakestudio.fdl; reading ones live in {@link FdlReadActions}. Exit codes as for every
 * command; a refusal of the format exits 3 with its reason, a missing ref or version 1.
 */
public final class FdlCommand extends Command {

	@Override
	protected String usage() {
		return "ACTION [options] ARGUMENTS";
	}

	@Override
	protected String description() {
		return """
				Versions of a DuckLake catalog kept in a folder or on an FDL host (FDL 0.1).
				  init REPO                      make a repository (the format marker, if absent)
				  commit REPO CATALOG -m MSG     freeze a working DuckLake SQLite catalog into a version on --branch (main)
				  log REPO [REF]                 versions from REF (main) back, newest first
				  show REPO VERSION|REF          a version's record, retention, and whether it verifies
				  open REPO [VERSION|REF]        verify a version and print its read-only catalog file and data path
				  tag REPO NAME VERSION|REF      name a version, once
				  push FROM TO                   copy --branch (main) and its versions the target lacks; a pull is a push the other way
				  verify REPO                    check every ref, record, catalog and data file
				  withdraw REPO VERSION --why W  readers refuse it unless forced
				  retention REPO VERSION --why W take it out of retention (its record is kept)
				  gc REPO [--dry-run]            delete what no retained version names, after the grace period
				  keys                           print this user's public key; --trust KEY --name N trusts another's
				  serve FOLDER [--port P]        serve the repository in FOLDER over HTTP (--tokens FILE)
				REPO is a folder or http(s)://host:port/. A host's token: $LAKESTUDIO_FDL_TOKEN or --token-file.""";
	}

	@Override
	public Options options() {
		return super.options().addOption(valued("m", "message", "MSG", "The version's message."))
				.addOption(valued("b", "branch", "BRANCH", "The branch to commit to (main)."))
				.addOption(flag("force", "Move a branch that is not a fast-forward; open a withdrawn version."))
				.addOption(flag("json", "Print JSON."))
				.addOption(flag("dry-run", "gc: say what would be deleted, delete nothing."))
				.addOption(valued(null, "grace-days", "DAYS", "gc: the grace period (7)."))
				.addOption(valued(null, "why", "REASON", "withdraw, retention: why."))
				.addOption(valued(null, "author", "NAME", "commit: the author's name ($LAKESTUDIO_AUTHOR, or the user)."))
				.addOption(valued(null, "token-file", "FILE", "A file holding the host's bearer token."))
				.addOption(valued(null, "trust", "KEY", "keys: trust this Ed25519 public key (64 hex digits)."))
				.addOption(valued(null, "name", "NAME", "keys: whose key it is."))
				.addOption(valued(null, "port", "PORT", "serve: the port (8417); 0 picks a free one."))
				.addOption(valued(null, "bind", "ADDRESS", "serve: the address to listen on (127.0.0.1)."))
				.addOption(valued(null, "tokens", "FILE", "serve: the token file (lines: sha256-of-token name [main])."));
	}

	@Override
	public int run(CommandLine line) {
		List<String> a = line.getArgList();
		if (a.isEmpty())
			throw new Die(2, "fdl: which action? Try 'lakestudio fdl --help'.");
		Out o = new Out(out, line.hasOption("json"));
		try {
			return switch (a.get(0)) {
			case "init" -> init(line, o);
			case "commit" -> commit(line, o);
			case "tag" -> tag(line, o);
			case "push", "pull" -> push(line, o);
			case "withdraw", "retention" -> retention(line, o, a.get(0).equals("withdraw"));
			case "gc" -> gc(line, o);
			case "log", "show", "open", "verify", "keys" -> new FdlReadActions(this, home, line, o).run(a.get(0));
			case "serve" -> new FdlServe(home, line, out).run(arg(line, 1, "FOLDER"));
			default -> throw new Die(2, "fdl: '" + a.get(0) + "' is not an action. Try 'lakestudio fdl --help'.");
			};
		} catch (FdlException e) {
			throw die(e);
		} catch (IOException e) {
			throw new Die(io.lakestudio.cli.Lakestudio.FAILED, "fdl " + a.get(0) + ": " + e.getMessage());
		}
	}

	static Die die(FdlException e) {
		int code = switch (e.refusal()) {
		case NOT_FOUND, MISSING -> 1;
		default -> io.lakestudio.cli.Lakestudio.FAILED;
		};
		return new Die(code, e.getMessage());
	}

	/** The {@code i}th positional argument (0 is the action). */
	String arg(CommandLine line, int i, String what) {
		List<String> a = line.getArgList();
		if (a.size() <= i)
			throw new Die(2, "fdl " + a.get(0) + ": " + what + " expected. Try 'lakestudio fdl --help'.");
		return a.get(i);
	}

	Repository repo(CommandLine line) {
		return FdlStores.repository(arg(line, 1, "REPO"), line.getOptionValue("token-file"));
	}

	private int init(CommandLine line, Out o) throws FdlException {
		Repository r = Repository.init(repo(line).store(), repo(line).location());
		o.writer().println("FDL repository at " + r.location());
		return 0;
	}

	private int commit(CommandLine line, Out o) throws FdlException, IOException {
		if (!line.hasOption("message"))
			throw new Die(2, "fdl commit: -m MESSAGE expected.");
		Repository r = repo(line);
		String author = line.getOptionValue("author", System.getenv().getOrDefault("LAKESTUDIO_AUTHOR",
				System.getProperty("user.name")));
		Writer.Committed c = new Writer(r, FdlStores.key(home), author, Clock.systemUTC()).commit(
				Path.of(arg(line, 2, "CATALOG")), line.getOptionValue("branch", "main"), line.getOptionValue("message"),
				FdlStores.folder(home).resolve("tmp"), line.hasOption("force"));
		if (o.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("version", c.id());
			m.put("files_sent", c.filesSent());
			m.put("bytes_sent", c.bytesSent());
			m.put("requests", c.requests());
			o.json(m);
		} else
			o.writer().println(c.id() + " on " + line.getOptionValue("branch", "main") + ": " + c.record().dataFiles()
					+ " data files named, " + c.filesSent() + " of them sent; " + c.bytesSent() + " bytes in "
					+ c.requests() + " requests");
		return 0;
	}

	private int push(CommandLine line, Out o) throws FdlException {
		String tokens = line.getOptionValue("token-file");
		Repository from = FdlStores.repository(arg(line, 1, "FROM"), tokens);
		Repository target = FdlStores.repository(arg(line, 2, "TO"), tokens);
		// an empty target becomes a repository, as a clone makes one
		Repository to = Repository.init(target.store(), target.location());
		String branch = line.getOptionValue("branch", "main");
		io.lakestudio.fdl.Transfer.Moved m = new io.lakestudio.fdl.Transfer(from, to).branch(branch, line.hasOption("force"));
		o.writer().println(branch + " -> " + m.id() + ": " + m.versions() + " versions, " + m.objects() + " objects, "
				+ m.bytes() + " bytes sent");
		return 0;
	}

	private int tag(CommandLine line, Out o) throws FdlException {
		Repository r = repo(line);
		String name = arg(line, 2, "NAME");
		String id = r.resolve(arg(line, 3, "VERSION"));
		new Refs(r).tag(name, id);
		o.writer().println("tag " + name + " -> " + id);
		return 0;
	}

	private int retention(CommandLine line, Out o, boolean withdraw) throws FdlException {
		Repository r = repo(line);
		String id = r.resolve(arg(line, 2, "VERSION"));
		String why = line.getOptionValue("why");
		if (why == null || why.isBlank())
			throw new Die(2, "fdl " + (withdraw ? "withdraw" : "retention") + ": --why REASON expected.");
		String by = System.getenv().getOrDefault("LAKESTUDIO_AUTHOR", System.getProperty("user.name"));
		Retention ret = new Retention(r, Clock.systemUTC());
		if (withdraw)
			ret.withdraw(id, by, why);
		else
			ret.takeOut(id, by, why);
		o.writer().println(id + (withdraw ? " withdrawn: " : " out of retention: ") + why);
		return 0;
	}

	private int gc(CommandLine line, Out o) throws FdlException {
		Duration grace = Duration.ofDays(intValue(line, "grace-days", 7));
		Collector.Plan p = new Collector(repo(line), grace, Clock.systemUTC()).run(line.hasOption("dry-run"));
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
