package io.lakestudio.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.catalog.Settings;

/**
 * The DuckLake catalogs kept attached in {@code settings.json} ({@code lakestudio ducklake attach}), so every
 * session, the tree and completion know them. Settings are flat: {@code ducklake.<name>} holds the URL,
 * {@code ducklake.<name>.dataPath} and {@code ducklake.<name>.readOnly} the options.
 */
public final class DuckLakeAttachments {

	private static final String PREFIX = "ducklake.";

	/** One kept attachment; {@code checkpoint}: a moraine store's checkpoint it is pinned to (META_CHECKPOINT), or null. */
	public record Attachment(String name, String url, String dataPath, boolean readOnly, String checkpoint) {

		public Attachment(String name, String url, String dataPath, boolean readOnly) {
			this(name, url, dataPath, readOnly, null);
		}

		/** The ATTACH statement a session runs for it. */
		public String attachStatement() {
			List<String> opts = new ArrayList<>();
			if (dataPath != null) {
				opts.add("DATA_PATH " + quote(dataPath));
			}
			if (readOnly) {
				opts.add("READ_ONLY");
			}
			if (checkpoint != null) {
				opts.add("META_CHECKPOINT " + quote(checkpoint));
			}
			return "ATTACH " + quote(url) + " AS \"" + name.replace("\"", "\"\"") + "\""
					+ (opts.isEmpty() ? "" : " (" + String.join(", ", opts) + ")");
		}

		private static String quote(String s) {
			return "'" + s.replace("'", "''") + "'";
		}
	}

	private DuckLakeAttachments() {
	}

	/**
	 * Opens the catalog a URL names as a session's ATTACH would (a moraine store through {@code lake}'s OneLake
	 * account when it is on OneLake), to check it before it is kept; the caller closes it.
	 */
	public static io.lakestudio.ducklake.DuckLakeCatalog open(String url, io.lakestudio.ducklake.AttachOptions o,
			String checkpoint, io.lakestudio.onelake.LakeStore lake) throws io.lakestudio.ducklake.DuckLakeException {
		if (url.startsWith(io.lakestudio.moraine.ducklake.MoraineCatalogs.PREFIX)) {
			return io.lakestudio.engine.internal.ducklake.MoraineAttach.open(url, o, checkpoint, lake);
		}
		if (checkpoint != null) {
			throw new io.lakestudio.ducklake.DuckLakeException(url + ": a checkpoint pins a moraine store"
					+ " (ducklake:moraine:<store>)");
		}
		return io.lakestudio.ducklake.DuckLakeCatalog.open(url, o);
	}

	public static List<Attachment> of(Settings s) {
		Map<String, Object> all = new TreeMap<>(s.asMap());
		List<Attachment> out = new ArrayList<>();
		for (Map.Entry<String, Object> e : all.entrySet()) {
			String k = e.getKey();
			if (k.startsWith(PREFIX) && k.indexOf('.', PREFIX.length()) < 0) {
				String name = k.substring(PREFIX.length());
				out.add(new Attachment(name, e.getValue().toString(), s.string(k + ".dataPath", null),
						s.flag(k + ".readOnly"), s.string(k + ".checkpoint", null)));
			}
		}
		return out;
	}

	/** Keeps (or replaces) an attachment; the caller saves the settings. */
	public static void put(Settings s, Attachment a) {
		if (!a.name().matches("[A-Za-z_][A-Za-z0-9_]*")) {
			throw new IllegalArgumentException("a DuckLake catalog's name is letters, digits and _: '" + a.name() + "'");
		}
		s.set(PREFIX + a.name(), a.url());
		s.set(PREFIX + a.name() + ".dataPath", a.dataPath());
		s.set(PREFIX + a.name() + ".readOnly", a.readOnly() ? Boolean.TRUE : null);
		s.set(PREFIX + a.name() + ".checkpoint", a.checkpoint());
	}

	/**
	 * Opens a kept catalog read-only, with no engine: a SQLite catalog through sqlite-jdbc alone (DuckDB's driver
	 * is never loaded for it), a moraine store in a folder through moraine alone, an FDL version
	 * ({@code ducklake:fdl:<folder>[@ref]}) as its verified catalog file, a catalog in a DuckDB file
	 * through DuckDB's driver, loaded as the engine loads it from {@code home}.
	 */
	public static io.lakestudio.ducklake.DuckLakeCatalog openReadOnly(java.nio.file.Path home, Attachment a)
			throws io.lakestudio.ducklake.DuckLakeException {
		io.lakestudio.ducklake.AttachOptions o = io.lakestudio.ducklake.AttachOptions.defaults().withReadOnly(true)
				.withDataPath(a.dataPath());
		if (a.url().startsWith("ducklake:sqlite:")) {
			return io.lakestudio.ducklake.DuckLakeCatalog.open(a.url(), o);
		}
		if (a.url().startsWith(io.lakestudio.moraine.ducklake.MoraineCatalogs.PREFIX)) {
			// a folder store needs no lake; one on OneLake is refused with the reason (the tree asks no lake)
			return io.lakestudio.engine.internal.ducklake.MoraineAttach.open(a.url(), o, a.checkpoint(), null);
		}
		if (a.url().startsWith(io.lakestudio.engine.internal.ducklake.FdlVersions.PREFIX)) {
			// an FDL version: its verified catalog file over the repository's data, as ATTACH opens it
			try {
				var v = io.lakestudio.engine.internal.ducklake.FdlVersions.open(a.url(), home);
				return io.lakestudio.ducklake.DuckLakeCatalog.open(v.sqliteUrl(), o.withDataPath(v.dataPath()));
			} catch (EngineException e) {
				throw new io.lakestudio.ducklake.DuckLakeException(e.getMessage(), e);
			}
		}
		return io.lakestudio.ducklake.DuckLakeCatalog.open(a.url(), o, (file, ro) -> {
			try {
				return io.lakestudio.engine.internal.DuckDb.file(home, file, ro);
			} catch (java.io.IOException e) {
				throw new java.sql.SQLException("cannot load DuckDB: " + e.getMessage(), e);
			}
		});
	}

	/** Forgets an attachment; whether there was one. */
	public static boolean remove(Settings s, String name) {
		boolean had = s.asMap().containsKey(PREFIX + name);
		s.set(PREFIX + name, null);
		s.set(PREFIX + name + ".dataPath", null);
		s.set(PREFIX + name + ".readOnly", null);
		s.set(PREFIX + name + ".checkpoint", null);
		return had;
	}
}
