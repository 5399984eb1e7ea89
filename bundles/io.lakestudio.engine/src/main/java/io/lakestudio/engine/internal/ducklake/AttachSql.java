package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.sql.SQLException;
import java.text.ParseException;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.DuckDb;

/**
 * What {@code ATTACH 'ducklake:...' [AS name] [(options)]} says, read into the catalog's terms, and the catalog it
 * names opened: a SQLite or DuckDB file, a moraine store, or an FDL version (read-only, over its verified catalog).
 */
final class AttachSql {

	private AttachSql() {
	}

	/** The name the extension gives a catalog attached without AS: the file name up to its first dot. */
	static String defaultName(String url) {
		if (url.startsWith(FdlVersions.PREFIX)) {
			// an FDL version: its repository folder's name, without the @ref
			String r = url.substring(FdlVersions.PREFIX.length());
			r = r.contains("@") ? r.substring(0, r.lastIndexOf('@')) : r;
			r = r.endsWith("/") ? r.substring(0, r.length() - 1) : r;
			String last = r.substring(r.lastIndexOf('/') + 1);
			// a host's URL may end in host:port, no name for a catalog
			return last.matches("[A-Za-z_][A-Za-z0-9_]*") ? last : "fdl";
		}
		String f = url.substring(url.lastIndexOf(':') + 1);
		f = f.substring(f.lastIndexOf('/') + 1);
		return f.contains(".") ? f.substring(0, f.indexOf('.')) : f;
	}

	/**
	 * The options in parentheses, if any; {@code metadataName[0]} becomes METADATA_CATALOG's value if given,
	 * {@code metadataName[2]} WRITE_DELETION_VECTORS' (when the array has room).
	 */
	static AttachOptions options(Text t, String[] metadataName) throws ParseException {
		AttachOptions o = AttachOptions.defaults();
		if (t.atEnd()) {
			return o;
		}
		for (String opt : Text.commas(t.parenthesised())) {
			Text x = new Text(opt);
			String key = Text.upper(x.name());
			String value = x.atEnd() ? "true" : x.rest();
			String v = value.startsWith("'") ? new Text(value).string() : value;
			boolean flag = !v.equalsIgnoreCase("false") && !v.equals("0");
			switch (key) {
			case "READ_ONLY" -> o = o.withReadOnly(flag);
			case "READ_WRITE" -> o = o.withReadOnly(!flag);
			case "DATA_PATH" -> o = o.withDataPath(v);
			case "OVERRIDE_DATA_PATH" -> o = o.withOverrideDataPath(flag);
			case "AUTOMATIC_MIGRATION" -> o = o.withAutomaticMigration(flag);
			case "SNAPSHOT_VERSION" -> o = o.withSnapshotVersion(Long.parseLong(v));
			case "SNAPSHOT_TIME" -> o = o.withSnapshotTime(Times.instant(v));
			case "DATA_INLINING_ROW_LIMIT" -> o = o.withDataInliningRowLimit(Long.parseLong(v));
			case "METADATA_CATALOG" -> metadataName[0] = v;
			case "META_CHECKPOINT" -> {
				if (metadataName.length < 2) {
					throw new ParseException("META_CHECKPOINT is for a moraine store (ducklake:moraine:...)", 0);
				}
				metadataName[1] = v;
			}
			case "DUCKLAKE_VERSION" -> o = o.withVersion(v);
			case "META_TYPE" -> {
				// the metadata database's kind, as the extension loads the DuckDB extension of that name
				if (!v.equalsIgnoreCase("duckdb") && !v.equalsIgnoreCase("sqlite")) {
					throw new ParseException("metadata type \"" + v.toLowerCase(java.util.Locale.ROOT)
							+ "\" is not known here: only duckdb and sqlite", 0);
				}
			}
			case "METADATA_SCHEMA" -> o = o.withMetadataSchema(v);
			case "WRITE_DELETION_VECTORS" -> {
				if (metadataName.length > 2) {
					metadataName[2] = String.valueOf(flag);
				}
			}
			case "TYPE", "METADATA_PATH", "ENCRYPTED", "CREATE_IF_NOT_EXISTS",
					"MIGRATE_IF_REQUIRED" -> {
				// names the extension's own machinery: nothing to do here
			}
			default -> throw new ParseException("ATTACH option " + key + " is not known for DuckLake", 0);
			}
		}
		return o;
	}

	/**
	 * Opens the catalog {@code url} names as {@code name}, with the options {@code t} holds next; a new one is of
	 * {@code defaultVersion} (the session's {@code ducklake_default_version}, or null) unless DUCKLAKE_VERSION says.
	 */
	static Attached open(String name, String url, Text t, KindDuckDb db, String defaultVersion)
			throws ParseException, EngineException, DuckLakeException, SQLException {
		// [1]: META_CHECKPOINT, a moraine store's checkpoint to pin the attachment to
		// [2]: WRITE_DELETION_VECTORS
		String[] metadataName = { "__ducklake_metadata_" + name, null, null };
		AttachOptions o = options(t, metadataName).withDefaultVersion(defaultVersion);
		if (metadataName[0].equalsIgnoreCase(name)) {
			throw new EngineException(Kind.FAILED, "Binder Error: the metadata catalog of DuckLake \"" + name
					+ "\" can't be the DuckLake catalog itself");
		}
		String catalogUrl = url;
		io.lakestudio.fdl.CheckedFiles fdlFiles = null;
		if (metadataName[1] != null && !url.startsWith(MoraineAttach.PREFIX)) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: META_CHECKPOINT pins a moraine store"
					+ " (ducklake:moraine:<store>), not " + url);
		}
		if (url.startsWith(FdlVersions.PREFIX)) {
			// an FDL version: its verified catalog over the repository's data, read-only whatever the options say
			FdlVersions.Version v = FdlVersions.open(url, db.config().home());
			catalogUrl = v.sqliteUrl();
			fdlFiles = v.files();
			o = o.withReadOnly(true).withDataPath(v.dataPath());
		}
		DuckLakeCatalog c = url.startsWith(MoraineAttach.PREFIX)
				? MoraineAttach.open(url, o, metadataName[1], db.config().store())
				: DuckLakeCatalog.open(catalogUrl, o, (file, ro) -> {
					try {
						return DuckDb.file(db.config().home(), file, ro);
					} catch (IOException e) {
						throw new SQLException("cannot load DuckDB: " + e.getMessage(), e);
					}
				});
		Attached made = new Attached(name, c, metadataName[0]);
		made.inliningRowLimit = o.dataInliningRowLimit();
		made.writeDeletionVectors = "true".equals(metadataName[2]);
		made.fdlFiles = fdlFiles;
		return made;
	}
}
