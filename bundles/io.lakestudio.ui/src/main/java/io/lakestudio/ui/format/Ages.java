package io.lakestudio.ui.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Times as tooltips show them: local time, and how long ago. */
public final class Ages {

	private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
			.withZone(ZoneId.systemDefault());

	private Ages() {
	}

	public static String when(Instant at, Instant now) {
		return at == null ? "never" : LOCAL.format(at) + " (" + ago(Duration.between(at, now)) + ")";
	}

	public static String ago(Duration d) {
		long s = Math.max(0, d.toSeconds());
		if (s < 60) {
			return "just now";
		}
		if (s < 3600) {
			return s / 60 + " min ago";
		}
		if (s < 86400) {
			return s / 3600 + " h ago";
		}
		return s / 86400 + " days ago";
	}
}
