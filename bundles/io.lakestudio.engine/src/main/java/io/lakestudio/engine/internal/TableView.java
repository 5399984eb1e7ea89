package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.lakestudio.delta.DeltaScan;
import io.lakestudio.delta.ScanFile;

/**
 * The SQL that makes a Delta snapshot a DuckDB view over local Parquet files: read_parquet with {@code schema=}
 * (by physical name, so column mapping and schema evolution work, and a file without a column gives NULL),
 * partition values looked up by {@code file_index} in a constant list per partition column, and deletion vectors
 * as an anti-join on {@code (filename, file_row_number)}. Delta's data files do not hold partition columns, and
 * hive_partitioning can't be trusted on Delta paths. The lookup is no join on purpose: DuckDB 2.0.0 keeps ~1 KB of
 * malloc per query that runs a hash join (notes/mem/join-creep.md), which a long-lived engine would pay on every
 * statement over a partitioned table; DuckDB pushes a filter on the lookup into the scan as it would on a column.
 */
public final class TableView {

	private static final int DV_CHUNK = 20_000;

	/** One file of the view: where it is on disk, its partition values, the rows its deletion vector deletes. */
	public record File(Path local, ScanFile scanFile, long[] deleted) {
	}

	private TableView() {
	}

	/**
	 * Statements to run in order; the last creates the view {@code name}. {@code declare}: read the files with
	 * {@code schema=} (false only when {@link FileSchemas} found every file as the table declares it).
	 */
	public static List<String> statements(String name, DeltaScan scan, List<File> files, boolean declare)
			throws IOException {
		List<DeltaSchema.Column> columns = DeltaSchema.columns(scan.schemaJson());
		Set<String> partitions = Set.copyOf(scan.snapshot().partitionColumns());
		List<String> out = new ArrayList<>();
		List<String> select = new ArrayList<>();
		if (files.isEmpty()) {
			for (DeltaSchema.Column c : columns) {
				select.add("CAST(NULL AS " + DeltaSchema.duckType(c.type(), false) + ") AS " + Sql.ident(c.name()));
			}
			out.add("CREATE OR REPLACE VIEW " + Sql.own(name) + " AS SELECT " + String.join(", ", select)
					+ " WHERE false");
			return out;
		}
		boolean dvs = files.stream().anyMatch(f -> f.deleted() != null && f.deleted().length > 0);
		List<String> schema = new ArrayList<>();
		for (DeltaSchema.Column c : columns) {
			if (partitions.contains(c.name())) {
				select.add(partitionValue(c, files) + " AS " + Sql.ident(c.name()));
			} else {
				schema.add(Sql.string(c.physicalName()) + ": {name: " + Sql.string(c.physicalName()) + ", type: "
						+ Sql.string(DeltaSchema.duckType(c.type(), true)) + ", default_value: NULL}");
				select.add(DeltaSchema.logical("r." + Sql.ident(c.physicalName()), c.type(), 0) + " AS "
						+ Sql.ident(c.name()));
			}
		}
		StringBuilder from = new StringBuilder("read_parquet([");
		for (int i = 0; i < files.size(); i++) {
			from.append(i == 0 ? "" : ", ").append(Sql.string(files.get(i).local().toString()));
		}
		from.append("]");
		if (dvs) {
			from.append(", filename = true");
		}
		if (dvs) {
			from.append(", file_row_number = true");
		}
		if (declare && !schema.isEmpty()) {
			from.append(", schema = map {").append(String.join(", ", schema)).append("}");
		}
		from.append(") r");
		if (dvs) {
			out.addAll(deletedTable(name + "_d", files));
			from.append(" WHERE NOT EXISTS (SELECT 1 FROM ").append(Sql.own(name + "_d"))
					.append(" d WHERE d.filename = r.filename AND d.pos = r.file_row_number)");
		}
		out.add("CREATE OR REPLACE VIEW " + Sql.own(name) + " AS SELECT " + String.join(", ", select)
				+ " FROM " + from);
		return out;
	}

	/**
	 * The partition value of {@code c} of each row: its file's, from a constant list in file order indexed by
	 * read_parquet's {@code file_index} (cast as Delta's partition value strings are everywhere).
	 */
	private static String partitionValue(DeltaSchema.Column c, List<File> files) {
		StringBuilder values = new StringBuilder();
		for (File f : files) {
			String v = f.scanFile().partitionValues().get(c.name());
			values.append(values.isEmpty() ? "" : ", ").append(v == null ? "NULL" : Sql.string(v));
		}
		return "CAST([" + values + "] AS " + DeltaSchema.duckType(c.type(), false) + "[])[r.file_index::BIGINT + 1]";
	}

	private static List<String> deletedTable(String table, List<File> files) {
		List<String> out = new ArrayList<>();
		out.add("CREATE OR REPLACE TABLE " + Sql.own(table) + " (filename VARCHAR, pos BIGINT)");
		for (File f : files) {
			long[] d = f.deleted();
			for (int i = 0; d != null && i < d.length; i += DV_CHUNK) {
				StringBuilder list = new StringBuilder();
				for (int j = i; j < Math.min(d.length, i + DV_CHUNK); j++) {
					list.append(j == i ? "" : ",").append(d[j]);
				}
				out.add("INSERT INTO " + Sql.own(table) + " SELECT " + Sql.string(f.local().toString())
						+ ", unnest([" + list + "]::BIGINT[])");
			}
		}
		return out;
	}
}
