package io.lakestudio.catalog;

import java.time.Instant;

/** Who sweeps the tenant: the holder's id (host, pid, start time) and its last heartbeat. */
public record Lease(String holder, Instant acquired, Instant heartbeat) {
}
