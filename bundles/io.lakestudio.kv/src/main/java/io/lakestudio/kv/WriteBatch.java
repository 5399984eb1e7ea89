package io.lakestudio.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.lakestudio.kv.internal.Wal;

/** Puts and deletes that land together or not at all (one WAL object). */
public final class WriteBatch {

	private static final Pattern SUBSPACE = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
	private final List<Wal.Op> ops = new ArrayList<>();

	public WriteBatch put(String subspace, byte[] key, byte[] value) {
		if (value == null)
			throw new IllegalArgumentException("a put needs a value (delete removes)");
		ops.add(new Wal.Op(check(subspace), key.clone(), value.clone()));
		return this;
	}

	public WriteBatch delete(String subspace, byte[] key) {
		ops.add(new Wal.Op(check(subspace), key.clone(), null));
		return this;
	}

	public boolean isEmpty() {
		return ops.isEmpty();
	}

	public int size() {
		return ops.size();
	}

	List<Wal.Op> ops() {
		return ops;
	}

	/** A subspace names a folder of SSTs: letters, digits, '_', '.', '-'. */
	static String check(String subspace) {
		if (subspace == null || !SUBSPACE.matcher(subspace).matches() || subspace.startsWith("."))
			throw new IllegalArgumentException("not a subspace name: " + subspace);
		return subspace;
	}
}
