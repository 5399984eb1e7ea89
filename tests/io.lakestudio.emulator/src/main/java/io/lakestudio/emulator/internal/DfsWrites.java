package io.lakestudio.emulator.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * DFS writes as azure-storage-file-datalake sends them: {@code PUT ?resource=file|directory} (create),
 * {@code PATCH ?action=append&position=n} (staged, unseen until flushed), {@code PATCH ?action=flush&position=n},
 * {@code PUT} with {@code x-ms-rename-source} (an atomic rename), {@code DELETE}. Each honours {@code If-Match} and
 * {@code If-None-Match} (an etag or {@code *}) on its target and answers 412 ConditionNotMet when they don't hold,
 * having changed nothing. Every write makes a new file with an mtime past the old one, so its etag is new.
 */
final class DfsWrites {

	private final Map<Path, ByteArrayOutputStream> staged = new HashMap<>();

	/**
	 * @param file    the target, resolved inside an item
	 * @param header  the request's headers by name
	 * @param source  resolves a rename source ({@code /workspace/item/path}) to its file, or null
	 */
	synchronized Answer handle(String method, Path file, Query q, UnaryOperator<String> header, byte[] body,
			Function<String, Path> source) throws IOException {
		Answer refused = conditions(file, header);
		if (refused != null)
			return refused;
		if ("DELETE".equals(method))
			return delete(file, Boolean.parseBoolean(q.get("recursive", "false")));
		if ("PUT".equals(method) && header.apply("x-ms-rename-source") != null) {
			String raw = header.apply("x-ms-rename-source").split("\\?", 2)[0];
			Path from = source.apply(URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8));
			if (from == null || !Files.isRegularFile(from))
				return Answer.dfsError(404, "SourcePathNotFound",
						"The source path for a rename operation does not exist.");
			Files.createDirectories(file.getParent());
			Instant old = Files.exists(file) ? Files.getLastModifiedTime(file).toInstant() : null;
			stamp(from, old);
			Files.move(from, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			staged.remove(from);
			return written(201, file);
		}
		if ("PUT".equals(method) && "directory".equals(q.get("resource"))) {
			Files.createDirectories(file);
			return written(201, file);
		}
		if ("PUT".equals(method) && "file".equals(q.get("resource"))) {
			replace(file, new byte[0]);
			staged.remove(file);
			return written(201, file);
		}
		if ("PATCH".equals(method) && "append".equals(q.get("action"))) {
			if (!Files.isRegularFile(file))
				return Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
			ByteArrayOutputStream s = staged.computeIfAbsent(file, f -> new ByteArrayOutputStream());
			if (Long.parseLong(q.get("position", "-1")) != Files.size(file) + s.size())
				return Answer.dfsError(400, "InvalidFlushPosition", "The uploaded data is not contiguous.");
			s.write(body);
			return new Answer(202, new java.util.LinkedHashMap<>(), null);
		}
		if ("PATCH".equals(method) && "flush".equals(q.get("action"))) {
			if (!Files.isRegularFile(file))
				return Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
			ByteArrayOutputStream s = staged.remove(file);
			byte[] now = Files.readAllBytes(file);
			byte[] add = s == null ? new byte[0] : s.toByteArray();
			if (Long.parseLong(q.get("position", "-1")) != now.length + add.length)
				return Answer.dfsError(400, "InvalidFlushPosition", "The position is not the data's length.");
			byte[] all = new byte[now.length + add.length];
			System.arraycopy(now, 0, all, 0, now.length);
			System.arraycopy(add, 0, all, now.length, add.length);
			replace(file, all);
			return written(200, file);
		}
		return Answer.dfsError(400, "UnsupportedOperation", method + " " + q + " is not emulated.");
	}

	/** If-Match / If-None-Match against the target as it is now; null when they hold. */
	private static Answer conditions(Path file, UnaryOperator<String> header) throws IOException {
		// an etag matches quoted or not, as storage takes it (the SDK hands etags out unquoted)
		String match = unquoted(header.apply("If-Match"));
		String noneMatch = unquoted(header.apply("If-None-Match"));
		String now = Files.exists(file) ? unquoted(DfsApi.etag(file)) : null;
		boolean ok = (match == null || (now != null && (match.equals("*") || match.equals(now))))
				&& (noneMatch == null || (now == null ? true : !(noneMatch.equals("*") || noneMatch.equals(now))));
		return ok ? null
				: Answer.dfsError(412, "ConditionNotMet",
						"The condition specified using HTTP conditional header(s) is not met.");
	}

	private static String unquoted(String etag) {
		return etag != null && etag.length() > 1 && etag.startsWith("\"") && etag.endsWith("\"")
				? etag.substring(1, etag.length() - 1) : etag;
	}

	private static Answer delete(Path file, boolean recursive) throws IOException {
		if (!Files.exists(file))
			return Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
		if (Files.isDirectory(file)) {
			try (Stream<Path> s = Files.list(file)) {
				if (!recursive && s.findAny().isPresent())
					return Answer.dfsError(409, "DirectoryNotEmpty",
							"The recursive query parameter value must be true.");
			}
			try (Stream<Path> s = Files.walk(file)) {
				for (Path p : s.sorted(Comparator.reverseOrder()).toList())
					Files.delete(p);
			}
		} else {
			Files.delete(file);
		}
		return new Answer(200, new java.util.LinkedHashMap<>(), null);
	}

	/** The file's new bytes as a new file moved over it. */
	private static void replace(Path file, byte[] bytes) throws IOException {
		Files.createDirectories(file.getParent());
		Path tmp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".emu");
		Files.write(tmp, bytes);
		stamp(tmp, Files.exists(file) ? Files.getLastModifiedTime(file).toInstant() : null);
		Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
	}

	private static void stamp(Path f, Instant replaced) throws IOException {
		Instant now = Instant.now();
		if (replaced != null && !now.isAfter(replaced))
			now = replaced.plusNanos(1000);
		Files.setLastModifiedTime(f, FileTime.from(now));
	}

	private static Answer written(int status, Path file) throws IOException {
		return new Answer(status, new java.util.LinkedHashMap<>(), null).header("ETag", DfsApi.etag(file))
				.header("Last-Modified", DfsApi.lastModified(file)).header("x-ms-request-server-encrypted", "false");
	}
}
