import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.ColumnDef;
import io.lakestudio.moraine.ColumnId;
import io.lakestudio.moraine.IndexDef;
import io.lakestudio.moraine.IndexEntry;
import io.lakestudio.moraine.IndexId;
import io.lakestudio.moraine.SchemaId;
import io.lakestudio.moraine.TableId;
import io.lakestudio.store.FolderStore;

/**
 * Stores for tests/cli-smoke's moraine checks, made through moraine's API on the product's jars:
 * {@code make DIR ENTRIES} a catalog whose table had an index of ENTRIES keys, dropped (work for maintain);
 * {@code hold DIR} holds the writer lease, heartbeating, until killed.
 */
public class MoraineFixture {

	public static void main(String[] args) throws Exception {
		Path dir = Path.of(args[1]);
		if (args[0].equals("hold")) {
			Catalog c = Catalog.open(new FolderStore(dir), CatalogOptions.defaults().withHolder("smoke-holder/1"));
			System.out.println("holding");
			System.out.flush();
			while (true) {
				Thread.sleep(1000);
				c.heartbeat();
			}
		}
		int entries = Integer.parseInt(args[2]);
		try (Catalog c = Catalog.open(new FolderStore(dir), CatalogOptions.defaults())) {
			c.commit(tx -> tx.createTable(new SchemaId(0), "t", List.of(ColumnDef.of("k", "VARCHAR"))));
			TableId t = c.snapshot().tableByName("main", "t").orElseThrow().id();
			ColumnId k = c.snapshot().columns(t).get(0).id();
			c.commit(tx -> {
				IndexId ix = tx.createIndex(t, new IndexDef("by_k", List.of(k), false));
				List<IndexEntry> e = new ArrayList<>();
				for (int i = 0; i < entries; i++)
					e.add(new IndexEntry(i, List.of("v" + i)));
				tx.addIndexEntries(ix, e);
			});
			IndexId ix = c.snapshot().indexes(t).get(0).id();
			c.commit(tx -> tx.dropIndex(t, ix));
		}
		System.out.println("made " + dir);
	}
}
