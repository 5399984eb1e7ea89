package io.lakestudio.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The test Secret Service starts wherever the build happens to live. */
@Timeout(60)
class SecretServiceTest {

	@TempDir
	Path dir;

	/**
	 * CI once built in a folder where the keyring's control socket, {@code $HOME/.cache/keyring-XXXXXX/control}, was
	 * 114 bytes long: cut to the 107 a socket name may have, it named the folder itself and the daemon never took the
	 * bus name. Every depth of HOME from short to past that must start.
	 */
	@Test
	void startsBelowFoldersOfAnyDepth() throws Exception {
		var missing = SecretService.missing();
		if (missing.isPresent()) {
			if ("true".equalsIgnoreCase(System.getenv("CI"))) {
				fail(missing.get() + ": CI must run the keyring tests (.ci/run installs them)");
			}
			Assumptions.abort(missing.get());
		}
		for (int length : List.of(84, 85, 100)) {
			Path home = ofLength(dir, length);
			try (SecretService s = SecretService.start(home)) {
				assertEquals(List.of(), s.items(Map.of("lakestudio.test", "none")), home::toString);
			}
		}
	}

	/** A folder below {@code base} whose path is {@code length} characters long. */
	private static Path ofLength(Path base, int length) {
		StringBuilder b = new StringBuilder(base.toString());
		Assumptions.assumeTrue(b.length() + 2 <= length, "the temporary folder is already deeper than " + length);
		while (length - b.length() > 41) {
			b.append('/').append("d".repeat(40));
		}
		b.append('/').append("k".repeat(length - b.length() - 1));
		return Path.of(b.toString());
	}
}
