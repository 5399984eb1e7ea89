package io.lakestudio.delta.internal;

import java.io.BufferedReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.delta.kernel.Snapshot;
import io.delta.kernel.SnapshotBuilder;
import io.delta.kernel.TableManager;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.actions.DeletionVectorDescriptor;
import io.delta.kernel.internal.deletionvectors.DeletionVectorUtils;
import io.delta.kernel.types.StructField;
import io.delta.kernel.utils.CloseableIterator;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaException;
import io.lakestudio.delta.DeltaScan;
import io.lakestudio.delta.DeltaSnapshot;
import io.lakestudio.delta.DvDescriptor;
import io.lakestudio.delta.ScanFile;

/** Snapshot loading and scan-file listing on Kernel; only JDK types and our records leave this class. */
public final class Reader {

	private static final ObjectMapper JSON = new ObjectMapper();
	private static final String PHYSICAL_NAME = "delta.columnMapping.physicalName";

	private Reader() {
	}

	public static Snapshot load(Engine e, Path table, OptionalLong version) {
		SnapshotBuilder b = TableManager.loadSnapshot(Kernel.kernelPath(table));
		if (version.isPresent()) {
			b = b.atVersion(version.getAsLong());
		}
		return b.build(e);
	}

	public static DeltaSnapshot summarize(Engine e, Path table, OptionalLong version) throws Exception {
		Snapshot snap = load(e, table, version);
		return summarize(e, table, snap, scanFiles(e, snap, table));
	}

	public static DeltaScan scan(Engine e, Path table, OptionalLong version, Long asOfMillis) throws Exception {
		Snapshot snap;
		if (asOfMillis != null) {
			Snapshot latest = load(e, table, OptionalLong.empty());
			snap = TableManager.loadSnapshot(Kernel.kernelPath(table)).atTimestamp(asOfMillis, latest).build(e);
		} else {
			snap = load(e, table, version);
		}
		List<ScanFile> files = scanFiles(e, snap, table);
		return new DeltaScan(summarize(e, table, snap, files), snap.getSchema().toJson(), List.copyOf(files));
	}

	/** The DV's file: Kernel resolves it against a table root; we want it relative, so give it a known one. */
	public static String dvFile(DvDescriptor dv) {
		if ("i".equals(dv.storageType())) {
			return null;
		}
		DeletionVectorDescriptor d = new DeletionVectorDescriptor(dv.storageType(), dv.pathOrInlineDv(),
				Optional.ofNullable(dv.offset()), dv.sizeInBytes(), dv.cardinality());
		String root = "/lakestudio-table-root";
		String abs = d.getAbsolutePath(root);
		if (abs.startsWith("file:")) {
			abs = URI.create(abs).getPath();
		}
		return abs.startsWith(root + "/") ? abs.substring(root.length() + 1) : abs;
	}

	private static DeltaSnapshot summarize(Engine e, Path table, Snapshot snap, List<ScanFile> files) {
		long size = 0;
		Long records = 0L;
		for (ScanFile f : files) {
			size += f.size();
			if (records != null && f.numRecords() != null) {
				records += f.numRecords() - (f.dv() == null ? 0 : f.dv().cardinality());
			} else {
				records = null;
			}
		}
		List<DeltaColumn> cols = new ArrayList<>();
		for (StructField f : snap.getSchema().fields()) {
			cols.add(new DeltaColumn(f.getName(), Types.text(f.getDataType()), f.isNullable()));
		}
		return new DeltaSnapshot(snap.getVersion(), commitTime(e, snap, table), List.copyOf(cols),
				List.copyOf(snap.getPartitionColumnNames()), size, files.size(), records);
	}

	public static List<ScanFile> scanFiles(Engine e, Snapshot snap, Path table) throws Exception {
		Map<String, String> logical = physicalToLogical(snap);
		URI root = table.toAbsolutePath().normalize().toUri();
		List<ScanFile> out = new ArrayList<>();
		try (CloseableIterator<FilteredColumnarBatch> it = snap.getScanBuilder().build().getScanFiles(e, true)) {
			while (it.hasNext()) {
				try (CloseableIterator<Row> rows = it.next().getRows()) { // honours the selection vector
					while (rows.hasNext()) {
						out.add(scanFile(rows.next(), logical, root));
					}
				}
			}
		}
		return out;
	}

	private static ScanFile scanFile(Row r, Map<String, String> logical, URI root) {
		Row add = r.getStruct(r.getSchema().indexOf("add"));
		String rawPath = add.getString(add.getSchema().indexOf("path"));
		long size = add.getLong(add.getSchema().indexOf("size"));
		int si = add.getSchema().indexOf("stats");
		String stats = si < 0 || add.isNullAt(si) ? null : add.getString(si);
		Long numRecords = stats == null ? null : numRecords(stats);
		Map<String, String> pv = new LinkedHashMap<>();
		InternalScanFileUtils.getPartitionValues(r).forEach((k, v) -> pv.put(logical.getOrDefault(k, k), v));
		DeletionVectorDescriptor d = InternalScanFileUtils.getDeletionVectorDescriptorFromRow(r);
		DvDescriptor dv = d == null ? null
				: new DvDescriptor(d.getStorageType(), d.getPathOrInlineDv(), d.getOffset().orElse(null),
						d.getSizeInBytes(), d.getCardinality());
		return new ScanFile(relativePath(rawPath, root), size, Collections.unmodifiableMap(pv), numRecords, stats,
				dv);
	}

	/** add.path is a URI reference: decode it exactly once; never re-encode what comes out. */
	static String relativePath(String rawPath, URI root) {
		URI u;
		try {
			u = new URI(rawPath);
		} catch (URISyntaxException ex) {
			return rawPath; // some writers do not encode; the raw string is then the name on disk
		}
		if (!u.isAbsolute()) {
			return u.getPath();
		}
		String rootPath = root.getPath().endsWith("/") ? root.getPath() : root.getPath() + "/";
		if ("file".equalsIgnoreCase(u.getScheme()) && u.getPath() != null && u.getPath().startsWith(rootPath)) {
			return u.getPath().substring(rootPath.length());
		}
		return rawPath;
	}

	private static Long numRecords(String stats) {
		try {
			JsonNode n = JSON.readTree(stats).get("numRecords");
			return n == null || !n.canConvertToLong() ? null : n.asLong();
		} catch (Exception ex) {
			return null; // unreadable stats are no stats
		}
	}

	private static Map<String, String> physicalToLogical(Snapshot snap) {
		Map<String, String> m = new HashMap<>();
		for (StructField f : snap.getSchema().fields()) {
			Object p = f.getMetadata().get(PHYSICAL_NAME);
			if (p != null) {
				m.put(p.toString(), f.getName());
			}
		}
		return m;
	}

	/**
	 * commitInfo's in-commit timestamp or timestamp from the version's JSON; Kernel's own answer without
	 * in-commit timestamps is the JSON's file time, which copies and mirrors do not keep.
	 */
	private static Instant commitTime(Engine e, Snapshot snap, Path table) {
		Path json = table.resolve("_delta_log").resolve(String.format("%020d.json", snap.getVersion()));
		if (Files.isRegularFile(json)) {
			try (BufferedReader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
				for (String line = in.readLine(); line != null; line = in.readLine()) {
					if (!line.contains("\"commitInfo\"")) {
						continue;
					}
					JsonNode ci = JSON.readTree(line).get("commitInfo");
					JsonNode ts = ci.has("inCommitTimestamp") ? ci.get("inCommitTimestamp") : ci.get("timestamp");
					if (ts != null && ts.canConvertToLong()) {
						return Instant.ofEpochMilli(ts.asLong());
					}
				}
			} catch (Exception ex) {
				// fall back to Kernel's answer
			}
		}
		return Instant.ofEpochMilli(snap.getTimestamp(e));
	}

	public static long[] deletedRows(Engine e, Path dataRoot, DvDescriptor dv) {
		DeletionVectorDescriptor d = new DeletionVectorDescriptor(dv.storageType(), dv.pathOrInlineDv(),
				Optional.ofNullable(dv.offset()), dv.sizeInBytes(), dv.cardinality());
		return DeletionVectorUtils.loadNewDvAndBitmap(e, Kernel.kernelPath(dataRoot), d)._2.toArray();
	}
}
