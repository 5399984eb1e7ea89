package io.lakestudio.engine.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.iceberg.IcebergScan;

/**
 * The SQL that makes an Iceberg snapshot a DuckDB view over local Parquet files: read_parquet with
 * {@code schema=} keyed by field id (so renamed and added columns read right, a file without a column gives NULL),
 * and position deletes as an anti-join on {@code (filename, file_row_number)}: the delete files are read by DuckDB
 * and their {@code file_path} (the lake path a data file is written under) mapped to the local copy.
 */
public final class IcebergView {

	private IcebergView() {
	}

	/**
	 * Statements to run in order; the last creates the view {@code name}.
	 *
	 * @param local the local copy of each data and delete file, by its path relative to the table
	 */
	public static List<String> statements(String name, IcebergScan scan, Map<String, Path> local) {
		List<String> out = new ArrayList<>();
		List<String> select = new ArrayList<>();
		if (scan.files().isEmpty()) {
			for (IcebergScan.Column c : scan.columns()) {
				select.add("CAST(NULL AS " + c.duckType() + ") AS " + Sql.ident(c.name()));
			}
			out.add("CREATE OR REPLACE VIEW " + Sql.own(name) + " AS SELECT " + String.join(", ", select)
					+ " WHERE false");
			return out;
		}
		List<String> schema = new ArrayList<>();
		for (IcebergScan.Column c : scan.columns()) {
			String col = "c" + c.fieldId();
			schema.add(c.fieldId() + ": {name: " + Sql.string(col) + ", type: " + Sql.string(c.duckType())
					+ ", default_value: NULL}");
			select.add("r." + Sql.ident(col) + " AS " + Sql.ident(c.name()));
		}
		List<String> data = new ArrayList<>();
		List<String> deletes = new ArrayList<>();
		List<String> paths = new ArrayList<>();
		for (IcebergScan.DataFile f : scan.files()) {
			String l = local.get(f.path()).toString();
			data.add(Sql.string(l));
			paths.add("(" + Sql.string(f.absolutePath()) + ", " + Sql.string(l) + ")");
			for (IcebergScan.DeleteFile d : f.deletes()) {
				String dl = Sql.string(local.get(d.path()).toString());
				if (!deletes.contains(dl)) {
					deletes.add(dl);
				}
			}
		}
		StringBuilder from = new StringBuilder("read_parquet([" + String.join(", ", data) + "]");
		if (!deletes.isEmpty()) {
			from.append(", filename = true, file_row_number = true");
		}
		from.append(", schema = map {").append(String.join(", ", schema)).append("}) r");
		if (!deletes.isEmpty()) {
			String d = name + "_d";
			out.add("CREATE OR REPLACE TABLE " + Sql.own(d) + " AS SELECT m.local AS filename, x.pos AS pos"
					+ " FROM read_parquet([" + String.join(", ", deletes) + "]) x JOIN (VALUES " + String.join(", ", paths)
					+ ") m(path, local) ON m.path = x.file_path");
			from.append(" WHERE NOT EXISTS (SELECT 1 FROM ").append(Sql.own(d))
					.append(" d WHERE d.filename = r.filename AND d.pos = r.file_row_number)");
		}
		out.add("CREATE OR REPLACE VIEW " + Sql.own(name) + " AS SELECT " + String.join(", ", select)
				+ " FROM " + from);
		return out;
	}
}
