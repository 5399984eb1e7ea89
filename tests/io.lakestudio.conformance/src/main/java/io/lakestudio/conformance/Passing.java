package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lakestudio.conformance.Outcome.Status;

/**
 * The list of files that must pass (one path relative to the suite folder per line, {@code #} comments): a listed
 * file that didn't pass in a run is a regression.
 */
final class Passing {

	private Passing() {
	}

	static Set<String> read(Path list) throws IOException {
		Set<String> out = new LinkedHashSet<>();
		for (String l : Files.readAllLines(list)) {
			String s = l.strip();
			if (!s.isEmpty() && !s.startsWith("#")) {
				out.add(s);
			}
		}
		return out;
	}

	/** Each listed file that didn't pass, and how it went instead. */
	static List<String> regressions(Set<String> listed, List<Outcome> outcomes) {
		Map<String, Outcome> by = outcomes.stream().collect(Collectors.toMap(Outcome::file, Function.identity()));
		List<String> out = new ArrayList<>();
		for (String f : listed) {
			Outcome o = by.get(f);
			if (o == null) {
				out.add(f + ": not run (not in the suite folder?)");
			} else if (o.status() != Status.PASS) {
				out.add(f + ": " + o.status() + " " + o.detail().lines().findFirst().orElse(""));
			}
		}
		return out;
	}

	/** The files that passed, for {@code --write-passing}: the header kept, the list rewritten sorted. */
	static void write(Path list, List<Outcome> outcomes) throws IOException {
		List<String> lines = new ArrayList<>();
		if (Files.exists(list)) {
			for (String l : Files.readAllLines(list)) {
				if (!l.startsWith("#")) {
					break;
				}
				lines.add(l);
			}
		}
		outcomes.stream().filter(o -> o.status() == Status.PASS).map(Outcome::file).sorted().forEach(lines::add);
		Files.write(list, lines);
	}
}
