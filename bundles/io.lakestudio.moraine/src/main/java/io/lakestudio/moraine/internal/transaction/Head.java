package io.lakestudio.moraine.internal.transaction;

import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.internal.catalog.Counters;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Values;

/**
 * The head record: the latest snapshot and the counters after it, in one key every commit both expects and
 * replaces, so two commits from the same head cannot both land.
 */
public final class Head {

	private Head() {
	}

	public static byte[] encode(Counters c) {
		return Values.encode(c.toArray());
	}

	public static Optional<byte[]> raw(RowView view) {
		return view.getRaw(Layout.META, Layout.HEAD_KEY);
	}

	public static Counters read(RowView view) {
		byte[] raw = raw(view).orElseThrow(
				() -> new MoraineException(MoraineException.Kind.STORE, "the store holds no catalog head"));
		return decode(raw);
	}

	static Counters decode(byte[] raw) {
		List<Object> f = Values.decode(raw);
		return Counters.of((long[]) f.get(0));
	}
}
