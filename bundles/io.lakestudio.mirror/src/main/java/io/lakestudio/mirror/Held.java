package io.lakestudio.mirror;

import java.time.Instant;

/**
 * What the mirror holds of a table: its lake location, the latest version copied, and when the copy was last
 * brought up to date (the age an offline read reports).
 */
public record Held(String location, long version, Instant refreshedAt) {
}
