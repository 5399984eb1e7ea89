package io.lakestudio.delta.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.delta.kernel.DataWriteContext;
import io.delta.kernel.Operation;
import io.delta.kernel.Snapshot;
import io.delta.kernel.Transaction;
import io.delta.kernel.data.Row;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.internal.util.Utils;
import io.delta.kernel.statistics.DataFileStatistics;
import io.delta.kernel.transaction.CreateTableTransactionBuilder;
import io.delta.kernel.transaction.DataLayoutSpec;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaException;

/**
 * Kernel creates tables and commits files someone else wrote (the data spike's "hybrid" recipe). Column
 * mapping is refused: the caller would have to write physical column names and field ids.
 */
public final class Writer {

	private static final String COLUMN_MAPPING = "delta.columnMapping.mode";

	private Writer() {
	}

	public static long create(Engine e, Path table, List<DeltaColumn> columns, List<String> partitionColumns,
			Map<String, String> properties) throws Exception {
		String cm = properties.getOrDefault(COLUMN_MAPPING, "none");
		if (!cm.equals("none")) {
			throw new DeltaException("cannot create " + table + ": writing column-mapping tables is not supported");
		}
		if (Files.exists(table.resolve("_delta_log"))) {
			throw new DeltaException("cannot create " + table + ": a Delta log is already there");
		}
		StructType schema = new StructType();
		for (DeltaColumn c : columns) {
			schema = schema.add(c.name(), Types.parse(c.type()), c.nullable());
		}
		CreateTableTransactionBuilder b = io.delta.kernel.TableManager
				.buildCreateTableTransaction(Kernel.kernelPath(table), schema, Kernel.ENGINE_INFO);
		if (!partitionColumns.isEmpty()) {
			b = b.withDataLayoutSpec(DataLayoutSpec.partitioned(partitionColumns.stream().map(Column::new).toList()));
		}
		if (!properties.isEmpty()) {
			b = b.withTableProperties(properties);
		}
		return b.build(e).commit(e, CloseableIterable.emptyIterable()).getVersion();
	}

	public static long append(Engine e, Path table, List<DataFile> files) throws Exception {
		Snapshot snap = Reader.load(e, table, java.util.OptionalLong.empty());
		if (!snap.getTableProperties().getOrDefault(COLUMN_MAPPING, "none").equals("none")) {
			throw new DeltaException("cannot append to " + table + ": it uses column mapping");
		}
		StructType schema = snap.getSchema();
		List<String> partCols = snap.getPartitionColumnNames();
		Transaction txn = snap.buildUpdateTableTransaction(Kernel.ENGINE_INFO, Operation.WRITE).build(e);
		Row state = txn.getTransactionState(e);
		List<Row> actions = new ArrayList<>();
		for (DataFile f : files) {
			Map<String, Literal> pv = new HashMap<>();
			for (String p : partCols) {
				if (!f.partitionValues().containsKey(p)) {
					throw new DeltaException("file " + f.path() + " has no value for partition column " + p);
				}
				pv.put(p, Types.literal(f.partitionValues().get(p), schema.get(p).getDataType()));
			}
			DataWriteContext ctx = Transaction.getWriteContext(e, state, pv);
			if (f.path().contains(":")) {
				// Kernel would log "a:b/x" unescaped, which no reader parses as a relative URI
				throw new DeltaException("cannot commit " + f.path() + ": escape ':' in names as Hive does (%3A)");
			}
			Path file = table.resolve(f.path());
			// a Hadoop path string, not a URI: Kernel URI-encodes it itself when it writes add.path
			DataFileStatus status = new DataFileStatus("file:" + file.toAbsolutePath().normalize(),
					f.size(), Files.getLastModifiedTime(file).toMillis(), Optional.of(stats(f, schema)));
			try (CloseableIterator<Row> it = Transaction.generateAppendActions(e, state,
					Utils.toCloseableIterator(List.of(status).iterator()), ctx)) {
				it.forEachRemaining(actions::add);
			}
		}
		return txn.commit(e, CloseableIterable.inMemoryIterable(Utils.toCloseableIterator(actions.iterator())))
				.getVersion();
	}

	private static DataFileStatistics stats(DataFile f, StructType schema) throws DeltaException {
		return new DataFileStatistics(f.numRecords(), literals(f.minValues(), schema),
				literals(f.maxValues(), schema), nullCounts(f.nullCounts(), schema), Optional.of(true));
	}

	private static Map<Column, Literal> literals(Map<String, Object> values, StructType schema)
			throws DeltaException {
		Map<Column, Literal> m = new HashMap<>();
		for (Map.Entry<String, Object> v : values.entrySet()) {
			m.put(new Column(v.getKey()), Types.literal(v.getValue(), type(schema, v.getKey())));
		}
		return m;
	}

	private static Map<Column, Long> nullCounts(Map<String, Long> counts, StructType schema) throws DeltaException {
		Map<Column, Long> m = new HashMap<>();
		for (Map.Entry<String, Long> c : counts.entrySet()) {
			type(schema, c.getKey());
			m.put(new Column(c.getKey()), c.getValue());
		}
		return m;
	}

	private static DataType type(StructType schema, String column) throws DeltaException {
		int i = schema.indexOf(column);
		if (i < 0) {
			throw new DeltaException("stats name an unknown column: " + column);
		}
		return schema.at(i).getDataType();
	}
}
