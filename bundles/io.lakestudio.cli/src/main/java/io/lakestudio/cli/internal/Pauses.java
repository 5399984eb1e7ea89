package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The pause OneLake asked for (a 429's Retry-After, or a minute after a 503 or no answer), kept beside the catalog
 * so the next command line process honours it too; the sync worker keeps its own in memory.
 */
final class Pauses {

	private final Path file;

	Pauses(Path home, String account) {
		this.file = home.resolve("pause-" + account.replaceAll("[^A-Za-z0-9._@-]", "_"));
	}

	/** When the pause ends, or null when there is none now. */
	Instant until(Instant now) {
		try {
			Instant until = Instant.parse(Files.readString(file).strip());
			return until.isAfter(now) ? until : null;
		} catch (IOException | DateTimeParseException e) {
			return null;
		}
	}

	void pause(Instant until) {
		try {
			Path tmp = Files.createTempFile(file.getParent(), "pause", ".tmp");
			Files.writeString(tmp, until.toString());
			Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
					java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		} catch (IOException e) {
			// the in-memory pause still holds for this process; the next one may ask once more
		}
	}

	static String seconds(Duration d) {
		return Math.max(1, (d.toMillis() + 999) / 1000) + " s";
	}
}
