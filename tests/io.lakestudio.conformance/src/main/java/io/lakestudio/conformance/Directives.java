package io.lakestudio.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import io.lakestudio.conformance.Command.Directive;
import io.lakestudio.conformance.FileRun.Ctx;
import io.lakestudio.conformance.FileRun.Failed;
import io.lakestudio.conformance.FileRun.Halt;
import io.lakestudio.conformance.FileRun.Skip;

/**
 * The one-line directives of a file, carried out as DuckDB's runner does: {@code require}, {@code require-env},
 * {@code test-env}, {@code unzip}, {@code load}, {@code restart}, {@code reconnect}, {@code sleep},
 * {@code hash-threshold}, {@code halt}, {@code set}/{@code reset}; {@code mode} and {@code tags} change nothing here.
 */
final class Directives {

	/** The variable a {@code --catalog} other than the default overrides (DuckLake's CI configs do the same). */
	static final String CONNECTION = "DUCKLAKE_CONNECTION";

	private final FileRun run;

	Directives(FileRun run) {
		this.run = run;
	}

	void run(Directive d, Ctx ctx) throws Failed, Skip, Halt {
		List<String> p = d.params();
		String at = "line " + d.line() + ": " + d.name() + " " + String.join(" ", p);
		run.current = at;
		switch (d.name()) {
		case "require" -> {
			String why = Requires.unmet(p, run.factory);
			if (why != null) {
				throw new Skip("require " + String.join(" ", p) + ": " + why);
			}
		}
		case "require-env" -> {
			need(d, p.size() == 1 || p.size() == 2, "require-env <name> [value]");
			String v = System.getenv(p.get(0));
			if (v == null || (p.size() == 2 && !v.equals(p.get(1)))) {
				throw new Skip("require-env " + String.join(" ", p) + ": not set" + (v == null ? "" : " to that"));
			}
			define(d, p.get(0), v);
		}
		case "test-env" -> {
			need(d, p.size() == 2, "test-env <name> <default>");
			String v = p.get(0).equals(CONNECTION) && run.kind.connection() != null ? run.kind.connection() : p.get(1);
			define(d, p.get(0), run.substitute(v, ctx));
		}
		case "unzip" -> unzip(d, p, ctx);
		case "load" -> {
			run.close();
			run.readOnly = p.size() > 1 && p.get(1).equalsIgnoreCase("readonly");
			run.dbFile = p.isEmpty() ? null : Path.of(run.substitute(p.get(0), ctx));
			try {
				if (run.dbFile != null && !run.readOnly) {
					Files.deleteIfExists(run.dbFile);
				}
			} catch (IOException e) {
				throw new Failed(at + ": " + e);
			}
			run.open();
		}
		case "restart" -> {
			run.close();
			run.open();
		}
		case "reconnect" -> {
			run.sessions.remove(run.main);
			run.main.close();
			run.main = run.connect();
		}
		case "sleep" -> sleep(d, p);
		case "hash-threshold" -> {
			try {
				run.hashThreshold = Integer.parseInt(p.get(0));
			} catch (RuntimeException e) {
				throw new Failed(at + ": hash-threshold needs a number");
			}
		}
		case "halt" -> throw new Halt();
		case "set" -> set(d, p);
		case "reset" -> {
			if (p.size() == 2 && p.get(0).equalsIgnoreCase("label")) {
				run.labels.remove(p.get(1));
			}
		}
		default -> {
			// mode (output_result, debug...) and tags change nothing a run checks
		}
		}
	}

	private void need(Directive d, boolean ok, String usage) throws Failed {
		if (!ok) {
			throw new Failed("line " + d.line() + ": expected " + usage);
		}
	}

	private void define(Directive d, String name, String value) throws Failed {
		Map<String, String> env = run.env;
		if (env.containsKey(name)) {
			throw new Failed("line " + d.line() + ": variable " + name + " defined twice");
		}
		env.put(name, value);
	}

	/** {@code unzip <file.gz> [target]}: the source relative to the suite folder, the target by default in {TEST_DIR}. */
	private void unzip(Directive d, List<String> p, Ctx ctx) throws Failed {
		need(d, p.size() == 1 || p.size() == 2, "unzip <file.gz> [target]");
		String in = run.substitute(p.get(0), ctx);
		if (!in.endsWith(".gz")) {
			throw new Failed("line " + d.line() + ": unzip: " + in + " is not a .gz file");
		}
		Path src = run.suite.resolve(in);
		String name = src.getFileName().toString();
		Path dst = p.size() == 2 && !p.get(1).equals("NULL") ? Path.of(run.substitute(p.get(1), ctx))
				: run.testDir.resolve(name.substring(0, name.length() - 3));
		try (InputStream is = new GZIPInputStream(Files.newInputStream(src))) {
			if (dst.getParent() != null) {
				Files.createDirectories(dst.getParent());
			}
			Files.copy(is, dst, StandardCopyOption.REPLACE_EXISTING);
		} catch (IOException e) {
			throw new Failed("line " + d.line() + ": unzip " + src + " to " + dst + ": " + e);
		}
	}

	private void sleep(Directive d, List<String> p) throws Failed {
		need(d, p.size() == 2, "sleep <n> <unit>");
		long n;
		try {
			n = Long.parseLong(p.get(0));
		} catch (NumberFormatException e) {
			throw new Failed("line " + d.line() + ": sleep needs a number");
		}
		String u = p.get(1).toLowerCase();
		long ms = u.startsWith("second") ? n * 1000 : u.startsWith("milli") ? n : u.startsWith("micro") ? n / 1000 : 0;
		try {
			Thread.sleep(Math.min(ms, 60_000));
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new Failed("line " + d.line() + ": interrupted");
		}
	}

	private void set(Directive d, List<String> p) throws Failed {
		need(d, !p.isEmpty(), "set <what> ...");
		switch (p.get(0)) {
		case "ignore_error_messages", "always_fail_error_messages" -> {
			// the suite doesn't use them; a file that does would need them honoured
			throw new Failed("line " + d.line() + ": set " + p.get(0) + " is not supported by this runner");
		}
		case "seed" -> {
			try {
				run.main.execute("SELECT setseed(" + Double.parseDouble(p.get(1)) + ")");
			} catch (SqlFailure | RuntimeException e) {
				throw new Failed("line " + d.line() + ": set seed: " + e.getMessage());
			}
		}
		default -> throw new Failed("line " + d.line() + ": unknown set parameter " + p.get(0));
		}
	}
}
