package io.lakestudio.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.engine.FdlDiff;
import io.lakestudio.engine.FdlDiff.TableDiff;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;

/**
 * {@code fdl diff A B}: the two versions named (IDs, branches or tags) compared by {@link FdlDiff} in an engine
 * session of this process, then printed: a table, or {@code --json}.
 */
final class FdlDiffAction {

	private final FdlCommand command;
	private final Path home;
	private final CommandLine line;
	private final Out o;

	FdlDiffAction(FdlCommand command, Path home, CommandLine line, Out o) {
		this.command = command;
		this.home = home;
		this.line = line;
		this.o = o;
	}

	int run() throws FdlException {
		FdlCommand.Named n = command.named(line);
		if (n.rest().size() != 2)
			throw new Die(2, "fdl diff: two versions expected (IDs, branches or tags). Try 'lakestudio fdl diff --help'.");
		Repository repo = n.repo();
		String a = repo.resolve(n.rest().get(0)), b = repo.resolve(n.rest().get(1));
		List<TableDiff> diffs = new ArrayList<>();
		new SqlSession(command, home).session(false,
				s -> diffs.addAll(FdlDiff.between(s, repo.location(), a, b, (t, done, total) -> true)));
		print(a, b, diffs);
		return 0;
	}

	private void print(String a, String b, List<TableDiff> diffs) {
		if (o.json()) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("a", a);
			m.put("b", b);
			m.put("tables", diffs.stream().map(d -> Map.<String, Object>of("table", d.table(), "change", d.change(),
					"columns", d.columns(), "rows_added", d.added(), "rows_removed", d.removed())).toList());
			o.json(m);
			return;
		}
		o.writer().println("diff " + a.substring(0, 12) + " " + b.substring(0, 12));
		List<List<Object>> rows = new ArrayList<>();
		for (TableDiff d : diffs)
			rows.add(List.of(d.table(), d.change(), "+" + d.added(), "-" + d.removed(), String.join(", ", d.columns())));
		o.rows(List.of("Table", "Change", "Rows added", "Rows removed", "Columns"), rows);
	}
}
