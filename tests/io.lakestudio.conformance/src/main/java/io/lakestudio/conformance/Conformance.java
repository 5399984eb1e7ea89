package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.lakestudio.conformance.Outcome.Status;

/**
 * A run over a suite folder: its files one after the other in this JVM, each on a fresh folder under {@code work}
 * (deleted after it unless kept) and within {@code timeout}: past it the file's statements are cancelled and it
 * fails naming the record it was on.
 */
public final class Conformance {

	private final Path suite;
	private final SessionFactory factory;
	private final CatalogKind kind;
	private final Duration timeout;
	private final Path work;
	private final boolean keep;
	private int n;

	public Conformance(Path suite, SessionFactory factory, CatalogKind kind, Duration timeout, Path work,
			boolean keep) {
		this.suite = suite.toAbsolutePath().normalize();
		this.factory = factory;
		this.kind = kind;
		this.timeout = timeout;
		this.work = work;
		this.keep = keep;
	}

	/**
	 * The test files named (relative to the suite folder, or absolute; a folder stands for the files under it),
	 * or all of the suite's when none is, as paths relative to the suite, sorted.
	 */
	public List<String> files(List<String> named) throws IOException {
		List<Path> roots = new ArrayList<>();
		if (named.isEmpty()) {
			roots.add(suite.resolve("test"));
		}
		for (String s : named) {
			Path p = suite.resolve(s).normalize();
			if (!Files.exists(p)) {
				throw new IOException("no such test file or folder: " + p);
			}
			roots.add(p);
		}
		List<String> out = new ArrayList<>();
		for (Path r : roots) {
			try (Stream<Path> s = Files.walk(r)) {
				s.filter(Files::isRegularFile).filter(Conformance::isTest).sorted()
						.forEach(p -> out.add(suite.relativize(p).toString().replace('\\', '/')));
			}
		}
		return out.stream().distinct().sorted().toList();
	}

	static boolean isTest(Path p) {
		String f = p.getFileName().toString();
		return f.endsWith(".test") || f.endsWith(".test_slow") || f.endsWith(".test_coverage");
	}

	public List<Outcome> run(List<String> files, Consumer<Outcome> each) {
		warmUp();
		List<Outcome> out = new ArrayList<>();
		for (String f : files) {
			Outcome o = run(f);
			out.add(o);
			each.accept(o);
		}
		return out;
	}

	/**
	 * One statement on a database of its own before the first file, outside any file's time: the engine's first
	 * start (DuckDB's library unpacked into its state folder) is no file's cost.
	 */
	private void warmUp() {
		Path dir = work.resolve("warm-up");
		try {
			Files.createDirectories(dir);
			try (SqlDatabase db = factory.open(dir, kind, null, false)) {
				db.connect().execute("SELECT 1");
			}
		} catch (IOException | SqlFailure | RuntimeException e) {
			// the first file then says what is wrong
		} finally {
			delete(dir);
		}
	}

	/** One file, bounded by the timeout. */
	public Outcome run(String file) {
		Path dir = work.resolve(String.format("%04d", ++n));
		FileRun r = new FileRun(suite.resolve(file), file, suite, dir, factory, kind);
		AtomicReference<Outcome> result = new AtomicReference<>();
		Thread t = new Thread(() -> result.set(r.run()), "conformance " + file);
		t.setDaemon(true);
		long t0 = System.nanoTime();
		t.start();
		try {
			t.join(timeout.toMillis());
			if (t.isAlive()) {
				String at = r.current;
				r.cancelAll();
				t.interrupt();
				t.join(10_000);
				String still = t.isAlive() ? " (its statement did not stop when cancelled; left running)" : "";
				result.set(new Outcome(file, Status.FAIL, "timed out after " + timeout.toSeconds() + " s at " + at
						+ still, (System.nanoTime() - t0) / 1_000_000, 0));
			}
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			result.set(new Outcome(file, Status.FAIL, "interrupted", 0, 0));
		}
		if (!keep && !t.isAlive()) {
			delete(dir);
		}
		return result.get();
	}

	static void delete(Path dir) {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> s = Files.walk(dir)) {
			s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		} catch (IOException e) {
			// a leftover temp folder is only disk space
		}
	}
}
