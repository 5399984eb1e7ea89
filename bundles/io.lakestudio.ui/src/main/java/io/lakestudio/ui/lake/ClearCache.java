package io.lakestudio.ui.lake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Clear Cached OneLake Data: the catalog files (with their WAL and shared-memory files), {@code mirror/} and
 * {@code cache/} in the state folder. Settings, logs and the user's SQL files stay: they are not lake data.
 */
public final class ClearCache {

	private ClearCache() {
	}

	/** What clearing would delete, as it is on disk now. */
	public static List<Path> targets(Path home) throws IOException {
		List<Path> out = new ArrayList<>();
		if (Files.isDirectory(home)) {
			try (Stream<Path> s = Files.list(home)) {
				s.filter(p -> p.getFileName().toString().matches("catalog-.*\\.sqlite(-wal|-shm|-journal)?"))
						.sorted().forEach(out::add);
			}
		}
		for (String dir : new String[] { "mirror", "cache" }) {
			if (Files.exists(home.resolve(dir))) {
				out.add(home.resolve(dir));
			}
		}
		return out;
	}

	/** Deletes them; returns what was deleted. */
	public static List<Path> delete(Path home) throws IOException {
		List<Path> targets = targets(home);
		for (Path p : targets) {
			deleteTree(p);
		}
		return targets;
	}

	private static void deleteTree(Path root) throws IOException {
		if (!Files.isDirectory(root)) {
			Files.deleteIfExists(root);
			return;
		}
		try (Stream<Path> s = Files.walk(root)) {
			for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(p);
			}
		}
	}
}
