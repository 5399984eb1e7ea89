package io.lakestudio.engine;

import java.nio.file.Path;
import java.util.ArrayList;
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
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;

/**
 * The independent reader: Delta Kernel's own full read of a table (its Parquet reader, deletion vectors, column
 * mapping and partition values applied by Kernel), reduced to a row count and an order-independent checksum over
 * the primitive columns. Nested columns are only counted. Nothing of DuckDB or of our mirror is involved.
 */
final class KernelOracle {

	record Answer(long rows, long checksum, List<String> columns, List<String> skipped) {
	}

	private KernelOracle() {
	}

	static Answer read(Path table, Long version) throws Exception {
		return read(table, version, null);
	}

	/** The table's schema as its Delta log has it at the latest version, read by Kernel. */
	static io.delta.kernel.types.StructType schema(Path table) {
		Configuration conf = new Configuration();
		conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
		conf.setBoolean("fs.file.impl.disable.cache", true);
		Engine e = DefaultEngine.create(conf);
		return TableManager.loadSnapshot(table.toString()).build(e).getSchema();
	}

	/** Over the primitive columns named in {@code only} (all when null), in the table's order. */
	static Answer read(Path table, Long version, java.util.Set<String> only) throws Exception {
		Configuration conf = new Configuration();
		conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
		conf.setBoolean("fs.file.impl.disable.cache", true);
		Engine e = DefaultEngine.create(conf);
		var b = TableManager.loadSnapshot(table.toString());
		Snapshot snap = (version == null ? b : b.atVersion(version)).build(e);
		List<StructField> fields = snap.getSchema().fields();
		List<String> cols = new ArrayList<>();
		List<String> skipped = new ArrayList<>();
		for (StructField f : fields) {
			(primitive(f.getDataType()) && (only == null || only.contains(f.getName())) ? cols : skipped)
					.add(f.getName());
		}
		Scan scan = snap.getScanBuilder().build();
		Row state = scan.getScanState(e);
		var physical = ScanStateRow.getPhysicalDataReadSchema(state);
		long count = 0;
		long sum = 0;
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
								FilteredColumnarBatch fb = logical.next();
								ColumnarBatch batch = fb.getData();
								var sel = fb.getSelectionVector();
								for (int i = 0; i < batch.getSize(); i++) {
									if (sel.isPresent() && (sel.get().isNullAt(i) || !sel.get().getBoolean(i))) {
										continue;
									}
									count++;
									List<String> vals = new ArrayList<>();
									for (int c = 0; c < fields.size(); c++) {
										if (primitive(fields.get(c).getDataType())
												&& (only == null || only.contains(fields.get(c).getName()))) {
											vals.add(value(batch.getColumnVector(c), i));
										}
									}
									sum += Canon.rowHash(vals);
								}
							}
						}
					}
				}
			}
		}
		return new Answer(count, sum, cols, skipped);
	}

	static boolean primitive(DataType t) {
		return !(t instanceof io.delta.kernel.types.StructType || t instanceof io.delta.kernel.types.ArrayType
				|| t instanceof io.delta.kernel.types.MapType);
	}

	private static String value(ColumnVector v, int i) {
		if (v.isNullAt(i)) {
			return null;
		}
		DataType t = v.getDataType();
		if (t instanceof BooleanType) {
			return Boolean.toString(v.getBoolean(i));
		} else if (t instanceof ByteType) {
			return Long.toString(v.getByte(i));
		} else if (t instanceof ShortType) {
			return Long.toString(v.getShort(i));
		} else if (t instanceof IntegerType) {
			return Long.toString(v.getInt(i));
		} else if (t instanceof LongType) {
			return Long.toString(v.getLong(i));
		} else if (t instanceof FloatType) {
			return "f" + Float.toString(v.getFloat(i));
		} else if (t instanceof DoubleType) {
			return "f" + Double.toString(v.getDouble(i));
		} else if (t instanceof StringType) {
			return v.getString(i);
		} else if (t instanceof BinaryType) {
			return Canon.bytes(v.getBinary(i));
		} else if (t instanceof DecimalType) {
			return Canon.decimal(v.getDecimal(i));
		} else if (t instanceof DateType) {
			return Canon.days(v.getInt(i));
		} else if (t instanceof TimestampType || t instanceof TimestampNTZType) {
			return Canon.micros(v.getLong(i));
		}
		throw new IllegalArgumentException("type " + t);
	}
}
