package io.lakestudio.store;

import java.time.Instant;

/** What {@link ObjectStore#head} and {@link ObjectStore#list} tell of one object. */
public record ObjectInfo(String path, long size, String etag, Instant lastModified) {
}
