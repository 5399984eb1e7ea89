package io.lakestudio.cli.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.engine.EngineSession;
import io.lakestudio.fdl.WorkingFolder;

/**
 * {@code fdl sql "<statements>"} in a working folder: the working catalog attached as {@code lake} (made, with
 * the folder's {@code data/} as its data path, when there is none yet) and made the default catalog, then the
 * statements in one engine session in this process, each one's rows printed as {@code sql} prints them.
 */
final class FdlSql {

	static final String NAME = "lake";

	private final FdlCommand command;
	private final Path home;
	private final CommandLine line;

	FdlSql(FdlCommand command, Path home, CommandLine line) {
		this.command = command;
		this.home = home;
		this.line = line;
	}

	int run() {
		WorkingFolder w = command.needWork(line);
		List<String> a = line.getArgList();
		if (a.size() != 2)
			throw new Die(2, "fdl sql: one STATEMENT expected (quote it; ';' separates several)");
		List<String> statements = new ArrayList<>(List.of(attach(w), "USE " + NAME));
		statements.addAll(EngineSession.statements(a.get(1)));
		return new SqlSession(command, home).run(statements, 2, false,
				(r, notices) -> SqlCommand.print(r, command.out(), command.err(), line.hasOption("json"),
						line.hasOption("csv")));
	}

	/** The ATTACH of the working catalog; a new one gets the relative data path, so the folder can move. */
	static String attach(WorkingFolder w) {
		String file = w.catalog().toString().replace("'", "''");
		return "ATTACH 'ducklake:sqlite:" + file + "' AS " + NAME
				+ (Files.exists(w.catalog()) ? "" : " (DATA_PATH 'data/')");
	}
}
