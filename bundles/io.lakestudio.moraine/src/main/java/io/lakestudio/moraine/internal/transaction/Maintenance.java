package io.lakestudio.moraine.internal.transaction;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.moraine.MaintenanceReport;
import io.lakestudio.moraine.MaintenanceRequest;
import io.lakestudio.moraine.MaintenanceStatusPass;
import io.lakestudio.moraine.MaintenanceStatusStep;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.Timestamp;
import io.lakestudio.moraine.internal.catalog.Sweeps;
import io.lakestudio.moraine.internal.store.Keys;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;
import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;

/**
 * A maintenance pass: deletes dropped indexes' entries in batches of at most the request's size, each batch its
 * own durable write and none a snapshot, so an interrupted pass leaves only a smaller one for next time. The pass
 * is recorded in the status history when it completes.
 */
public final class Maintenance {

	private static final Logger LOG = System.getLogger("io.lakestudio.moraine.maintenance");

	private Maintenance() {
	}

	public static MaintenanceReport run(Kv kv, MaintenanceRequest request, Clock clock, String store) {
		long started = Timestamp.of(clock.instant()).micros();
		int swept = 0, batches = 0;
		long deleted = 0;
		try {
			List<Sweeps.Dead> deadIndexes;
			try (ReadPoint point = kv.read()) {
				deadIndexes = Sweeps.deadIndexes(new RowView(point, null));
			}
			for (Sweeps.Dead dead : deadIndexes) {
				byte[][] range = dead.entryRange();
				while (true) {
					TreeMap<byte[], byte[]> entries;
					try (ReadPoint point = kv.read()) {
						RowView view = new RowView(point, null);
						entries = view.raw(Layout.INDEX, range[0], range[1], request.batchSize());
						if (entries.isEmpty()) {
							CrashPoints.at(CrashPoints.Point.MAINTENANCE_BEFORE_MARK);
							Staged staged = new Staged();
							Sweeps.markSwept(view, staged, dead);
							kv.write(staged.toBatch());
							swept++;
							break;
						}
					}
					WriteBatch batch = new WriteBatch();
					for (byte[] key : entries.keySet())
						batch.delete(Layout.INDEX, key);
					kv.write(batch);
					deleted += entries.size();
					batches++;
					CrashPoints.at(CrashPoints.Point.MAINTENANCE_BETWEEN_BATCHES);
					request.progress().landed("index entries deleted", deleted);
					// Between durable batches only: what is deleted stays deleted, the rest waits for a next pass.
					if (Thread.currentThread().isInterrupted() || request.progress().stopRequested())
						throw new MoraineException(MoraineException.Kind.INTERRUPTED, "maintenance of " + store
								+ " interrupted after " + deleted + " entries in " + batches + " batches; run it again"
								+ " to finish");
				}
			}
			CrashPoints.at(CrashPoints.Point.MAINTENANCE_BEFORE_RECORD);
			long finished = Timestamp.of(clock.instant()).micros();
			record(kv, started, finished, swept, deleted, batches);
			LOG.log(Level.DEBUG, "moraine maintenance on {0}: {1} indexes swept, {2} entries in {3} batches", store,
					swept, deleted, batches);
			return new MaintenanceReport(swept, deleted, batches);
		} catch (KvException e) {
			throw Writes.translate(e, "maintenance");
		}
	}

	private static void record(Kv kv, long started, long finished, int swept, long deleted, int batches)
			throws KvException {
		Map.Entry<byte[], byte[]> last;
		try (ReadPoint point = kv.read()) {
			last = new RowView(point, null).raw(Layout.MAINTENANCE, new byte[0], null, Integer.MAX_VALUE).lastEntry();
		}
		long pass = last == null ? 1 : (Long) Keys.decode(last.getKey()).get(0) + 1;
		kv.write(new WriteBatch().put(Layout.MAINTENANCE, Layout.passKey(pass),
				Values.encode(started, finished, (long) swept, deleted, (long) batches)));
	}

	/** The completed passes, oldest first. */
	public static List<MaintenanceStatusPass> history(RowView view) {
		List<MaintenanceStatusPass> out = new ArrayList<>();
		view.raw(Layout.MAINTENANCE, new byte[0], null, Integer.MAX_VALUE).forEach((k, v) -> {
			List<Object> f = Values.decode(v);
			out.add(new MaintenanceStatusPass((Long) Keys.decode(k).get(0), new Timestamp((Long) f.get(0)),
					new Timestamp((Long) f.get(1)),
					List.of(new MaintenanceStatusStep("indexes_swept", (Long) f.get(2)),
							new MaintenanceStatusStep("index_entries_deleted", (Long) f.get(3)),
							new MaintenanceStatusStep("batches", (Long) f.get(4)))));
		});
		return out;
	}
}
