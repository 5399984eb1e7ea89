package io.lakestudio.moraine;

import java.util.Optional;

/** One tag: a key/value row, begin/end-versioned like any temporal row. */
public record TagEntry(long objectId, String key, String value, SnapshotId begin, Optional<SnapshotId> end) {
}
