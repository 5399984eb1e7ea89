package io.lakestudio.emulator.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import io.lakestudio.emulator.FolderTenant;
import io.lakestudio.emulator.FolderTenant.It;
import io.lakestudio.emulator.FolderTenant.Ws;

/**
 * OneLake's DFS endpoint over the folder tenant: {@code GET /{workspace}?resource=filesystem&directory=..} lists
 * paths as {@code {"paths":[...]}} with {@code isDirectory}/{@code contentLength} as strings and the next page in
 * {@code x-ms-continuation}; {@code HEAD} and ranged {@code GET} of a file. The workspace and item may be given by
 * id or by name ({@code Sales.Lakehouse}), and listed names use the form the request used. Writes go to
 * {@link DfsWrites}.
 */
public final class DfsApi {

	private static final DateTimeFormatter RFC1123 = DateTimeFormatter.RFC_1123_DATE_TIME;

	private static final java.util.Set<String> WRITES = java.util.Set.of("PUT", "PATCH", "DELETE");

	private final FolderTenant tenant;
	private final DfsWrites writes = new DfsWrites();
	public volatile int pageSize = 5000;

	public DfsApi(FolderTenant tenant) {
		this.tenant = tenant;
	}

	private record Target(Path file, String itemSegment, String rest) {
	}

	public Answer handle(String method, String rawPath, Query q, String range) throws IOException {
		return handle(method, rawPath, q, range, h -> null, new byte[0]);
	}

	/** As above, with the request's headers and body for writes ({@link DfsWrites}). */
	public Answer handle(String method, String rawPath, Query q, String range, UnaryOperator<String> header,
			byte[] body) throws IOException {
		// a URL path is percent-encoded only: '+' is a plus, as Azure Storage reads it (form decoding made it a space)
		String path = URLDecoder.decode(rawPath.replace("+", "%2B"), StandardCharsets.UTF_8);
		String[] s = path.substring(1).split("/", 2);
		Optional<Ws> ws = tenant.workspace(s[0]);
		if (ws.isEmpty()) {
			return Answer.dfsError(404, "FilesystemNotFound", "The specified filesystem does not exist.");
		}
		if ("GET".equals(method) && "filesystem".equals(q.get("resource"))) {
			Target t = resolve(ws.get(), q.get("directory", ""));
			if (t == null || !Files.isDirectory(t.file())) {
				return Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
			}
			return list(t, Boolean.parseBoolean(q.get("recursive", "false")), q);
		}
		Target t = s.length > 1 ? resolve(ws.get(), s[1]) : null;
		if (t != null && WRITES.contains(method)) {
			return writes.handle(method, t.file(), q, header, body, this::file);
		}
		if (t == null || !Files.exists(t.file())) {
			return Answer.dfsError(404, "PathNotFound", "The specified path does not exist.");
		}
		boolean dir = Files.isDirectory(t.file());
		long size = dir ? 0 : Files.size(t.file());
		if ("HEAD".equals(method)) {
			// as OneLake answers the SDK's getProperties (a blob HEAD): a folder is a blob with hdi_isfolder
			Map<String, String> h = new LinkedHashMap<>(Map.of("Content-Length", Long.toString(size), "Last-Modified",
					lastModified(t.file()), "ETag", etag(t.file()), "x-ms-resource-type", dir ? "directory" : "file",
					"x-ms-blob-type", "BlockBlob", "Content-Type", "application/octet-stream"));
			if (dir) {
				h.put("x-ms-meta-hdi_isfolder", "true");
			}
			return new Answer(200, h, null);
		}
		if ("GET".equals(method) && !dir) {
			return read(t.file(), size, range);
		}
		return Answer.dfsError(400, "UnsupportedOperation", "Only reads are emulated.");
	}

	/** The whole file (200), or the {@code Range: bytes=a-b} asked for (206 with Content-Range). */
	private Answer read(Path file, long size, String range) throws IOException {
		long a = 0;
		long b = size - 1;
		int status = 200;
		if (range != null && range.startsWith("bytes=")) {
			String[] r = range.substring(6).split("-", 2);
			a = Long.parseLong(r[0]);
			if (!r[1].isEmpty()) {
				b = Math.min(b, Long.parseLong(r[1]));
			}
			if (a >= size) {
				return Answer.dfsError(416, "InvalidRange", "The range specified is invalid for the current size.")
						.header("Content-Range", "bytes */" + size);
			}
			status = 206;
		}
		byte[] buf = new byte[(int) Math.max(0, b - a + 1)];
		try (RandomAccessFile raf = open(file)) {
			raf.seek(a);
			raf.readFully(buf);
		}
		Answer ans = Answer.bytes(status, buf).header("Last-Modified", lastModified(file)).header("ETag", etag(file))
				.header("Accept-Ranges", "bytes");
		return status == 206 ? ans.header("Content-Range", "bytes " + a + "-" + b + "/" + size) : ans;
	}

	/** {@code /workspace/item/rest} (a rename's source) as a file, or null. */
	private Path file(String path) {
		String[] s = path.substring(path.startsWith("/") ? 1 : 0).split("/", 2);
		Optional<Ws> ws = tenant.workspace(s[0]);
		Target t = ws.isEmpty() || s.length < 2 ? null : resolve(ws.get(), s[1]);
		return t == null ? null : t.file();
	}

	/** {@code item/rest}: the item by id or {@code name.Type}, the rest a path inside it. */
	private Target resolve(Ws ws, String dir) {
		String[] p = dir.split("/", 2);
		if (p[0].isEmpty()) {
			return null;
		}
		Optional<It> item = tenant.item(ws, p[0]);
		if (item.isEmpty()) {
			return null;
		}
		String rest = p.length > 1 ? p[1] : "";
		Path file = rest.isEmpty() ? item.get().dir() : item.get().dir().resolve(rest).normalize();
		return file.startsWith(item.get().dir()) ? new Target(file, p[0], rest) : null;
	}

	private Answer list(Target t, boolean recursive, Query q) throws IOException {
		List<Path> found;
		try (Stream<Path> s = recursive ? Files.walk(t.file()).skip(1) : Files.list(t.file())) {
			// an emulated write's temp file is never an entry
			found = s.filter(p -> !p.getFileName().toString().endsWith(".emu")).sorted().toList();
		}
		int size = Math.min(pageSize, Math.max(1, q.number("maxResults", 5000)));
		Page<Path> page;
		try {
			page = Page.of(found, q.get("continuation"), size);
		} catch (IllegalArgumentException e) {
			return Answer.dfsError(400, "InvalidQueryParameterValue", "The continuation is not valid.");
		}
		Path itemDir = t.file();
		for (int i = t.rest().isEmpty() ? 0 : Path.of(t.rest()).getNameCount(); i > 0; i--) {
			itemDir = itemDir.getParent();
		}
		List<Map<String, Object>> paths = new ArrayList<>();
		for (Path p : page.rows()) {
			boolean dir = Files.isDirectory(p);
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("name", t.itemSegment() + "/" + itemDir.relativize(p).toString().replace('\\', '/'));
			if (dir) {
				m.put("isDirectory", "true");
			}
			m.put("contentLength", dir ? "0" : Long.toString(Files.size(p)));
			m.put("lastModified", lastModified(p));
			String etag = etag(p);
			m.put("etag", etag.substring(1, etag.length() - 1)); // a listing's etags are unquoted, as storage's
			m.put("owner", "$superuser");
			m.put("group", "$superuser");
			m.put("permissions", "rwxr-x---");
			paths.add(m);
		}
		Answer a = Answer.json(200, Map.of("paths", paths));
		return page.next() == null ? a : a.header("x-ms-continuation", page.next());
	}

	static String lastModified(Path p) throws IOException {
		return RFC1123.format(Files.getLastModifiedTime(p).toInstant().atZone(ZoneOffset.UTC));
	}

	/** From the file's inode, mtime (ns) and size: every emulated write makes a new file with a later mtime. */
	static String etag(Path p) throws IOException {
		java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(p,
				java.nio.file.attribute.BasicFileAttributes.class);
		java.time.Instant t = a.lastModifiedTime().toInstant();
		long h = java.util.Objects.hash(a.fileKey(), t.getEpochSecond(), t.getNano(), a.size());
		return "\"0x" + Long.toHexString(t.getEpochSecond() * 1_000_000_000L + t.getNano())
				+ Long.toHexString(h & 0xffffffffL) + "\"";
	}

	static RandomAccessFile open(Path f) throws IOException {
		return new RandomAccessFile(f.toFile(), "r");
	}
}
