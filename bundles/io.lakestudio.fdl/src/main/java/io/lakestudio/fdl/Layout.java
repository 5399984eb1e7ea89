package io.lakestudio.fdl;

import java.util.regex.Pattern;

/** The paths of a repository (docs/fdl-0.1.md, "Layout") and the rule for branch and tag names. */
public final class Layout {

	public static final String MARKER = "FDL";
	public static final String VERSIONS = "versions/";
	public static final String CATALOGS = "catalogs/";
	public static final String DATA = "data/";
	public static final String HEADS = "refs/heads/";
	public static final String TAGS = "refs/tags/";
	public static final String REQUESTS = "refs/requests/";
	public static final String RETENTION = "retention/";
	public static final String UNNAMED = "gc/unnamed";
	public static final String HOST = "x-/";
	public static final String MAIN = "main";

	private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");
	private static final Pattern REQUEST = Pattern.compile("[1-9][0-9]{0,17}");

	private Layout() {
	}

	public static String version(String id) {
		return VERSIONS + id;
	}

	public static String catalog(String sha256) {
		return CATALOGS + sha256;
	}

	public static String branch(String name) {
		return HEADS + checkName(name);
	}

	public static String tag(String name) {
		return TAGS + checkName(name);
	}

	public static String request(long n) {
		return REQUESTS + n;
	}

	public static String retention(String id) {
		return RETENTION + id;
	}

	/** Branch and tag names: '/'-separated segments of [A-Za-z0-9._-], none starting with '.', at most 200 bytes. */
	public static boolean isName(String name) {
		if (name == null || name.isEmpty() || name.length() > 200 || name.endsWith(".lock"))
			return false;
		for (String s : name.split("/", -1))
			if (!SEGMENT.matcher(s).matches() || s.endsWith(".lock"))
				return false;
		return true;
	}

	public static String checkName(String name) {
		if (!isName(name))
			throw new IllegalArgumentException("not a branch or tag name: " + name
					+ " (segments of letters, digits, '.', '_', '-', not starting with '.')");
		return name;
	}

	/** Whether {@code path} is one the layout has room for (the host refuses writes anywhere else). */
	public static boolean inLayout(String path) {
		if (path.equals(MARKER) || path.equals(UNNAMED) || path.startsWith(HOST) && path.length() > HOST.length())
			return true;
		for (String hashed : new String[] { VERSIONS, CATALOGS, RETENTION })
			if (path.startsWith(hashed))
				return io.lakestudio.fdl.internal.Fields.isHash(path.substring(hashed.length()));
		if (path.startsWith(HEADS))
			return isName(path.substring(HEADS.length()));
		if (path.startsWith(TAGS))
			return isName(path.substring(TAGS.length()));
		if (path.startsWith(REQUESTS))
			return REQUEST.matcher(path.substring(REQUESTS.length())).matches();
		return path.startsWith(DATA) && path.length() > DATA.length() && !path.endsWith("/");
	}

	/** Paths written once, never rewritten (If-Match on them is refused). */
	public static boolean writtenOnce(String path) {
		return path.equals(MARKER) || path.startsWith(VERSIONS) || path.startsWith(CATALOGS) || path.startsWith(DATA)
				|| path.startsWith(TAGS);
	}
}
