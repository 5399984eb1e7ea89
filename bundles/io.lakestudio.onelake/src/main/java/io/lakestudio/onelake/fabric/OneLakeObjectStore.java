package io.lakestudio.onelake.fabric;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.rest.Response;
import com.azure.core.util.Context;
import com.azure.storage.file.datalake.DataLakeFileClient;
import com.azure.storage.file.datalake.DataLakeFileSystemClient;
import com.azure.storage.file.datalake.DataLakeServiceClient;
import com.azure.storage.file.datalake.models.DataLakeRequestConditions;
import com.azure.storage.file.datalake.models.DownloadRetryOptions;
import com.azure.storage.file.datalake.models.FileRange;
import com.azure.storage.file.datalake.models.ListPathsOptions;
import com.azure.storage.file.datalake.models.PathItem;
import com.azure.storage.file.datalake.models.PathProperties;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.Paths;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * An {@link ObjectStore} in a OneLake folder over DFS. A write is whole: the bytes are created, appended and
 * flushed into a temp file under {@code .lakestudio-tmp/}, which is then renamed onto the object's path with the
 * write's condition on the destination ({@code If-None-Match: *} for if-absent, {@code If-Match} for if-match). A
 * rename is atomic on OneLake's hierarchical namespace, so a reader never sees a file still being appended to, and
 * a refused rename (412) leaves the object as it was. The temp file is deleted whenever the rename did not land.
 */
public final class OneLakeObjectStore implements ObjectStore {

	static final String TEMP = ".lakestudio-tmp";
	private static final DownloadRetryOptions NO_RETRY = new DownloadRetryOptions().setMaxRetryRequests(0);

	private final Supplier<DataLakeServiceClient> client;
	private final URI endpoint;
	private final Clock clock;
	private final String root;
	private final String workspace;
	private final String base;

	/** @param root {@code abfss://<workspace>@<host>/<item>/Files/...} or {@code <workspace>/<item>/Files/...} */
	OneLakeObjectStore(Supplier<DataLakeServiceClient> client, URI endpoint, Clock clock, String root) {
		this.client = client;
		this.endpoint = endpoint;
		this.clock = clock;
		this.root = root;
		String[] p = DfsStore.split(root);
		this.workspace = p[0];
		this.base = p[1].replaceAll("/+$", "");
		if (workspace.isEmpty() || !base.contains("/"))
			throw new IllegalArgumentException("not a folder inside a OneLake item: " + root);
	}

	@Override
	public String describe() {
		return "OneLake store " + root;
	}

	@Override
	public byte[] get(String path) throws StoreException {
		return read(path, null);
	}

	@Override
	public byte[] get(String path, long offset, int length) throws StoreException {
		if (offset < 0 || length < 0)
			throw new IllegalArgumentException("range " + offset + "+" + length);
		Optional<ObjectInfo> info = length == 0 ? head(path) : Optional.empty();
		if (length == 0)
			info.orElseThrow(() -> StoreException.notFound(path));
		return length == 0 ? new byte[0] : read(path, new FileRange(offset, (long) length));
	}

	private byte[] read(String path, FileRange range) throws StoreException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try {
			file(path).readWithResponse(out, range, NO_RETRY, null, false, null, Context.NONE);
		} catch (RuntimeException e) {
			if (range != null && status(e) == 416)
				return new byte[0]; // past the end: no bytes there, as every store answers
			if (status(e) != 404 && head(path).isEmpty())
				throw StoreException.notFound(path); // a folder (of objects) is no object
			throw failure("GET", path, e);
		}
		return out.toByteArray();
	}

	@Override
	public Optional<ObjectInfo> head(String path) throws StoreException {
		try {
			PathProperties p = file(path).getProperties();
			if (Boolean.TRUE.equals(p.isDirectory()))
				return Optional.empty();
			return Optional.of(new ObjectInfo(path, p.getFileSize(), p.getETag(), instant(p.getLastModified())));
		} catch (RuntimeException e) {
			if (status(e) == 404)
				return Optional.empty();
			throw failure("HEAD", path, e);
		}
	}

	@Override
	public List<ObjectInfo> list(String prefix) throws StoreException {
		int slash = prefix.lastIndexOf('/');
		String dir = slash < 0 ? base : base + "/" + prefix.substring(0, slash);
		List<ObjectInfo> out = new ArrayList<>();
		try {
			for (PathItem item : fs().listPaths(new ListPathsOptions().setPath(dir).setRecursive(true), null)) {
				if (item.isDirectory() || !item.getName().startsWith(base + "/"))
					continue;
				String name = item.getName().substring(base.length() + 1);
				if (!name.startsWith(TEMP + "/") && name.startsWith(prefix))
					out.add(new ObjectInfo(name, item.getContentLength(), item.getETag(),
							instant(item.getLastModified())));
			}
		} catch (RuntimeException e) {
			if (status(e) == 404)
				return List.of();
			throw failure("LIST", prefix, e);
		}
		out.sort(Comparator.comparing(ObjectInfo::path));
		return out;
	}

	@Override
	public String put(String path, byte[] bytes, WriteCondition condition) throws StoreException {
		String target = fsPath(path);
		DataLakeFileClient tmp = fs().getFileClient(base + "/" + TEMP + "/" + UUID.randomUUID());
		boolean landed = false;
		try {
			tmp.createWithResponse(null, null, null, null, new DataLakeRequestConditions().setIfNoneMatch("*"), null,
					Context.NONE);
			if (bytes.length > 0)
				tmp.append(new ByteArrayInputStream(bytes), 0, bytes.length);
			tmp.flush(bytes.length, true);
			DataLakeRequestConditions dest = switch (condition) {
			case WriteCondition.IfAbsent a -> new DataLakeRequestConditions().setIfNoneMatch("*");
			case WriteCondition.IfMatch m -> new DataLakeRequestConditions().setIfMatch(m.etag());
			case WriteCondition.Always a -> null;
			};
			Response<DataLakeFileClient> r = tmp.renameWithResponse(workspace, target, null, dest, null, Context.NONE);
			landed = true;
			String etag = r.getHeaders().getValue(HttpHeaderName.ETAG);
			return etag != null ? etag
					: head(path).map(ObjectInfo::etag).orElseThrow(() -> StoreException.notFound(path));
		} catch (RuntimeException e) {
			throw failure("PUT", path, e);
		} finally {
			if (!landed)
				try {
					tmp.deleteWithResponse(null, null, Context.NONE);
				} catch (RuntimeException e) {
					// not there (the create failed) or unreachable: a temp file is never listed as an object
				}
		}
	}

	@Override
	public void delete(String path) throws StoreException {
		try {
			file(path).deleteWithResponse(null, null, Context.NONE);
		} catch (RuntimeException e) {
			// not there, or a folder of objects (no object): nothing to delete
			if (status(e) != 404 && !(status(e) == 409 && "DirectoryNotEmpty".equals(code(e))))
				throw failure("DELETE", path, e);
		}
	}

	@Override
	public void delete(String path, String etag) throws StoreException {
		try {
			file(path).deleteWithResponse(new DataLakeRequestConditions().setIfMatch(etag), null, Context.NONE);
		} catch (RuntimeException e) {
			if (status(e) == 404)
				throw new PreconditionFailed(path, "not there");
			throw failure("DELETE", path, e);
		}
	}

	private DataLakeFileSystemClient fs() {
		return client.get().getFileSystemClient(workspace);
	}

	private String fsPath(String path) {
		if (Paths.check(path).equals(TEMP) || path.startsWith(TEMP + "/"))
			throw new IllegalArgumentException("not an object path of this store: " + path);
		return base + "/" + path;
	}

	private DataLakeFileClient file(String path) {
		return fs().getFileClient(fsPath(path));
	}

	private static int status(RuntimeException e) {
		for (Throwable c = e; c != null; c = c.getCause())
			if (c instanceof HttpResponseException h && h.getResponse() != null)
				return h.getResponse().getStatusCode();
		return 0;
	}

	private static String code(RuntimeException e) {
		for (Throwable c = e; c != null; c = c.getCause())
			if (c instanceof HttpResponseException h && h.getResponse() != null)
				return h.getResponse().getHeaderValue("x-ms-error-code");
		return null;
	}

	/** 412, or 409 PathAlreadyExists (what storage answers a create's If-None-Match: * with), as PreconditionFailed. */
	private StoreException failure(String what, String path, RuntimeException e) {
		int status = status(e);
		if (status == 412 || (status == 409 && "PathAlreadyExists".equals(code(e))))
			return new PreconditionFailed(path, "condition not met (" + status + ")");
		if (status == 404)
			return StoreException.notFound(path);
		LakeException l = DfsFailures.of(what + " " + path, endpoint, e, clock);
		StoreException.Kind kind = switch (l.kind()) {
		case NOT_FOUND -> StoreException.Kind.NOT_FOUND;
		case UNAUTHORIZED -> status == 403 ? StoreException.Kind.FORBIDDEN : StoreException.Kind.UNAUTHORIZED;
		case THROTTLED, UNAVAILABLE, OFFLINE -> StoreException.Kind.UNAVAILABLE;
		case MALFORMED -> StoreException.Kind.DAMAGED;
		case FAILED -> StoreException.Kind.IO;
		};
		return new StoreException(kind, path, l.getMessage(), l);
	}

	private static java.time.Instant instant(OffsetDateTime t) {
		return t == null ? null : t.toInstant();
	}
}
