package io.lakestudio.fdl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys a reader trusts, each with the name it knows its owner by. Kept as lines {@code <hex key> <name>} in a
 * file of the state folder; the reader's own key is trusted too. Which keys to trust is the reader's own choice.
 */
public final class Trust {

	private final Map<String, String> keys = new LinkedHashMap<>();
	private final Path file;
	private boolean everyone;

	private Trust(Path file) {
		this.file = file;
	}

	public static Trust of(String... keys) {
		Trust t = new Trust(null);
		for (String k : keys)
			t.keys.put(k, "");
		return t;
	}

	/** Every key: for a reader that has chosen not to check who made a version. */
	public static Trust anyone() {
		Trust t = new Trust(null);
		t.everyone = true;
		return t;
	}

	public static Trust load(Path file) throws IOException {
		Trust t = new Trust(file);
		if (Files.exists(file))
			for (String line : Files.readAllLines(file)) {
				String[] kv = line.strip().split("\\s+", 2);
				if (Signing.isKey(kv[0]))
					t.keys.put(kv[0], kv.length > 1 ? kv[1] : "");
			}
		return t;
	}

	/** These keys and {@code key} too, for this reader only (nothing is written). */
	public Trust and(String key, String name) {
		Trust t = new Trust(null);
		t.keys.putAll(keys);
		t.everyone = everyone;
		t.keys.put(key, name);
		return t;
	}

	public boolean trusts(String key) {
		return everyone || keys.containsKey(key);
	}

	public Map<String, String> keys() {
		return Collections.unmodifiableMap(keys);
	}

	/** Trusts {@code key} from now on, and writes the file when there is one. */
	public void add(String key, String name) throws IOException {
		if (!Signing.isKey(key))
			throw new IllegalArgumentException("not an Ed25519 key (64 hex digits): " + key);
		keys.put(key, name == null ? "" : name.replaceAll("\\s+", " "));
		if (file == null)
			return;
		StringBuilder b = new StringBuilder();
		keys.forEach((k, n) -> b.append(k).append(' ').append(n).append('\n'));
		Files.createDirectories(file.getParent());
		Path tmp = Files.createTempFile(file.getParent(), "trusted", ".tmp");
		Files.writeString(tmp, b);
		Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
	}
}
