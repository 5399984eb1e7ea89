package io.lakestudio.delta;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import io.lakestudio.delta.internal.Kernel;
import io.lakestudio.delta.internal.Reader;
import io.lakestudio.delta.internal.Writer;

/**
 * Reading and writing Delta logs of local tables with Delta Kernel. The only exported API of this bundle: Kernel,
 * Hadoop and Parquet are embedded under {@code lib/} and never appear in a signature. All methods are thread-safe.
 */
public final class DeltaTables {

	private DeltaTables() {
	}

	/** The latest snapshot. */
	public static DeltaSnapshot snapshot(Path tableRoot) throws DeltaException {
		return snapshot(tableRoot, OptionalLong.empty());
	}

	/** The snapshot at {@code version}; fails when the log no longer (or not yet) has it. */
	public static DeltaSnapshot snapshot(Path tableRoot, long version) throws DeltaException {
		return snapshot(tableRoot, OptionalLong.of(version));
	}

	private static DeltaSnapshot snapshot(Path tableRoot, OptionalLong version) throws DeltaException {
		Kernel.requireLog(tableRoot);
		return Kernel.call(tableRoot, what(version), e -> Reader.summarize(e, tableRoot, version));
	}

	/** The live data files of the latest snapshot, or of {@code version}. */
	public static List<ScanFile> scanFiles(Path tableRoot, OptionalLong version) throws DeltaException {
		Kernel.requireLog(tableRoot);
		return Kernel.call(tableRoot, what(version),
				e -> List.copyOf(Reader.scanFiles(e, Reader.load(e, tableRoot, version), tableRoot)));
	}

	/**
	 * The snapshot, its schema and its live files in one pass: the latest ({@code version} empty,
	 * {@code asOfMillis} null), at a version, or the last commit at or before a time (Kernel takes commit times
	 * from in-commit timestamps, else the commit files' modification times, which a mirror must keep).
	 */
	public static DeltaScan scan(Path tableRoot, OptionalLong version, Long asOfMillis) throws DeltaException {
		Kernel.requireLog(tableRoot);
		String what = asOfMillis != null ? "cannot read the version as of " + java.time.Instant.ofEpochMilli(asOfMillis)
				+ " of" : what(version);
		return Kernel.call(tableRoot, what, e -> Reader.scan(e, tableRoot, version, asOfMillis));
	}

	/**
	 * Where a deletion vector's file is: relative to the table root for a {@code u} descriptor, an absolute path
	 * for {@code p}, null for an inline one.
	 */
	public static String dvFile(DvDescriptor dv) throws DeltaException {
		return Kernel.call(Path.of("."), "bad deletion vector " + dv.pathOrInlineDv() + " in", e -> Reader.dvFile(dv));
	}

	/**
	 * The 0-based row positions a deletion vector deletes from its data file, ascending. {@code dataRoot} is
	 * where the table's files are (relative DVs sit in the table root, not in {@code _delta_log/}).
	 */
	public static long[] deletedRows(Path dataRoot, DvDescriptor dv) throws DeltaException {
		return Kernel.call(dataRoot, "cannot read deletion vector " + dv.pathOrInlineDv() + " of",
				e -> Reader.deletedRows(e, dataRoot, dv));
	}

	/**
	 * Creates a table (version 0, no files). Column types are primitive Delta type names ({@code long},
	 * {@code string}, {@code decimal(10,2)}, {@code date}, {@code timestamp}...). Column mapping is not supported.
	 *
	 * @return the committed version (0)
	 */
	public static long create(Path tableRoot, List<DeltaColumn> columns, List<String> partitionColumns,
			Map<String, String> properties) throws DeltaException {
		return Kernel.call(tableRoot, "cannot create",
				e -> Writer.create(e, tableRoot, columns, partitionColumns, properties));
	}

	/**
	 * Commits Parquet files the caller has already written inside the table folder, as one blind append.
	 *
	 * @return the committed version
	 */
	public static long append(Path tableRoot, List<DataFile> files) throws DeltaException {
		Kernel.requireLog(tableRoot);
		return Kernel.call(tableRoot, "cannot append to", e -> Writer.append(e, tableRoot, files));
	}

	private static String what(OptionalLong version) {
		return version.isPresent() ? "cannot read version " + version.getAsLong() + " of" : "broken _delta_log at";
	}
}
