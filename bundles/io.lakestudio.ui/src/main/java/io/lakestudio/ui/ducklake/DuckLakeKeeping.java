package io.lakestudio.ui.ducklake;

import java.nio.file.Path;

import io.lakestudio.catalog.Settings;
import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;

/**
 * "Attach DuckLake…" and "Detach": the same settings {@code lakestudio ducklake attach|detach} writes. Attach opens
 * the catalog first, as the command does (a new file becomes a new, empty catalog), so a file that isn't DuckLake
 * is refused with its one-line reason and nothing is kept.
 */
public final class DuckLakeKeeping {

	private DuckLakeKeeping() {
	}

	/** Keeps the attachment; the message of why not, or null when kept. */
	public static String attach(Path home, String name, String url, String dataPath, boolean readOnly) {
		String n = name == null ? "" : name.strip();
		String u = url == null ? "" : url.strip();
		String d = dataPath == null || dataPath.isBlank() ? null : dataPath.strip();
		if (n.isEmpty() || u.isEmpty()) {
			return "A name and a URL (ducklake:sqlite:<file>, ducklake:moraine:<folder>) are needed.";
		}
		Settings settings = Settings.load(home);
		if (DuckLakeAttachments.of(settings).stream().anyMatch(a -> a.name().equalsIgnoreCase(n))) {
			return "A DuckLake catalog named " + n + " is attached already; detach it first.";
		}
		Attachment a = new Attachment(n, u, d, readOnly);
		try {
			DuckLakeAttachments.put(Settings.load(home), a); // checks the name before anything is opened
		} catch (IllegalArgumentException e) {
			return e.getMessage();
		}
		// an FDL version is read-only and opened as the engine's ATTACH opens it; the rest as the command opens them
		try (DuckLakeCatalog c = FdlFacts.fdl(u) ? DuckLakeAttachments.openReadOnly(home, a)
				: DuckLakeAttachments.open(u, AttachOptions.defaults().withDataPath(d).withReadOnly(readOnly), null,
						null)) {
			c.store().latest();
		} catch (DuckLakeException | RuntimeException e) {
			return e.getMessage();
		}
		DuckLakeAttachments.put(settings, a);
		settings.save();
		return null;
	}

	/** Forgets the attachment (the catalog and its files stay); whether there was one. */
	public static boolean detach(Path home, String name) {
		Settings settings = Settings.load(home);
		boolean had = DuckLakeAttachments.remove(settings, name);
		if (had) {
			settings.save();
		}
		return had;
	}
}
