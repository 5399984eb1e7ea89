package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Every action the issue lists answers {@code --help} with its usage, and, in one session over a folder
 * repository, prints JSON with {@code --json} (one document; sql one per statement) (read back by Jackson, not by our own printer), so a
 * script can drive every one of them.
 */
class FdlEveryActionTest {

	static final List<String> ACTIONS = List.of("init", "clone", "status", "commit", "log", "show", "diff", "push",
			"pull", "branch", "tag", "request", "verify", "withdraw", "retention", "gc", "keys", "serve", "sql", "open");

	@TempDir
	Path dir;

	private CliRun fdl(String... args) {
		String[] all = new String[args.length + 1];
		all[0] = "fdl";
		System.arraycopy(args, 0, all, 1, args.length);
		return CliRun.run(dir.resolve("home"), all);
	}

	@Test
	void everyActionAnswersHelp() {
		for (String a : ACTIONS) {
			CliRun h = fdl(a, "--help");
			assertEquals(0, h.exit, a + ": " + h);
			assertTrue(h.out.startsWith("Usage: lakestudio fdl " + a), a + ": " + h);
			assertTrue(h.out.contains("--json") && h.out.contains("Exit codes"), a + ": " + h);
		}
	}

	@Test
	void everyActionPrintsJson() throws Exception {
		String repo = dir.resolve("repo").toString(), w = "--work=" + dir.resolve("w"), other = dir.resolve("other")
				.toString();
		List<String[]> session = new ArrayList<>();
		session.add(new String[] { "init", repo });
		session.add(new String[] { "clone", repo, dir.resolve("w").toString() });
		session.add(new String[] { "sql", w, "CREATE TABLE t(id BIGINT); INSERT INTO t VALUES (1), (2)" });
		session.add(new String[] { "status", w });
		session.add(new String[] { "commit", w, "-m", "first" });
		session.add(new String[] { "sql", w, "INSERT INTO t VALUES (3)" });
		session.add(new String[] { "commit", w, "-m", "second", "--branch", "more" });
		session.add(new String[] { "log", w });
		session.add(new String[] { "show", repo, "main" });
		session.add(new String[] { "diff", repo, "main", "more" });
		session.add(new String[] { "open", repo, "main" });
		session.add(new String[] { "branch", w });
		session.add(new String[] { "branch", w, "copy", "main" });
		session.add(new String[] { "tag", repo, "v1", "main" });
		session.add(new String[] { "request", w, "open", "-m", "please" });
		session.add(new String[] { "request", w, "list" });
		session.add(new String[] { "request", w, "merge", "1" });
		session.add(new String[] { "push", repo, other, "--branch", "main" });
		session.add(new String[] { "pull", w });
		session.add(new String[] { "verify", repo });
		session.add(new String[] { "withdraw", repo, "v1", "--why", "wrong rows" });
		session.add(new String[] { "retention", repo, "more", "--why", "superseded" });
		session.add(new String[] { "gc", repo, "--dry-run" });
		session.add(new String[] { "keys" });
		session.add(new String[] { "sql", w, "SELECT count(*) AS n FROM t" });
		ObjectMapper json = new ObjectMapper();
		List<String> covered = new ArrayList<>(List.of("serve")); // FdlOneLakeServeTest runs it with --json
		for (String[] step : session) {
			String[] args = new String[step.length + 1];
			System.arraycopy(step, 0, args, 0, step.length);
			args[step.length] = "--json";
			CliRun r = fdl(args);
			String what = String.join(" ", step);
			assertEquals(0, r.exit, what + ": " + r);
			JsonNode doc = json.readTree(r.out);
			assertTrue(doc != null && (doc.isObject() || doc.isArray()), what + ": " + r.out);
			// sql prints one document per statement, as 'lakestudio sql' does; every other action one in all
			int docs = 0;
			try (var parser = json.createParser(r.out)) {
				while (parser.nextToken() != null) {
					parser.skipChildren(); // a whole document: an object or an array
					docs++;
				}
			}
			assertEquals(step[0].equals("sql") ? (int) step[step.length - 1].chars().filter(c -> c == ';').count() + 1 : 1,
					docs, what + ": " + r.out);
			covered.add(step[0]);
		}
		assertTrue(covered.containsAll(ACTIONS), "every action: " + covered);
	}
}
