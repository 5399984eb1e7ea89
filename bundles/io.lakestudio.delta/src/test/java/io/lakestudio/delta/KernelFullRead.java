package io.lakestudio.delta;

import java.nio.file.Path;
import java.util.Optional;

import org.apache.hadoop.conf.Configuration;

import io.delta.kernel.Scan;
import io.delta.kernel.Snapshot;
import io.delta.kernel.TableManager;
import io.delta.kernel.data.ColumnarBatch;
import io.delta.kernel.data.FilteredColumnarBatch;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.engine.FileReadResult;
import io.delta.kernel.internal.InternalScanFileUtils;
import io.delta.kernel.internal.data.ScanStateRow;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;

/** Test oracle: counts live rows by reading every data file with Kernel's own Parquet reader (DVs applied). */
final class KernelFullRead {

	private KernelFullRead() {
	}

	static long count(Path table) throws Exception {
		Configuration conf = new Configuration();
		conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
		conf.setBoolean("fs.file.impl.disable.cache", true);
		Engine e = DefaultEngine.create(conf);
		Snapshot snap = TableManager.loadSnapshot(table.toString()).build(e);
		Scan scan = snap.getScanBuilder().build();
		Row state = scan.getScanState(e);
		var physical = ScanStateRow.getPhysicalDataReadSchema(state);
		long count = 0;
		try (CloseableIterator<FilteredColumnarBatch> files = scan.getScanFiles(e)) {
			while (files.hasNext()) {
				try (CloseableIterator<Row> rows = files.next().getRows()) {
					while (rows.hasNext()) {
						Row sf = rows.next();
						FileStatus fs = InternalScanFileUtils.getAddFileStatus(sf);
						CloseableIterator<ColumnarBatch> data = e.getParquetHandler()
								.readParquetFiles(Utils.singletonCloseableIterator(fs), physical, Optional.empty())
								.map(FileReadResult::getData);
						try (CloseableIterator<FilteredColumnarBatch> logical = Scan.transformPhysicalData(e, state,
								sf, data)) {
							while (logical.hasNext()) {
								FilteredColumnarBatch b = logical.next();
								for (int i = 0; i < b.getData().getSize(); i++) {
									var sel = b.getSelectionVector();
									if (sel.isEmpty() || (!sel.get().isNullAt(i) && sel.get().getBoolean(i))) {
										count++;
									}
								}
							}
						}
					}
				}
			}
		}
		return count;
	}
}
