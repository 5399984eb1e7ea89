package io.lakestudio.engine.ducklake;

import java.nio.file.Path;
import java.util.Random;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineSession;

/**
 * A writer for {@link DuckLakeKillTest}, in a JVM of its own: attaches the catalog and runs INSERTs and DELETEs
 * (some in a BEGIN ... COMMIT of both) until it is killed, saying "ready" once attached and "done N" after each
 * statement, so the test can kill it anywhere among them.
 */
public final class KillWriterMain {

	public static void main(String[] args) throws Exception {
		Path home = Path.of(args[0]);
		String url = args[1];
		Path data = Path.of(args[2]);
		Random random = new Random(Long.parseLong(args[3]));
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "k"), "k");
				Engine engine = DuckLakeEngines.small(home, c);
				EngineSession s = engine.openSession("kill")) {
			s.execute("ATTACH '" + url + "' AS lake (DATA_PATH '" + data + "', DATA_INLINING_ROW_LIMIT 0)").close();
			s.execute("SELECT count(*) FROM lake.t").close();
			System.out.println("ready");
			System.out.flush();
			for (long n = 0;; n++) {
				int k = random.nextInt(3);
				long base = random.nextInt(1_000_000);
				if (k == 0) {
					s.execute("INSERT INTO lake.t SELECT " + base + " + range, 'r' || range FROM range(" + (1 + random
							.nextInt(2000)) + ")").close();
				} else if (k == 1) {
					s.execute("DELETE FROM lake.t WHERE i % 7 = " + random.nextInt(7) + " AND i > " + base).close();
				} else {
					s.execute("BEGIN").close();
					s.execute("INSERT INTO lake.t SELECT " + base + " + range, 'tx' FROM range(300)").close();
					s.execute("DELETE FROM lake.t WHERE i % 11 = " + random.nextInt(11)).close();
					s.execute("COMMIT").close();
				}
				System.out.println("done " + n);
				System.out.flush();
			}
		}
	}
}
