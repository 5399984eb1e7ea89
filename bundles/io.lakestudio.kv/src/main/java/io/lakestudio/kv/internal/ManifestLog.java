package io.lakestudio.kv.internal;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;

/**
 * The manifest's versions in the store. An update reads the newest version, applies a change to it and writes the
 * next version if-absent; when another process (a reader adding its checkpoint, a writer taking over) wrote that
 * version first, it reads again and re-applies, unless {@code guard} refuses the newer one (a writer fenced).
 */
public final class ManifestLog {

	/** Refuses a manifest a writer must not build on (a newer writer's). */
	public interface Guard {
		void check(Manifest latest) throws Fenced;
	}

	/** Thrown by a guard: a newer writer holds the store. */
	public static final class Fenced extends Exception {
		private static final long serialVersionUID = 1L;
		public final long epoch;

		public Fenced(long epoch) {
			super("fenced by a writer at epoch " + epoch);
			this.epoch = epoch;
		}
	}

	private final ObjectStore store;

	public ManifestLog(ObjectStore store) {
		this.store = store;
	}

	/** The newest version, or empty for a store never opened. */
	public Optional<Manifest> latest() throws StoreException {
		for (int tries = 0;; tries++) {
			List<ObjectInfo> all = store.list("manifest/");
			if (all.isEmpty())
				return Optional.empty();
			String path = all.get(all.size() - 1).path();
			try {
				return Optional.of(read(path));
			} catch (StoreException e) {
				// collected between the listing and the read: a newer one is there now
				if (e.kind() != StoreException.Kind.NOT_FOUND || tries > 5)
					throw e;
			}
		}
	}

	public Manifest read(long version) throws StoreException {
		return read(Manifest.path(version));
	}

	private Manifest read(String path) throws StoreException {
		byte[] b = store.get(path);
		try {
			return Manifest.decode(b);
		} catch (Manifest.UnsupportedLayout e) {
			throw new StoreException(StoreException.Kind.DAMAGED, path, e.getMessage(), e);
		} catch (RuntimeException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, path, path + ": " + e.getMessage(), e);
		}
	}

	/** Writes {@code change(base)} as base's next version, rebasing on the newest one until it lands. */
	public Manifest update(Manifest base, UnaryOperator<Manifest> change, Guard guard)
			throws StoreException, Fenced {
		Manifest from = base;
		for (int tries = 0; tries < 1000; tries++) {
			guard.check(from);
			Manifest next = change.apply(from);
			try {
				store.put(Manifest.path(next.version()), next.encode(), io.lakestudio.store.WriteCondition.IF_ABSENT);
				return next;
			} catch (PreconditionFailed e) {
				from = latest().orElseThrow();
			}
		}
		throw new StoreException(StoreException.Kind.UNAVAILABLE, "manifest/", "the manifest kept moving: 1000 tries");
	}
}
