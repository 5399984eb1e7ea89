package io.lakestudio.engine.internal.ducklake;

import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.internal.Guard;

/**
 * Which file-reading table functions a query may call: read_parquet, read_csv, read_json, read_blob, the Parquet
 * metadata functions and glob, when every path they are given is a constant inside a folder the user granted
 * ({@link FileAccess}) or inside an attached catalog's data path (the lake's own files, which its tables read
 * anyway: the extension's users read them so, e.g. the files ducklake_list_files names). Anything else (a path from a column or a subquery, a path outside) stays refused by the
 * engine's guard, which says why. Remembers whether a statement read granted files, so it runs on the DuckLake
 * kind's DuckDB (the one allowed those folders) even when it names no DuckLake table.
 */
final class GrantedFiles implements Guard.Granted {

	static final Set<String> READERS = Set.of("read_parquet", "parquet_scan", "read_csv", "read_csv_auto",
			"read_json", "read_json_auto", "read_ndjson", "parquet_metadata", "parquet_schema",
			"parquet_file_metadata", "parquet_kv_metadata", "glob", "read_blob");

	private final FileAccess files;
	/** The attached catalogs' local data paths, as {@link FileAccess#folder} makes them. */
	private final java.util.function.Supplier<java.util.List<java.nio.file.Path>> dataPaths;
	private boolean used;

	GrantedFiles(FileAccess files, java.util.function.Supplier<java.util.List<java.nio.file.Path>> dataPaths) {
		this.files = files;
		this.dataPaths = dataPaths;
	}

	/** Whether a query checked since the last {@link #reset} read granted files. */
	boolean used() {
		return used;
	}

	void reset() {
		used = false;
	}

	@Override
	public boolean allows(JsonNode function) throws EngineException {
		if (!READERS.contains(function.path("function_name").asText().toLowerCase(Locale.ROOT))) {
			return false;
		}
		JsonNode args = function.path("arguments");
		if (args.size() == 0 || !args.get(0).path("name").asText("").isEmpty()) {
			return false;
		}
		JsonNode first = args.get(0).path("expression");
		boolean ok;
		if ("FUNCTION".equals(first.path("class").asText()) && "list_value".equals(first.path("function_name").asText())) {
			ok = first.path("arguments").size() > 0;
			for (JsonNode a : first.path("arguments")) {
				ok &= grantedConstant(a.path("expression"));
			}
		} else {
			ok = grantedConstant(first);
		}
		used |= ok;
		return ok;
	}

	private boolean grantedConstant(JsonNode e) throws EngineException {
		if (!"CONSTANT".equals(e.path("class").asText()) || !"STRING".equals(e.path("literal").path("kind").asText())) {
			return false;
		}
		String path = e.path("literal").path("text").asText();
		return files.any() && files.granted(path) != null || FileAccess.inside(path, dataPaths.get()) != null;
	}
}
