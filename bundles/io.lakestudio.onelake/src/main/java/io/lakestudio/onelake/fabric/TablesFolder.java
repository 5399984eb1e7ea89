package io.lakestudio.onelake.fabric;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * Tables found by listing an item's {@code Tables/} folder: a folder holding {@code _delta_log/} is a Delta table,
 * one holding {@code metadata/} an Iceberg table, any other folder a schema whose folders are tables. One listing
 * of {@code Tables/}, then one per folder below it (the format is only visible one level down).
 */
final class TablesFolder {

	private final LakeStore store;

	TablesFolder(LakeStore store) {
		this.store = store;
	}

	List<LakeTable> list(Item item) throws LakeException {
		List<LakeTable> out = new ArrayList<>();
		for (LakeStore.Entry top : dirs(item.tablesPath())) {
			List<LakeStore.Entry> inside = store.list(top.path(), false);
			String format = format(inside);
			if (format != null) {
				out.add(new LakeTable(item.id(), "", name(top), format, top.path()));
				continue;
			}
			for (LakeStore.Entry t : inside) {
				if (t.directory()) {
					String f = format(store.list(t.path(), false));
					if (f != null) {
						out.add(new LakeTable(item.id(), name(top), name(t), f, t.path()));
					}
				}
			}
		}
		return out;
	}

	private List<LakeStore.Entry> dirs(String path) throws LakeException {
		return store.list(path, false).stream().filter(LakeStore.Entry::directory).toList();
	}

	private static String format(List<LakeStore.Entry> inside) {
		for (LakeStore.Entry e : inside) {
			if (e.directory() && "_delta_log".equals(name(e))) {
				return LakeTable.DELTA;
			}
		}
		for (LakeStore.Entry e : inside) {
			if (e.directory() && "metadata".equals(name(e))) {
				return LakeTable.ICEBERG;
			}
		}
		return null;
	}

	static String name(LakeStore.Entry e) {
		return e.path().substring(e.path().lastIndexOf('/') + 1);
	}
}
