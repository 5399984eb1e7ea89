package io.lakestudio.store;

/** When a {@link ObjectStore#put} may land. */
public sealed interface WriteCondition {

	/** Always: an unconditional overwrite. */
	WriteCondition ALWAYS = new Always();

	/** Only if no object is at the path (HTTP {@code If-None-Match: *}). */
	WriteCondition IF_ABSENT = new IfAbsent();

	/** Only if the object at the path has this etag now (HTTP {@code If-Match}). */
	static WriteCondition ifMatch(String etag) {
		return new IfMatch(etag);
	}

	record Always() implements WriteCondition {
	}

	record IfAbsent() implements WriteCondition {
	}

	record IfMatch(String etag) implements WriteCondition {
		public IfMatch {
			if (etag == null || etag.isEmpty())
				throw new IllegalArgumentException("If-Match needs an etag");
		}
	}
}
