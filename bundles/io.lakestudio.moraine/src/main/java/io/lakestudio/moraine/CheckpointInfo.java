package io.lakestudio.moraine;

import java.time.Instant;
import java.util.Optional;

/** A checkpoint of the store: a cut a pinned reader reads, pinning its objects until it expires or is deleted. */
public record CheckpointInfo(String id, Instant created, Optional<Instant> expires) {
}
