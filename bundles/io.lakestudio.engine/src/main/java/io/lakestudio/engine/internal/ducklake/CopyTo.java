package io.lakestudio.engine.internal.ducklake;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code COPY <table> | (<query>) TO '<path>' [(options)]} into a folder the user granted ({@link FileAccess}):
 * the source read as any query is (DuckLake references rewritten, then the engine's guard), the file written by
 * the DuckLake kind's DuckDB, which may open the granted folders and no others. Never onto an attached catalog's
 * metadata database or a file already in a data path. Anything else a COPY may do (FROM, a path outside, a path
 * from an expression) is left to the engine's guard, which refuses it as before.
 */
final class CopyTo {

	/** A file name pattern that would climb out of the target folder or into another. */
	private static final Pattern NAMES_A_FILE = Pattern.compile("(?i)\\bFILENAME_PATTERN\\b[^,)]*(/|\\\\|\\.\\.)");

	/** Options that make COPY write a folder of files rather than one file. */
	private static final Pattern FOLDER_WRITE = Pattern.compile("(?i)\\b(PARTITION_BY|PER_THREAD_OUTPUT)\\b");
	/** Options that let COPY replace or delete files already there. */
	private static final Pattern OVERWRITES = Pattern.compile("(?i)\\bOVERWRITE(_OR_IGNORE)?\\b");

	private final DuckLakeKind kind;
	private final KindDuckDb db;

	CopyTo(DuckLakeKind kind, KindDuckDb db) {
		this.kind = kind;
		this.db = db;
	}

	/** The COPY carried out, or null when it is not one into a granted folder (the guard's then). */
	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		t.expect("COPY");
		String source;
		if (t.peek("(")) {
			source = t.parenthesised();
		} else {
			List<String> table = t.qualifiedName();
			List<String> quoted = new ArrayList<>();
			table.forEach(n -> quoted.add(Sql.ident(n)));
			source = "SELECT * FROM " + String.join(".", quoted);
		}
		if (!t.accept("TO")) {
			return null; // COPY ... FROM: refused as before
		}
		String path = t.string();
		String options = t.rest().strip().replaceAll(";+$", "").strip();
		if (options.regionMatches(true, 0, "WITH", 0, 4)) {
			options = options.substring(4).strip();
		}
		if (!options.isEmpty() && !options.startsWith("(") || NAMES_A_FILE.matcher(options).find()) {
			throw refused("COPY TO: options that name other files or folders are not allowed here: " + options);
		}
		List<Path> catalogs = new ArrayList<>();
		List<Path> dataPaths = new ArrayList<>();
		for (Attached a : kind.attached()) {
			String u = a.catalog.url();
			String file = u.startsWith("ducklake:sqlite:") ? u.substring("ducklake:sqlite:".length())
					: u.startsWith("ducklake:") ? u.substring("ducklake:".length()) : null;
			if (file != null && !file.matches("^[a-z]+:.*")) {
				catalogs.add(Path.of(file));
			}
			if (!a.catalog.dataPath().matches("^[a-z0-9]+://.*")) {
				dataPaths.add(Path.of(a.catalog.dataPath()));
			}
		}
		// a folder write (PARTITION_BY, PER_THREAD_OUTPUT) adds new files under the folder and overwrites none: DuckDB
		// refuses a folder with files in it unless APPEND (new uuid names) or OVERWRITE[_OR_IGNORE] (which deletes
		// or replaces files, so that stays refused). So it may go into a data path, as DuckLake's add_data_files tests
		// write their hive folders; the metadata database stays unwritable either way
		boolean addsFiles = FOLDER_WRITE.matcher(options).find() && !OVERWRITES.matcher(options).find();
		String target = db.files().writable(path, catalogs, addsFiles ? List.of() : dataPaths);
		if (target == null) {
			if (db.files().granted(path) != null) {
				throw refused("COPY TO " + path + " would overwrite a DuckLake catalog's own files (its metadata"
						+ " database or a data file): write somewhere else in the granted folders");
			}
			throw refused("COPY TO " + path + ": only folders granted for file access are writable (fileAccess in"
					+ " settings.json, lakestudio sql --files DIR); granted: " + db.files().folders());
		}
		Rewriter.Rewritten r = kind.rewrite(source, null);
		try (java.sql.Statement s = db.connection().createStatement()) {
			s.execute("COPY (" + r.text() + ") TO " + Sql.string(target) + (options.isEmpty() ? "" : " " + options));
		}
		return kind.ok("ok");
	}

	private static EngineException refused(String why) {
		return new EngineException(Kind.REFUSED, "refused: " + why);
	}
}
