package io.lakestudio.engine.internal;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The guard's list: every way a statement could reach past the engine's folders (files and folders by name, the
 * process's environment, other databases, extensions, the lockdown itself, credentials), each with what the user
 * is told. They are refused whatever path they name: the engine's own folders hold only its cache and mirror,
 * which a statement reads through the lake's tables. The lockdown of {@link DuckDb} stands behind each. A statement
 * that should get past one is let by an explicit {@link Allowance}, never by loosening an entry.
 */
final class Refusals {

	/** A function refused by name ({@code prefix}: every function whose name begins so) and why. */
	record Entry(String name, boolean prefix, String why) {

		boolean matches(String fn) {
			return prefix ? fn.startsWith(name) : fn.equals(name);
		}
	}

	/**
	 * A statement the guard lets by although its first word is refused, handled as {@code kind} by whoever made the
	 * allowance. None so far: a DuckLake attachment ({@code ATTACH 'ducklake:...'}, its data paths readable and
	 * nothing else) is to be the first, as one entry here.
	 */
	record Allowance(String keyword, Pattern statement, Parsed.Kind kind) {
	}

	static final List<Allowance> ALLOWED = List.of();

	static final List<Entry> TABLE_FUNCTIONS = List.of(
			new Entry("read_", true, "reads files by name"), // read_csv, read_parquet, read_json, read_text...
			new Entry("parquet_", true, "reads a file's Parquet metadata by name"), // parquet_metadata, _scan...
			new Entry("glob", false, "lists files by name"),
			new Entry("sniff_csv", false, "reads a file by name"),
			new Entry("query", false, "runs text as SQL"), new Entry("query_table", false, "runs text as SQL"),
			new Entry("duckdb_secrets", false, "shows credentials"),
			new Entry("which_secret", false, "shows credentials"));

	static final List<Entry> SCALAR_FUNCTIONS = List.of(
			new Entry("getenv", false, "reads the process's environment"));

	/** Settings that make the lockdown: which folders DuckDB may open, extensions, the lock itself. */
	static final Set<String> LOCKDOWN_SETTINGS = Set.of("enable_external_access", "allowed_directories",
			"allowed_paths", "lock_configuration", "temp_directory", "extension_directory", "secret_directory",
			"home_directory", "autoinstall_known_extensions", "autoload_known_extensions",
			"allow_community_extensions", "allow_unsigned_extensions", "custom_extension_repository",
			"autoinstall_extension_repository", "enable_profiling", "profiling_output", "profile_output",
			"log_query_path", "enable_logging", "logging_storage");

	/** PRAGMAs that write a file (a profile, a query log), or would name one for DuckDB to write later. */
	private static final Set<String> FILE_PRAGMAS = Set.of("profiling_output", "profile_output", "enable_profiling",
			"enable_profile", "log_query_path", "export_database");

	private static final Pattern SETTING = Pattern.compile(
			"(?is)(?:SET|RESET|PRAGMA)\\s+(?:(?:GLOBAL|SESSION|LOCAL)\\s+)?(?:VARIABLE\\s+)?([A-Za-z_][A-Za-z0-9_]*)");

	private Refusals() {
	}

	static Optional<Entry> tableFunction(String fn) {
		return find(TABLE_FUNCTIONS, fn);
	}

	static Optional<Entry> scalarFunction(String fn) {
		return find(SCALAR_FUNCTIONS, fn);
	}

	private static Optional<Entry> find(List<Entry> list, String fn) {
		String n = fn.toLowerCase(Locale.ROOT);
		return list.stream().filter(e -> e.matches(n)).findFirst();
	}

	/** The allowance that lets {@code sql} by, if one does. */
	static Optional<Allowance> allowed(List<Allowance> allowances, String keyword, String sql) {
		return allowances.stream().filter(a -> a.keyword().equals(keyword) && a.statement().matcher(sql).find())
				.findFirst();
	}

	/** Why a statement whose first word is {@code kw} is refused. */
	static String statement(String kw, String sql) {
		return switch (kw) {
		case "INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "UPSERT" ->
			kw + " would write to a table: the lake is read-only here";
		case "DROP", "ALTER", "COMMENT" -> kw + " would change the catalog: the lake is read-only here";
		case "COPY" -> "COPY would write or read files outside the lake's tables: export results with the command"
				+ " line's --csv or --json instead";
		case "EXPORT", "IMPORT" -> kw + " DATABASE would write or read files: not allowed here";
		case "ATTACH", "DETACH", "USE" -> kw + " would open or switch databases: only the lake's tables are reachable";
		case "INSTALL", "LOAD", "FORCE" -> kw + ": extensions are fixed in this engine";
		case "SET", "RESET", "PRAGMA" -> setting(kw, sql);
		case "CREATE" -> create(sql);
		case "CALL" -> "CALL runs a table function with effects: not allowed here";
		case "CHECKPOINT", "VACUUM", "ANALYZE" -> kw + " maintains a database: there is none to maintain here";
		case "" -> "an empty statement";
		default -> kw + " is not a query: only SELECT, WITH, FROM, VALUES, EXPLAIN, DESCRIBE, SHOW and SUMMARIZE"
				+ " run here";
		};
	}

	private static String setting(String kw, String sql) {
		Matcher m = SETTING.matcher(sql);
		String name = m.lookingAt() ? m.group(1).toLowerCase(Locale.ROOT) : "";
		String locked = ": the engine's configuration is locked (memory and threads are engineMemoryLimitMB and"
				+ " engineThreads in settings.json)";
		if ("PRAGMA".equals(kw) && FILE_PRAGMAS.contains(name)) {
			return "PRAGMA " + name + " would write a file outside the engine's folders" + locked;
		}
		if (LOCKDOWN_SETTINGS.contains(name)) {
			return kw + " " + name + " would loosen the lockdown (which folders and extensions DuckDB may reach)"
					+ locked;
		}
		return kw + locked;
	}

	private static String create(String sql) {
		if (Pattern.compile("(?is)CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:(?:PERSISTENT|TEMP|TEMPORARY)\\s+)?SECRET\\b")
				.matcher(sql).lookingAt()) {
			return "CREATE SECRET would give the engine credentials for other stores: only the lake's tables are"
					+ " reachable, through the account signed in";
		}
		return "CREATE makes something that outlives the statement; only CREATE TEMP VIEW|TABLE name AS <query> is"
				+ " allowed";
	}
}
