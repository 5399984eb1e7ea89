package io.lakestudio.catalog;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * {@code settings.json} in the state folder: what the workbench's preference page edits and the command line
 * reads. A flat object of strings, numbers and booleans; keys this version doesn't know are kept as they are.
 * Tokens never go here.
 */
public final class Settings {

	public static final String ACCOUNT = "account";
	/** Where the embedded default lake is: a local folder. */
	public static final String LAKE_FOLDER = "lakeFolder";
	public static final String CATALOG_TTL_MINUTES = "catalogTtlMinutes";
	public static final String KEEP_USED_TABLES_GB = "keepUsedTablesGB";
	public static final String DISK_CACHE_MAX_GB = "diskCacheMaxGB";
	public static final String TENANT = "tenant";
	public static final String OFFLINE = "offline";
	/** OneLake's endpoints, so the emulator and other clouds work; Microsoft's public ones when unset. */
	public static final String FABRIC_ENDPOINT = "fabricEndpoint";
	public static final String ONELAKE_ENDPOINT = "onelakeEndpoint";

	private static final JsonFactory JSON = new JsonFactory();

	private final Path file;
	private final Map<String, Object> values;

	private Settings(Path file, Map<String, Object> values) {
		this.file = file;
		this.values = values;
	}

	public static Path file(Path home) {
		return home.resolve("settings.json");
	}

	/** Reads the settings; a missing file gives the defaults, an unreadable one says which file and why. */
	public static Settings load(Path home) {
		Path file = file(home);
		Map<String, Object> values = new LinkedHashMap<>();
		if (Files.exists(file)) {
			try (JsonParser p = JSON.createParser(file.toFile())) {
				if (p.nextToken() != JsonToken.START_OBJECT) {
					throw new CatalogException("The settings file " + file + " is not a JSON object");
				}
				while (p.nextToken() == JsonToken.FIELD_NAME) {
					String key = p.currentName();
					JsonToken t = p.nextToken();
					switch (t) {
					case VALUE_STRING -> values.put(key, p.getText());
					case VALUE_NUMBER_INT -> values.put(key, p.getLongValue());
					case VALUE_NUMBER_FLOAT -> values.put(key, p.getDoubleValue());
					case VALUE_TRUE, VALUE_FALSE -> values.put(key, p.getBooleanValue());
					default -> p.skipChildren();
					}
				}
			} catch (IOException e) {
				throw new CatalogException("The settings file " + file + " cannot be read: " + e.getMessage(), e);
			}
		}
		return new Settings(file, values);
	}

	public String account() {
		return string(ACCOUNT, "local");
	}

	public String string(String key, String fallback) {
		Object v = values.get(key);
		return v == null ? fallback : v.toString();
	}

	public double number(String key, double fallback) {
		Object v = values.get(key);
		if (v instanceof Number n) {
			return n.doubleValue();
		}
		try {
			return v == null ? fallback : Double.parseDouble(v.toString());
		} catch (NumberFormatException e) {
			return fallback;
		}
	}

	public boolean flag(String key) {
		Object v = values.get(key);
		return v instanceof Boolean b ? b : v != null && Boolean.parseBoolean(v.toString());
	}

	public Settings set(String key, Object value) {
		if (value == null) {
			values.remove(key);
		} else {
			values.put(key, value);
		}
		return this;
	}

	/** Every setting, as read (DuckLake attachments are kept as keys {@code ducklake.<name>...}). */
	public Map<String, Object> asMap() {
		return Map.copyOf(values);
	}

	/** Writes the file atomically, so a reader never sees half of it. */
	public void save() {
		try {
			StateFolder.ensure(file.getParent());
			Path tmp = Files.createTempFile(file.getParent(), "settings", ".tmp"); // 0600
			try (OutputStream out = Files.newOutputStream(tmp);
					JsonGenerator g = JSON.createGenerator(out).useDefaultPrettyPrinter()) {
				g.writeStartObject();
				for (Map.Entry<String, Object> e : values.entrySet()) {
					g.writeFieldName(e.getKey());
					Object v = e.getValue();
					if (v instanceof Boolean b) {
						g.writeBoolean(b);
					} else if (v instanceof Long || v instanceof Integer) {
						g.writeNumber(((Number) v).longValue());
					} else if (v instanceof Number n) {
						g.writeNumber(n.doubleValue());
					} else {
						g.writeString(v.toString());
					}
				}
				g.writeEndObject();
			}
			Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		} catch (IOException e) {
			throw new CatalogException("Cannot write the settings file " + file + ": " + e.getMessage(), e);
		}
	}
}
