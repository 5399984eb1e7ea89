package io.lakestudio.fdl.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.store.http.HttpStore;
import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Transfer;
import io.lakestudio.fdl.Writer;
import io.lakestudio.fdl.WorkingCatalogs;
import io.lakestudio.store.FolderStore;

/**
 * A forced move of a branch through the HTTP host, as {@code fdl push --force} makes it: refused as not a
 * fast-forward without force; with it, sent as {@code FDL-Force: true} and taken (this host lets anyone force a
 * branch but main), refused (403) on main from someone who may not move it, and a forced push of another history
 * moves the host's main.
 */
class ForcedMoveTest {

	@TempDir
	Path dir;

	@Test
	void aForcedMoveReachesTheHostAsForced() throws Exception {
		Path root = dir.resolve("hosted");
		Files.createDirectories(root);
		Repository hosted = Repository.init(new FolderStore(root), root + "/");
		Signing key = Signing.generate();
		try (Host host = new Host(hosted, Access.of(Map.of("owner", new Access.Who("owner", true), "dev",
				new Access.Who("dev", false))), new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), null,
				1 << 24, Clock.systemUTC()).start()) {
			Repository owner = new Repository(new HttpStore(host.uri(), () -> "owner"), host.uri().toString());
			Repository dev = new Repository(new HttpStore(host.uri(), () -> "dev"), host.uri().toString());
			String v1, v2;
			try (var w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
				v1 = new Writer(owner, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "1", dir.resolve("t"),
						false).id();
				w.insert(50);
				v2 = new Writer(owner, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "2", dir.resolve("t"),
						false).id();
			}
			new Refs(owner).moveBranch("topic", v2, null, false);
			String topic = owner.ref("refs/heads/topic").get().etag();
			assertEquals(Refusal.NOT_FAST_FORWARD, assertThrows(FdlException.class,
					() -> new Refs(owner).moveBranch("topic", v1, topic, false)).refusal());
			assertEquals(v2, hosted.resolve("topic"));
			// this host lets anyone force a branch but main (its decision); main only those who may move it
			new Refs(dev).moveBranch("topic", v1, topic, true);
			assertEquals(v1, hosted.resolve("topic"));
			String main = owner.ref("refs/heads/main").get().etag();
			assertEquals(Refusal.FORBIDDEN, assertThrows(FdlException.class,
					() -> new Refs(dev).moveBranch("main", v1, main, true)).refusal());
			assertEquals(v2, hosted.resolve("main"));

			// another history pushed over main with --force
			Path other = dir.resolve("other");
			Files.createDirectories(other);
			Repository local = Repository.init(new FolderStore(other), other + "/");
			String mine;
			try (var w = WorkingCatalogs.with(dir.resolve("w2"), 300)) {
				mine = new Writer(local, key, "Ada", Clock.systemUTC()).commit(w.catalog(), "main", "other",
						dir.resolve("t2"), false).id();
			}
			assertEquals(Refusal.NOT_FAST_FORWARD, assertThrows(FdlException.class,
					() -> new Transfer(local, owner).branch("main", false)).refusal());
			new Transfer(local, owner).branch("main", true);
			assertEquals(mine, hosted.resolve("main"));
		}
	}
}
