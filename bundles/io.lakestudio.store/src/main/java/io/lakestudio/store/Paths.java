package io.lakestudio.store;

/** The one rule for object paths every store enforces, so a path can't climb out of a store's root. */
public final class Paths {

	private Paths() {
	}

	/** Returns {@code path} when it is relative, '/'-separated, with no empty, "." or ".." segment. */
	public static String check(String path) {
		if (path == null || path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.contains("\\"))
			throw new IllegalArgumentException("not an object path: " + path);
		for (String segment : path.split("/", -1))
			if (segment.isEmpty() || segment.equals(".") || segment.equals(".."))
				throw new IllegalArgumentException("not an object path: " + path);
		return path;
	}
}
