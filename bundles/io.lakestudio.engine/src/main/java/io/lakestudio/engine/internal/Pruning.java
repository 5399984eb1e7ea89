package io.lakestudio.engine.internal;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.delta.ScanFile;

/** Choosing a statement's files from the log's stats before any byte is fetched. */
public final class Pruning {

	private Pruning() {
	}

	/**
	 * For a plain {@code LIMIT n}: the first files whose live rows (numRecords less the deletion vector's
	 * cardinality) add up to n. A file without numRecords makes the count unknown: then all files.
	 */
	public static List<ScanFile> forLimit(List<ScanFile> files, int limit) {
		List<ScanFile> out = new ArrayList<>();
		long rows = 0;
		for (ScanFile f : files) {
			if (rows >= limit && !out.isEmpty()) {
				return out;
			}
			if (f.numRecords() == null) {
				return files;
			}
			out.add(f);
			rows += f.numRecords() - (f.dv() == null ? 0 : f.dv().cardinality());
		}
		return out;
	}
}
