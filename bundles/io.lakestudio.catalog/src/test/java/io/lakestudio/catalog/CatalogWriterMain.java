package io.lakestudio.catalog;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The other process of the cross-process tests: writes to a catalog file as a sync job would. */
public final class CatalogWriterMain {

	public static void main(String[] args) throws Exception {
		Path file = Path.of(args[0]);
		try (Catalog c = Catalogs.open(file, "a")) {
			switch (args[1]) {
			case "add-table" -> {
				List<LakeTable> tables = new ArrayList<>(c.tables(args[2]).stream()
						.map(t -> new LakeTable(t.itemId(), t.schema(), t.name(), t.format(), t.location())).toList());
				tables.add(new LakeTable(args[2], "", args[3], LakeTable.DELTA, args[2] + "/Tables/" + args[3]));
				c.replaceTables(args[2], tables, true, Instant.now());
			}
			case "churn" -> {
				// long write transactions for a while: big listings of one item, over and over
				long until = System.currentTimeMillis() + Long.parseLong(args[2]);
				Item item = new Item("W/Big.Lakehouse", "W", "Big", "Lakehouse", false, false, null, null);
				int round = 0;
				while (System.currentTimeMillis() < until) {
					List<LakeTable> tables = new ArrayList<>();
					for (int i = 0; i < 3000; i++) {
						tables.add(new LakeTable(item.id(), "", "t" + i + "_" + (round % 2), "Delta", "x" + i));
					}
					c.replaceTables(item.id(), tables, true, Instant.now());
					round++;
				}
				System.out.println("rounds=" + round);
			}
			default -> throw new IllegalArgumentException(args[1]);
			}
		}
	}
}
