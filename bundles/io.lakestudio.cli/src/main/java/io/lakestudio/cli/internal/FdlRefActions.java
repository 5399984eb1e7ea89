package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Ref;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.fdl.Request;
import io.lakestudio.fdl.WorkingFolder;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;

/** {@code fdl branch} (list, make, delete) and {@code fdl request} (open, list, merge, close). */
final class FdlRefActions {

	private final FdlCommand command;
	private final CommandLine line;
	private final Out o;

	FdlRefActions(FdlCommand command, Path home, CommandLine line, Out o) {
		this.command = command;
		this.line = line;
		this.o = o;
	}

	int run(String action) throws FdlException, IOException {
		FdlCommand.Named n = command.named(line);
		Optional<WorkingFolder> w = line.hasOption("repo") ? Optional.empty() : command.work(line);
		return action.equals("branch") ? branch(n, w) : request(n, w);
	}

	private int branch(FdlCommand.Named n, Optional<WorkingFolder> w) throws FdlException {
		Repository repo = n.repo();
		Refs refs = new Refs(repo);
		repo.marker();
		if (line.hasOption("delete")) {
			String name = line.getOptionValue("delete");
			if (name.equals(Layout.MAIN))
				throw new Die(2, "fdl branch: main is not deleted");
			Read<Ref> b = refs.branch(name).orElseThrow(() -> new FdlException(FdlException.Refusal.NOT_FOUND,
					Layout.branch(name), "no such branch"));
			refs.deleteBranch(name, b.etag());
			o.said(Map.of("deleted", name, "version", b.value().version()), "deleted branch " + name + " (was at "
					+ b.value().version() + ")");
			return 0;
		}
		if (!n.rest().isEmpty()) {
			String name = Layout.checkName(n.rest().get(0));
			String at = n.rest().size() > 1 ? n.rest().get(1)
					: w.map(f -> f.state().from()).orElse(null);
			String id = repo.resolve(at);
			refs.moveBranch(name, id, null, false);
			o.said(Map.of("branch", name, "version", id), "branch " + name + " -> " + id);
			return 0;
		}
		String mine = w.map(f -> f.state().branch()).orElse(null);
		List<List<Object>> rows = new ArrayList<>();
		for (ObjectInfo i : list(repo, Layout.HEADS)) {
			String name = i.path().substring(Layout.HEADS.length());
			Optional<Read<Ref>> r = repo.ref(i.path());
			if (r.isPresent())
				rows.add(List.of(name.equals(mine) ? "*" : "", name, o.json() ? r.get().value().version()
						: r.get().value().version().substring(0, 12)));
		}
		o.rows(List.of("Here", "Branch", "Version"), rows);
		return 0;
	}

	private int request(FdlCommand.Named n, Optional<WorkingFolder> w) throws FdlException {
		Repository repo = n.repo();
		Refs refs = new Refs(repo);
		repo.marker();
		String what = n.rest().isEmpty() ? "list" : n.rest().get(0);
		switch (what) {
		case "open" -> {
			String ref = line.getOptionValue("version", w.map(f -> f.state().branch()).orElse(null));
			if (ref == null)
				throw new Die(2, "fdl request open: --version REF expected outside a working folder");
			String id = repo.resolve(ref);
			String forBranch = Layout.checkName(line.getOptionValue("for", Layout.MAIN));
			String message = line.getOptionValue("message", "");
			long number = refs.openRequest(id, forBranch, FdlCommand.author(line), message, Clock.systemUTC());
			o.said(Map.of("request", number, "version", id, "for", forBranch),
					"request " + number + ": " + id + " for " + forBranch);
		}
		case "merge", "close" -> {
			long number = number(n.rest(), what);
			if (what.equals("merge"))
				refs.merge(number);
			else
				refs.close(number);
			Request r = refs.request(number).value();
			o.said(Map.of("request", number, "state", r.state().name().toLowerCase(java.util.Locale.ROOT), "version",
					r.version(), "for", r.forBranch()), "request " + number + " " + (what.equals("merge")
							? "merged: " + r.forBranch() + " -> " + r.version() : "closed"));
		}
		case "list" -> {
			List<List<Object>> rows = new ArrayList<>();
			for (ObjectInfo i : list(repo, Layout.REQUESTS)) {
				String num = i.path().substring(Layout.REQUESTS.length());
				if (!num.matches("[1-9][0-9]*"))
					continue;
				Request r = refs.request(Long.parseLong(num)).value();
				rows.add(List.of(Long.parseLong(num), r.state().name().toLowerCase(java.util.Locale.ROOT), r.forBranch(),
						o.json() ? r.version() : r.version().substring(0, 12), r.by(), r.message()));
			}
			rows.sort((a, b) -> Long.compare((Long) a.get(0), (Long) b.get(0)));
			o.rows(List.of("Request", "State", "For", "Version", "By", "Message"), rows);
		}
		default -> throw new Die(2, "fdl request: open, list, merge N or close N, not '" + what + "'");
		}
		return 0;
	}

	private static long number(List<String> rest, String what) {
		try {
			return Long.parseLong(rest.get(1));
		} catch (IndexOutOfBoundsException | NumberFormatException e) {
			throw new Die(2, "fdl request " + what + ": the request's number expected");
		}
	}

	private static List<ObjectInfo> list(Repository repo, String prefix) throws FdlException {
		try {
			return repo.store().list(prefix);
		} catch (StoreException e) {
			throw Repository.failed(e);
		}
	}
}
