package io.lakestudio.moraine.store;

import java.time.Instant;
import java.util.Optional;

/** A checkpoint: a cut of the store pinned (with the objects it needs) until it expires or is deleted. */
public record KvCheckpoint(String id, long sequence, Instant created, Optional<Instant> expires) {
}
