package io.lakestudio.ui.logs;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.lakestudio.catalog.Secrets;

/**
 * Follows a log file by position: each {@link #read()} returns the whole lines appended since the last one. A file
 * that got shorter was rolled over, so reading starts again from its beginning. The first read starts at most
 * {@code backlog} bytes before the end, at a line boundary. Credential shapes are masked (see {@link Secrets}).
 */
public final class LogTail {

	private final Path file;
	private final long backlog;
	private long position = -1;

	public LogTail(Path file, long backlog) {
		this.file = file;
		this.backlog = backlog;
	}

	public Path file() {
		return file;
	}

	/** New complete lines, each ending in a newline; "" when nothing was appended. */
	public String read() throws IOException {
		if (!Files.exists(file)) {
			position = 0;
			return "";
		}
		try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
			long size = f.length();
			boolean first = position < 0;
			if (first) {
				position = Math.max(0, size - backlog);
			} else if (size < position) {
				position = 0; // rolled over
			}
			if (size == position) {
				return "";
			}
			byte[] bytes = new byte[(int) Math.min(size - position, 1 << 20)];
			f.seek(position);
			f.readFully(bytes);
			int start = 0;
			if (first && position > 0) {
				while (start < bytes.length && bytes[start] != '\n') {
					start++; // skip the partial line the backlog cut into
				}
				start++;
			}
			int end = bytes.length;
			while (end > start && bytes[end - 1] != '\n') {
				end--; // a line still being written waits for the next read
			}
			if (end <= start) {
				position += start > bytes.length ? bytes.length : start;
				return "";
			}
			position += end;
			// masked here too: a line may have been written unmasked (an earlier version, another writer)
			return Secrets.mask(new String(bytes, start, end - start, StandardCharsets.UTF_8));
		}
	}
}
