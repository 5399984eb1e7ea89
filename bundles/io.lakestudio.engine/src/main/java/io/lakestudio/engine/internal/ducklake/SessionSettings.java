package io.lakestudio.engine.internal.ducklake;

import java.text.ParseException;
import java.util.Locale;
import java.util.Set;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * {@code SET} / {@code RESET} of the few DuckDB settings a session may change: none reaches a file, a folder, an
 * extension or the memory limit. {@code threads} (at most the engine's engineThreads, on the DuckLake kind's
 * DuckDB), {@code TimeZone} (the engine runs in UTC: only UTC), {@code default_transaction_invalidation_policy}
 * (whether a failed query ends the open transaction), and the harmless ones of {@link LakeSettings} (the
 * extension's {@code ducklake_*}). Any other name is left to the engine's guard, which
 * refuses it; the lockdown's own settings are named here so that no later change of this list lets them in.
 */
final class SessionSettings {

	/** DuckDB 2.0's policies: every error ends the transaction (the default), or only errors of execution do. */
	static final String ALL_ERRORS = "ALL_ERRORS_INVALIDATE";
	static final String SYNTACTIC_KEEP = "SYNTACTIC_ERRORS_DO_NOT_INVALIDATE";

	private static final Set<String> LOCKED = Set.of("allowed_directories", "allowed_paths", "enable_external_access",
			"lock_configuration", "temp_directory", "memory_limit", "max_memory", "max_temp_directory_size",
			"extension_directory", "autoinstall_known_extensions", "autoload_known_extensions",
			"allow_community_extensions", "allow_unsigned_extensions", "custom_extension_repository",
			"secret_directory", "home_directory", "enable_http_metadata_cache", "http_proxy");

	private final KindDuckDb db;
	private final LakeSettings lake = new LakeSettings();
	private final int maxThreads;
	private String invalidation = ALL_ERRORS;

	SessionSettings(KindDuckDb db) {
		this.db = db;
		this.maxThreads = db.config().threads();
	}

	/** True when a failed query leaves the open transaction as it was. */
	boolean queryErrorsKeepTransaction() {
		return invalidation.equals(SYNTACTIC_KEEP);
	}

	/** A SET or RESET (the keyword read) of a setting here; false when it is none of these (the guard's). */
	boolean apply(Text t, boolean reset) throws ParseException, EngineException {
		if (!t.accept("SESSION")) {
			t.accept("GLOBAL");
		}
		String name = t.name();
		String key = name.toLowerCase(Locale.ROOT);
		if (LOCKED.contains(key)) {
			return false;
		}
		String value = null;
		if (!reset) {
			if (!t.accept("=")) {
				t.expect("TO");
			}
			String v = t.rest().strip().replaceAll(";+$", "").strip();
			value = v.startsWith("'") ? new Text(v).string() : v;
		}
		switch (key) {
		case "threads", "worker_threads" -> db.threads(reset ? maxThreads : threads(value));
		case "timezone" -> {
			if (!reset && !value.equalsIgnoreCase("UTC")) {
				throw new EngineException(Kind.FAILED, "Invalid Input Error: TimeZone '" + value
						+ "': the engine runs in UTC, so only 'UTC' can be set");
			}
		}
		case "default_transaction_invalidation_policy" -> invalidation = reset ? ALL_ERRORS : policy(value);
		default -> {
			return lake.apply(key, value, reset); // ducklake_* and the settings that change nothing here
		}
		}
		return true;
	}

	/** The extension's session settings ({@code ducklake_*}) as this session set them. */
	LakeSettings lake() {
		return lake;
	}

	private int threads(String value) throws EngineException {
		int n;
		try {
			n = Integer.parseInt(value);
		} catch (NumberFormatException e) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: threads '" + value + "' is not a number");
		}
		if (n < 1) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: threads must be at least 1");
		}
		return Math.min(n, maxThreads); // engineThreads in settings.json bounds every session
	}

	private static String policy(String value) throws EngineException {
		String v = value.toUpperCase(Locale.ROOT);
		if (!v.equals(ALL_ERRORS) && !v.equals(SYNTACTIC_KEEP)) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: default_transaction_invalidation_policy '"
					+ value + "': use " + ALL_ERRORS + " or " + SYNTACTIC_KEEP);
		}
		return v;
	}
}
