package io.lakestudio.mirror;

import java.time.Instant;
import java.util.OptionalLong;

/** Which snapshot to read: the latest, a version, or the last commit at or before a time. */
public record At(OptionalLong version, Instant time) {

	public static final At LATEST = new At(OptionalLong.empty(), null);

	public static At version(long v) {
		return new At(OptionalLong.of(v), null);
	}

	public static At time(Instant t) {
		return new At(OptionalLong.empty(), t);
	}

	public boolean latest() {
		return version.isEmpty() && time == null;
	}

	@Override
	public String toString() {
		return version.isPresent() ? "version " + version.getAsLong() : time != null ? "as of " + time : "latest";
	}
}
