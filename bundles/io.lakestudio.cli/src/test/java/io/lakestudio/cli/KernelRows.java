package io.lakestudio.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.apache.hadoop.conf.Configuration;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.TableManager;
import io.delta.kernel.data.ColumnVector;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.FileReadResult;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.utils.CloseableIterator;

/**
 * The independent reader: Delta Kernel's own read of a table folder (its Parquet reader, partition values applied by
 * Kernel; no DuckDB, no mirror of ours), as the CSV {@code sql --csv} prints for the same columns, ordered by one
 * long column.
 */
final class KernelRows {

	private KernelRows() {
	}

	static String csv(Path table, String[] columns, String orderBy) throws Exception {
		Configuration conf = new Configuration();
		conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
		conf.setBoolean("fs.file.impl.disable.cache", true);
		Engine e = DefaultEngine.create(conf);
		Snapshot snap = TableManager.loadSnapshot(table.toString()).build(e);
		List<String> names = snap.getSchema().fieldNames();
		int[] index = Arrays.stream(columns).mapToInt(names::indexOf).toArray();
		int order = Arrays.asList(columns).indexOf(orderBy);
		Scan scan = snap.getScanBuilder().build();
		Row state = scan.getScanState(e);
		var physical = ScanStateRow.getPhysicalDataReadSchema(state);
		List<String[]> rows = new ArrayList<>();
		try (CloseableIterator<FilteredColumnarBatch> files = scan.getScanFiles(e)) {
			while (files.hasNext()) {
				try (CloseableIterator<Row> scanFiles = files.next().getRows()) {
					while (scanFiles.hasNext()) {
						Row sf = scanFiles.next();
						CloseableIterator<ColumnarBatch> data = e.getParquetHandler()
								.readParquetFiles(Utils.singletonCloseableIterator(
										InternalScanFileUtils.getAddFileStatus(sf)), physical, Optional.empty())
								.map(FileReadResult::getData);
						try (CloseableIterator<FilteredColumnarBatch> logical = Scan.transformPhysicalData(e, state, sf,
								data)) {
							while (logical.hasNext()) {
								FilteredColumnarBatch fb = logical.next();
								ColumnarBatch batch = fb.getData();
								var sel = fb.getSelectionVector();
								for (int i = 0; i < batch.getSize(); i++) {
									if (sel.isPresent() && (sel.get().isNullAt(i) || !sel.get().getBoolean(i))) {
										continue;
									}
									String[] row = new String[index.length];
									for (int c = 0; c < index.length; c++) {
										row[c] = value(batch.getColumnVector(index[c]), i);
									}
									rows.add(row);
								}
							}
						}
					}
				}
			}
		}
		rows.sort(Comparator.comparingLong(r -> Long.parseLong(r[order])));
		StringBuilder b = new StringBuilder(String.join(",", columns)).append('\n');
		for (String[] r : rows) {
			b.append(String.join(",", r)).append('\n');
		}
		return b.toString();
	}

	private static String value(ColumnVector v, int i) {
		if (v.isNullAt(i)) {
			return "";
		}
		var t = v.getDataType();
		if (t instanceof LongType) {
			return Long.toString(v.getLong(i));
		} else if (t instanceof IntegerType) {
			return Integer.toString(v.getInt(i));
		} else if (t instanceof StringType) {
			return v.getString(i);
		} else if (t instanceof DecimalType) {
			return v.getDecimal(i).toPlainString();
		}
		throw new IllegalArgumentException("not compared here: " + t);
	}
}
