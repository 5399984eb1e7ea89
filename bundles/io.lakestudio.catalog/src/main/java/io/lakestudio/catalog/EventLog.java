package io.lakestudio.catalog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * The state folder's log, {@code logs/lakestudio.log}: lake requests, sync events, warm reads. One line per event,
 * appended whole so processes can share it; rolled over to {@code lakestudio.log.1} past a few megabytes.
 * Callers never pass a token; {@link #line} also masks anything shaped like one (see {@link Secrets}).
 */
public final class EventLog {

	private static final long ROLL_BYTES = 4L << 20;

	private final Path file;
	private boolean restricted;

	public EventLog(Path home) {
		this.file = home.resolve("logs").resolve("lakestudio.log");
	}

	public Path file() {
		return file;
	}

	public synchronized void log(String category, String message) {
		try {
			if (!Files.isDirectory(file.getParent())) {
				StateFolder.ensure(file.getParent().getParent());
				StateFolder.folder(file.getParent());
			}
			if (Files.exists(file) && Files.size(file) > ROLL_BYTES) {
				Files.move(file, file.resolveSibling("lakestudio.log.1"), StandardCopyOption.REPLACE_EXISTING);
			}
			if (!restricted) {
				StateFolder.restrict(file); // one a version before made with the umask's mode
				restricted = true;
			}
			if (!Files.exists(file)) {
				try {
					Files.createFile(file, StateFolder.privateFile(file.getParent())); // 0600, whatever the umask
				} catch (java.nio.file.FileAlreadyExistsException e) {
					// another process's line came first
				}
			}
			Files.writeString(file, line(Instant.now(), category, message), StandardCharsets.UTF_8,
					StandardOpenOption.APPEND);
		} catch (IOException | CatalogException e) {
			// a log that can't be written must not stop the work it describes
		}
	}

	static String line(Instant at, String category, String message) {
		String safe = Secrets.mask(message).replace('\n', ' ');
		return at + " " + category + " " + safe + "\n";
	}

	/** The last {@code n} lines (the rolled file first when the current one is short). */
	public List<String> tail(int n) {
		try {
			List<String> lines = new java.util.ArrayList<>();
			Path old = file.resolveSibling("lakestudio.log.1");
			if (Files.exists(old)) {
				lines.addAll(Files.readAllLines(old, StandardCharsets.UTF_8));
			}
			if (Files.exists(file)) {
				lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
			}
			return lines.subList(Math.max(0, lines.size() - n), lines.size());
		} catch (IOException e) {
			throw new CatalogException("Cannot read the log " + file + ": " + e.getMessage(), e);
		}
	}
}
