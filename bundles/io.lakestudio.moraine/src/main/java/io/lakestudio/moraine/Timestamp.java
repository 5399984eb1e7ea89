package io.lakestudio.moraine;

import java.time.Instant;

/** An instant as microseconds from the Unix epoch in UTC, the precision the catalog persists. */
public record Timestamp(long micros) {

	public static Timestamp of(Instant instant) {
		return new Timestamp(Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
				instant.getNano() / 1_000));
	}

	public Instant toInstant() {
		return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000);
	}

	@Override
	public String toString() {
		return toInstant().toString();
	}
}
