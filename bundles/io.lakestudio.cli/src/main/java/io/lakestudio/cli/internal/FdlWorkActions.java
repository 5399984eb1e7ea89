package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.WorkingFolder;
import io.lakestudio.fdl.Writer;

/** The fdl actions on a working folder: clone, status, commit (of the folder's catalog) and pull. */
final class FdlWorkActions {

	private final FdlCommand command;
	private final Path home;
	private final CommandLine line;
	private final Out o;

	FdlWorkActions(FdlCommand command, Path home, CommandLine line, Out o) {
		this.command = command;
		this.home = home;
		this.line = line;
		this.o = o;
	}

	int run(String action) throws FdlException, IOException {
		return switch (action) {
		case "clone" -> cloneInto();
		case "status" -> status();
		case "commit" -> commit();
		default -> pull();
		};
	}

	private Repository repo(WorkingFolder w) {
		return FdlStores.repository(w.state().repository(), line);
	}

	private int cloneInto() throws FdlException, IOException {
		String location = command.arg(line, 1, "REPO");
		Path folder = Path.of(command.arg(line, 2, "FOLDER")).toAbsolutePath().normalize();
		Repository repo = FdlStores.repository(location, line);
		// the folder names the repository as a reader elsewhere would: a URL, or an absolute folder
		WorkingFolder w = WorkingFolder.clone(repo, repo.location(), folder, line.getOptionValue("branch", "main"),
				FdlCommand.reader(home, repo));
		if (!Files.exists(w.catalog()))
			emptyCatalog(w);
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("folder", folder.toString());
		m.put("repository", repo.location());
		m.put("branch", w.state().branch());
		m.put("version", w.state().from());
		m.put("catalog", w.catalog().toString());
		o.said(m, "cloned " + repo.location() + " " + w.state().branch() + " into " + folder + ": "
				+ (w.state().from() == null ? "an empty repository, a new working catalog" : "at " + w.state().from()));
		return 0;
	}

	/** An empty repository's working catalog: a new DuckLake catalog whose data path is the folder's data/. */
	private static void emptyCatalog(WorkingFolder w) throws FdlException {
		try (DuckLakeCatalog c = DuckLakeCatalog.open("ducklake:sqlite:" + w.catalog(),
				AttachOptions.defaults().withDataPath("data/"))) {
			c.current();
		} catch (DuckLakeException e) {
			throw FdlException.malformed(w.catalog().toString(), "can't make the working catalog: " + e.getMessage());
		}
	}

	private int status() throws FdlException {
		WorkingFolder w = command.needWork(line);
		WorkingFolder.Status s = w.status(repo(w));
		String from = s.state().from();
		String at = s.branchAt().orElse(null);
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("folder", w.folder().toString());
		m.put("repository", s.state().repository());
		m.put("branch", s.state().branch());
		m.put("from", from);
		m.put("branch_at", at);
		m.put("moved", at != null && !at.equals(from));
		m.put("snapshot", s.snapshot());
		m.put("changes", s.changes().stream().map(c -> Map.<String, Object>of("snapshot", c.snapshot(), "time",
				String.valueOf(c.time()), "changes", c.changes())).toList());
		if (o.json()) {
			o.json(m);
			return 0;
		}
		o.writer().println("working folder " + w.folder() + ": " + s.state().branch() + " of " + s.state().repository());
		o.writer().println("from " + (from == null ? "an empty repository" : from) + (at == null ? ""
				: at.equals(from) ? ", where the branch still is" : "; the branch has moved to " + at + ": pull"));
		if (s.changes().isEmpty())
			o.writer().println("nothing to commit");
		else {
			o.writer().println(s.changes().size() + " snapshots not committed:");
			for (WorkingFolder.Change c : s.changes())
				o.writer().println("  " + c.snapshot() + "  " + c.time() + "  " + c.changes());
		}
		return 0;
	}

	private int commit() throws FdlException, IOException {
		if (!line.hasOption("message"))
			throw new Die(2, "fdl commit: -m MESSAGE expected.");
		WorkingFolder w = command.needWork(line);
		Repository repo = repo(w);
		Writer writer = new Writer(repo, FdlStores.key(home), FdlCommand.author(line), Clock.systemUTC());
		Writer.Committed c = w.commit(repo, writer, line.getOptionValue("branch"), line.getOptionValue("message"),
				FdlStores.folder(home).resolve("tmp"));
		FdlCommand.committed(o, c, w.state().branch());
		return 0;
	}

	private int pull() throws FdlException, IOException {
		WorkingFolder w = command.needWork(line);
		Repository repo = repo(w);
		WorkingFolder.Pulled p = w.pull(repo, FdlCommand.reader(home, repo), line.hasOption("discard"));
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("branch", w.state().branch());
		m.put("was", p.was());
		m.put("now", p.now());
		m.put("files_fetched", p.fetched().files());
		m.put("bytes_fetched", p.fetched().bytes());
		String text = p.now() == null ? w.state().branch() + " has no version yet"
				: p.now().equals(p.was()) ? "up to date at " + p.now()
						: w.state().branch() + ": " + (p.was() == null ? "nothing" : p.was().substring(0, 12)) + " -> "
								+ p.now() + ", " + p.fetched().files() + " data files fetched (" + p.fetched().bytes()
								+ " bytes)";
		o.said(m, text);
		return 0;
	}
}
