package io.lakestudio.iceberg.internal;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.apache.iceberg.Files;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

import io.lakestudio.iceberg.TableFiles;

/**
 * Read-only, Hadoop-free FileIO over a table's mirrored metadata: an absolute lake path under the table's location
 * (as metadata.json, manifest lists and manifests write them: {@code s3://…}, {@code abfss://…}) is answered from
 * {@link TableFiles}; a local path as itself.
 */
public final class MirrorFileIO implements FileIO {

	private static final long serialVersionUID = 1L;

	private final transient TableFiles files;
	private String location;

	public MirrorFileIO(TableFiles files) {
		this.files = files;
	}

	/** The table's location, from its metadata.json: every path below it is the table's. */
	public void location(String l) {
		this.location = l;
	}

	@Override
	public InputFile newInputFile(String path) {
		if (location == null) {
			return Files.localInput(new File(path)); // the mirrored metadata.json itself
		}
		try {
			return Files.localInput(files.local(relative(location, path)).toFile());
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	@Override
	public OutputFile newOutputFile(String path) {
		throw new UnsupportedOperationException("the lake is read-only here: " + path);
	}

	@Override
	public void deleteFile(String path) {
		throw new UnsupportedOperationException("the lake is read-only here: " + path);
	}

	/**
	 * {@code path} relative to the table's {@code location}. A path written with another spelling of the same
	 * location (s3 vs s3a, another host name for the same store) matches by the part after the host.
	 */
	public static String relative(String location, String path) throws IOException {
		String loc = strip(location);
		if (path.startsWith(loc + "/")) {
			return path.substring(loc.length() + 1);
		}
		String lp = afterHost(loc);
		String pp = afterHost(path);
		if (lp != null && pp != null && pp.startsWith(lp + "/")) {
			return pp.substring(lp.length() + 1);
		}
		throw new IOException(path + " is outside the table's location " + location + ": not read so far");
	}

	private static String afterHost(String uri) {
		int scheme = uri.indexOf("://");
		if (scheme < 0) {
			return null;
		}
		int slash = uri.indexOf('/', scheme + 3);
		return slash < 0 ? "" : uri.substring(slash);
	}

	private static String strip(String l) {
		return l.endsWith("/") ? l.substring(0, l.length() - 1) : l;
	}
}
