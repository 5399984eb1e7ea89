package io.lakestudio.moraine.internal.transaction;

import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Values;

/** The layout version stamped in the store, and the check every open and read makes against it. */
public final class Format {

	private Format() {
	}

	public static byte[] stamp(int version) {
		return Values.encode((long) version);
	}

	/** The stamped version, or empty for a store never bootstrapped. */
	public static Optional<Integer> version(RowView view) {
		return view.get(Layout.META, Layout.FORMAT_KEY).map(f -> (int) (long) (Long) f.get(0));
	}

	/** Refuses a store this build would misread: a newer layout, or one in the middle of a migration. */
	public static int check(RowView view, String store) {
		int version = checkVersion(view, store);
		Optional<List<Object>> migrating = view.get(Layout.META, Layout.MIGRATION_KEY);
		if (migrating.isPresent())
			throw new MoraineException(MoraineException.Kind.UNSUPPORTED_FORMAT, store
					+ " is being migrated to layout version " + migrating.get().get(0) + "; open it once that is done");
		return version;
	}

	/** Whether a migration cursor is in the store. */
	public static boolean migrating(RowView view) {
		return view.get(Layout.META, Layout.MIGRATION_KEY).isPresent();
	}

	/** Refuses a layout this build would misread; a migration in progress is the caller's to judge. */
	public static int checkVersion(RowView view, String store) {
		int version = version(view).orElseThrow(() -> new MoraineException(MoraineException.Kind.NOT_FOUND,
				store + " holds no moraine catalog"));
		int understood = Migrations.highestUnderstood();
		if (version > understood)
			throw new MoraineException(MoraineException.Kind.UNSUPPORTED_FORMAT, store + " is stamped layout version "
					+ version + "; this build reads up to " + understood + " (upgrade moraine to open it)");
		if (version < 1)
			throw new MoraineException(MoraineException.Kind.UNSUPPORTED_FORMAT,
					store + " is stamped unknown layout version " + version);
		return version;
	}
}
