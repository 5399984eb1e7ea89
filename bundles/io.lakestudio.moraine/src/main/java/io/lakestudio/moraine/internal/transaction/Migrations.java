package io.lakestudio.moraine.internal.transaction;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import io.lakestudio.moraine.MigrationReport;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.Progress;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvEntry;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;

/**
 * Layout migrations: one-way rewrites from one format version to the next, walking one subspace in key order
 * under a durable cursor (each batch of rewrites lands with the cursor moved past it, so a crash resumes where the
 * last batch ended and rewrites no key twice), then flipping the stamp in one final batch. While a cursor is in
 * the store every reader refuses it. No rewrite exists in this build; tests install a synthetic one.
 */
public final class Migrations {

	private static final Logger LOG = System.getLogger("io.lakestudio.moraine.migration");

	/** One migration step: the entries of {@code subspace} rewritten in place, from {@code from} to {@code to}. */
	public interface Unit {
		int from();

		int to();

		String subspace();

		/** The entry's new value (its key stays). */
		byte[] rewrite(KvEntry entry);
	}

	private static volatile List<Unit> installed = List.of();

	private Migrations() {
	}

	/** Installs migration units (tests only: this build ships none). */
	public static void install(List<Unit> units) {
		installed = List.copyOf(units);
	}

	/** The highest layout version this build reads: its own, or one an installed unit migrates to. */
	static int highestUnderstood() {
		return Math.max(Layout.FORMAT_VERSION, installed.stream().mapToInt(Unit::to).max().orElse(0));
	}

	private record Cursor(int to, byte[] after, long rewritten) {

		byte[] encode() {
			return Values.encode((long) to, after, rewritten);
		}

		static Cursor decode(List<Object> f) {
			return new Cursor((int) (long) (Long) f.get(0), (byte[]) f.get(1), (Long) f.get(2));
		}
	}

	/** Runs (or resumes) every step from the stamped version to the highest understood one. */
	public static MigrationReport run(Kv kv, int batchSize, Progress progress, String store) {
		try {
			int start = stamped(kv);
			int version = start;
			long rewritten = 0;
			while (true) {
				Optional<Cursor> cursor = cursor(kv);
				final int from = version;
				Optional<Unit> unit = cursor.isPresent()
						? installed.stream().filter(u -> u.to() == cursor.get().to()).findFirst()
						: installed.stream().filter(u -> u.from() == from).findFirst();
				if (unit.isEmpty()) {
					if (cursor.isPresent())
						throw new MoraineException(MoraineException.Kind.UNSUPPORTED_FORMAT, store
								+ " is half-way to layout version " + cursor.get().to() + ", which this build cannot finish");
					break;
				}
				rewritten += step(kv, unit.get(), cursor.orElse(null), batchSize, progress, store);
				LOG.log(Level.INFO, "moraine: {0} format stamp upgraded from layout version {1} to {2}", store,
						unit.get().from(), unit.get().to());
				version = unit.get().to();
			}
			return new MigrationReport(start, version, rewritten);
		} catch (KvException e) {
			throw Writes.translate(e, "migration");
		}
	}

	private static int stamped(Kv kv) throws KvException {
		try (ReadPoint p = kv.read()) {
			return Format.version(new RowView(p, null)).orElse(0);
		}
	}

	private static Optional<Cursor> cursor(Kv kv) throws KvException {
		try (ReadPoint p = kv.read()) {
			return new RowView(p, null).get(Layout.META, Layout.MIGRATION_KEY).map(Cursor::decode);
		}
	}

	private static long step(Kv kv, Unit unit, Cursor resumed, int batchSize, Progress progress, String store)
			throws KvException {
		Cursor cursor = resumed;
		if (cursor == null) {
			cursor = new Cursor(unit.to(), new byte[0], 0);
			kv.write(new WriteBatch().expect(Layout.META, Layout.MIGRATION_KEY, null).put(Layout.META,
					Layout.MIGRATION_KEY, cursor.encode()));
		}
		long before = cursor.rewritten;
		while (true) {
			TreeMap<byte[], byte[]> entries;
			try (ReadPoint p = kv.read()) {
				byte[] from = cursor.after.length == 0 ? new byte[0] : successor(cursor.after);
				entries = new RowView(p, null).raw(unit.subspace(), from, null, batchSize);
			}
			if (entries.isEmpty())
				break;
			WriteBatch batch = new WriteBatch();
			entries.forEach((k, v) -> batch.put(unit.subspace(), k, unit.rewrite(new KvEntry(k, v))));
			Cursor next = new Cursor(unit.to(), entries.lastKey(), cursor.rewritten + entries.size());
			batch.expect(Layout.META, Layout.MIGRATION_KEY, cursor.encode());
			batch.put(Layout.META, Layout.MIGRATION_KEY, next.encode());
			kv.write(batch);
			cursor = next;
			CrashPoints.at(CrashPoints.Point.MIGRATION_BETWEEN_BATCHES);
			progress.landed("keys rewritten", cursor.rewritten);
			if (progress.stopRequested())
				throw new MoraineException(MoraineException.Kind.INTERRUPTED, "migration of " + store + " to layout"
						+ " version " + unit.to() + " stopped after " + cursor.rewritten + " keys; readers refuse the store"
						+ " until migrate runs again and finishes it");
		}
		CrashPoints.at(CrashPoints.Point.MIGRATION_BEFORE_STAMP);
		kv.write(new WriteBatch().expect(Layout.META, Layout.MIGRATION_KEY, cursor.encode())
				.put(Layout.META, Layout.FORMAT_KEY, Format.stamp(unit.to())).delete(Layout.META, Layout.MIGRATION_KEY));
		return cursor.rewritten - before;
	}

	/** The first key after {@code key}. */
	private static byte[] successor(byte[] key) {
		byte[] next = java.util.Arrays.copyOf(key, key.length + 1);
		return next;
	}
}
