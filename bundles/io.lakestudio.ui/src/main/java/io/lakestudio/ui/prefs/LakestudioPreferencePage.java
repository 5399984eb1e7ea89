package io.lakestudio.ui.prefs;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;

import io.lakestudio.catalog.CatalogException;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * Edits {@code settings.json} in the state folder, the file the command line reads too, rather than an Eclipse
 * preference store. An empty field removes the key, so the reader's own default applies.
 */
public final class LakestudioPreferencePage extends PreferencePage implements IWorkbenchPreferencePage {

	public static final String ID = "io.lakestudio.ui.preferences";

	private record Field(String key, String label, String hint, boolean number) {
	}

	private static final Field[] FIELDS = {
			new Field(Settings.KEEP_USED_TABLES_GB, "Keep tables in use (GB):", "10", true),
			new Field(Settings.DISK_CACHE_MAX_GB, "Disk cache limit (GB):", "default", true),
			new Field(Settings.CATALOG_TTL_MINUTES, "Catalog listings expire after (minutes):", "default", true),
			new Field(Settings.TENANT, "Tenant:", "the account's home tenant", false),
			new Field(Settings.FABRIC_ENDPOINT, "Fabric REST endpoint:", "https://api.fabric.microsoft.com", false),
			new Field(Settings.ONELAKE_ENDPOINT, "OneLake endpoint:", "https://onelake.dfs.fabric.microsoft.com",
					false),
			new Field(Settings.LAKE_FOLDER, "Local lake folder:", "none (OneLake)", false) };

	private final Path home;
	private final Map<String, Text> texts = new LinkedHashMap<>();
	private Button offline;

	public LakestudioPreferencePage() {
		this(Catalogs.home());
	}

	public LakestudioPreferencePage(Path home) {
		this.home = home;
		setDescription("Stored in " + Settings.file(home) + ", shared with the lakestudio command line.");
	}

	@Override
	public void init(IWorkbench workbench) {
		noDefaultAndApplyButton();
	}

	@Override
	protected Control createContents(Composite parent) {
		Composite c = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().numColumns(2).applyTo(c);
		Settings settings = load();
		for (Field f : FIELDS) {
			new Label(c, SWT.NONE).setText(f.label());
			Text t = new Text(c, SWT.BORDER | SWT.SINGLE);
			t.setMessage(f.hint());
			t.setText(settings == null ? "" : settings.string(f.key(), ""));
			t.addModifyListener(e -> validate());
			GridDataFactory.fillDefaults().grab(true, false).hint(250, SWT.DEFAULT).applyTo(t);
			texts.put(f.key(), t);
		}
		offline = new Button(c, SWT.CHECK);
		offline.setText("Work offline: ask nothing of the lake, answer from the catalog and the cache");
		offline.setSelection(settings != null && settings.flag(Settings.OFFLINE));
		GridDataFactory.fillDefaults().span(2, 1).applyTo(offline);
		return c;
	}

	private Settings load() {
		try {
			return Settings.load(home);
		} catch (CatalogException e) {
			setErrorMessage(e.getMessage());
			return null;
		}
	}

	/** Sets a field's text, as typing would (the offline box takes "true"/"false"); for tests. */
	public void setValue(String key, String value) {
		if (Settings.OFFLINE.equals(key)) {
			offline.setSelection(Boolean.parseBoolean(value));
		} else {
			texts.get(key).setText(value);
		}
	}

	private void validate() {
		for (Field f : FIELDS) {
			String v = texts.get(f.key()).getText().strip();
			if (f.number() && !v.isEmpty() && parse(v) == null) {
				setErrorMessage(f.label().replace(":", "") + " must be a number of 0 or more");
				setValid(false);
				return;
			}
		}
		setErrorMessage(null);
		setValid(true);
	}

	private static Number parse(String v) {
		try {
			if (v.matches("\\d+")) {
				return Long.parseLong(v);
			}
			double d = Double.parseDouble(v);
			return d >= 0 && Double.isFinite(d) ? d : null;
		} catch (NumberFormatException e) {
			return null;
		}
	}

	@Override
	public boolean performOk() {
		if (!isValid()) {
			return false;
		}
		Settings settings = load();
		if (settings == null) {
			return false;
		}
		for (Field f : FIELDS) {
			String v = texts.get(f.key()).getText().strip();
			settings.set(f.key(), v.isEmpty() ? null : f.number() ? parse(v) : v);
		}
		settings.set(Settings.OFFLINE, offline.getSelection() ? Boolean.TRUE : null);
		try {
			settings.save();
			OneLakeView.settingsChanged();
			return true;
		} catch (CatalogException e) {
			setErrorMessage(e.getMessage());
			return false;
		}
	}
}
