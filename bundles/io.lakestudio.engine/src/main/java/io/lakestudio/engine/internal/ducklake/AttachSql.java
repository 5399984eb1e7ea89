package io.lakestudio.engine.internal.ducklake;

import java.text.ParseException;

import io.lakestudio.ducklake.AttachOptions;

/** What {@code ATTACH 'ducklake:...' [AS name] [(options)]} says, read into the catalog's terms. */
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

	/** The options in parentheses, if any; {@code metadataName[0]} becomes METADATA_CATALOG's value if given. */
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
			case "DUCKLAKE_VERSION" -> {
				if (!v.equals("1.0")) {
					throw new ParseException("DuckLake version " + v + " can't be written here: only 1.0", 0);
				}
			}
			case "METADATA_SCHEMA", "TYPE", "META_TYPE", "WRITE_DELETION_VECTORS", "METADATA_PATH", "ENCRYPTED", "CREATE_IF_NOT_EXISTS",
					"MIGRATE_IF_REQUIRED" -> {
				// names the extension's own machinery: nothing to do here
			}
			default -> throw new ParseException("ATTACH option " + key + " is not known for DuckLake", 0);
			}
		}
		return o;
	}
}
