package io.lakestudio.ui.format;

/** Byte counts in the units a person reads. */
public final class Sizes {

	private static final String[] UNITS = { "B", "KB", "MB", "GB", "TB" };

	private Sizes() {
	}

	public static String of(long bytes) {
		double v = bytes;
		int u = 0;
		while (v >= 1024 && u < UNITS.length - 1) {
			v /= 1024;
			u++;
		}
		return u == 0 ? bytes + " B" : String.format(java.util.Locale.ROOT, "%.1f %s", v, UNITS[u]);
	}
}
