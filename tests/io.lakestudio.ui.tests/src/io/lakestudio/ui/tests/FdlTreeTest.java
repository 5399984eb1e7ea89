package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.Refs;
import io.lakestudio.fdl.Signing;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * An FDL repository kept as {@code ducklake:fdl:<folder>}: the tree shows its versions (author, time, message,
 * verified or not), branches, tags and open requests, and a version opens to its tables, read-only. The versions
 * are committed with FDL's writer from a working catalog written through the engine's SQL, two by the user's own
 * key (verified) and one by a stranger's (not).
 */
class FdlTreeTest {

	@TempDir
	static Path home;
	@TempDir
	static Path dir;
	static String v1;
	static String v2;
	static String v3;

	@BeforeAll
	static void repository() throws Exception {
		FdlRepos r = FdlRepos.create(home, dir);
		v1 = r.commit(r.me, "ada", "main", "first orders");
		DuckLakes.run("ATTACH '" + r.url + "' AS lake", "INSERT INTO lake.orders VALUES (5, 'west', 1.00)", "SELECT 1");
		v2 = r.commit(r.me, "ada", "main", "fifth order");
		Refs refs = new Refs(r.repository());
		refs.tag("release-1", v1);
		refs.moveBranch("dev", v1, null, false);
		DuckLakes.run("ATTACH '" + r.url + "' AS lake", "INSERT INTO lake.orders VALUES (6, 'east', 2.00)", "SELECT 1");
		v3 = r.commit(Signing.generate(), "eve", "eve", "from a stranger");
		refs.openRequest(v3, "main", "eve", "please merge", Clock.systemUTC());
		r.keep(home);
	}

	@AfterAll
	static void closeEngine() {
		Engines.close();
	}

	@AfterEach
	void close() {
		Workbench.closeView();
	}

	private static List<String> texts(TreeItem item) {
		return Arrays.stream(item.getItems()).map(TreeItem::getText).toList();
	}

	private static String s(String id) {
		return id.substring(0, 12);
	}

	@Test
	void showsVersionsBranchesTagsRequestsAndAVersionsTables() throws Exception {
		Workbench.useHome(home);
		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("drawn", 10_000, () -> view.drawnMillis() >= 0);
		TreeItem repo = Workbench.expand(view, Workbench.path(view, "repo"));
		assertTrue(repo.getText().startsWith("repo 2 fdl ducklake:fdl:"), repo.getText());
		List<String> top = texts(repo);
		assertTrue(top.containsAll(List.of("Versions 3", "Branches 3", "Tags 1", "Open requests 1")), top.toString());

		List<String> versions = texts(Workbench.expand(view, Workbench.path(view, "repo", "Versions")));
		assertEquals(3, versions.size(), versions.toString());
		assertTrue(versions.get(0).startsWith(s(v3) + " ") && versions.get(0).contains("eve")
				&& versions.get(0).contains("untrusted key") && versions.get(0).contains("\"from a stranger\""),
				versions.get(0));
		assertTrue(versions.get(1).startsWith(s(v2) + " ") && versions.get(1).contains("ada \u00b7 verified")
				&& versions.get(1).contains("\"fifth order\""), versions.get(1));
		assertTrue(versions.get(2).startsWith(s(v1) + " "), versions.get(2));
		assertEquals(List.of("dev \u2192 " + s(v1), "eve \u2192 " + s(v3), "main \u2192 " + s(v2)),
				texts(Workbench.expand(view, Workbench.path(view, "repo", "Branches"))));
		assertEquals(List.of("release-1 \u2192 " + s(v1)),
				texts(Workbench.expand(view, Workbench.path(view, "repo", "Tags"))));
		assertEquals(List.of("#1 " + s(v3) + " for main by eve \u00b7 \"please merge\""),
				texts(Workbench.expand(view, Workbench.path(view, "repo", "Open requests"))));
		List<String> tables = texts(Workbench.expand(view, Workbench.path(view, "repo", "Versions", s(v1))));
		assertEquals(List.of("sales.customers (read-only) id, name", "main.orders (read-only) order_id, region, amount"),
				tables);
		Workbench.screenshot("fdl-tree", view.viewer().getControl().getParent());
	}
}
