package io.lakestudio.moraine;

/** Errors returned by moraine operations; {@link #kind()} says which, so a caller can act on it. */
public class MoraineException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		/** A named or identified object that does not exist at the snapshot read. */
		NOT_FOUND,
		/** A name already taken among the live objects it must be unique in. */
		ALREADY_EXISTS,
		/** A request the catalog's rules refuse (a bad argument, a non-empty schema dropped, …). */
		INVALID,
		/** A commit that lost to another after its retries were spent. */
		CONFLICT,
		/** A newer writer opened the store: this handle writes nothing more. */
		FENCED,
		/** Another process holds the writer lease and is alive. */
		LEASE_HELD,
		/** A store stamped with a layout this build does not understand (or one being migrated). */
		UNSUPPORTED_FORMAT,
		/** A commit larger than {@link CatalogOptions#maxCommitBytes()}: nothing was written. */
		COMMIT_TOO_LARGE,
		/** A checkpoint that does not exist or has expired. */
		NO_SUCH_CHECKPOINT,
		/** A snapshot id the catalog never minted (or whose snapshot has been expired). */
		NO_SUCH_SNAPSHOT,
		/** An operation stopped by its caller's interrupt; what it had made durable stays. */
		INTERRUPTED,
		/** The KV store or the object store under it failed. */
		STORE
	}

	private final Kind kind;

	public MoraineException(Kind kind, String message) {
		this(kind, message, null);
	}

	public MoraineException(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
