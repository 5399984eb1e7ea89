package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.lakestudio.catalog.Listing;
import io.lakestudio.ui.tree.ChangeRouter;
import io.lakestudio.ui.tree.LakeNode;

/** Each listing name maps to the node that shows its rows, item ids with '/' included. */
class ChangeRouterTest {

	private final ChangeRouter router = new ChangeRouter("me", id -> id.equals("Sales/Orders.Lakehouse"));

	private List<String> route(String listing) {
		return router.nodes(Set.of(listing)).stream().map(n -> n.getClass().getSimpleName() + ":" + n.key()).toList();
	}

	@Test
	void mapsEachListingToItsNode() {
		assertEquals(List.of("Account:me"), route(Listing.WORKSPACES));
		assertEquals(List.of("WorkspaceNode:Sales"), route(Listing.items("Sales")));
		assertEquals(List.of("ItemNode:Sales/Orders.Lakehouse"), route(Listing.tables("Sales/Orders.Lakehouse")));
		assertEquals(List.of("Table:Sales/Orders.Lakehouse/sales/orders"),
				route(Listing.tableMetadata("Sales/Orders.Lakehouse/sales/orders")));
		assertEquals(List.of("Folder:Sales/Orders.Lakehouse\u0000raw/2024"),
				route(Listing.files("Sales/Orders.Lakehouse", "raw/2024")));
		assertEquals(List.of("Folder:Sales/Orders.Lakehouse\u0000", "ItemNode:Sales/Orders.Lakehouse"),
				route(Listing.files("Sales/Orders.Lakehouse", "")));
		assertEquals(List.of(), route("something/else"));
	}

	@Test
	void probesEqualTheNodesInTheTree() {
		LakeNode probe = router.nodes(Set.of(Listing.tables("Sales/Orders.Lakehouse"))).get(0);
		LakeNode real = new LakeNode.ItemNode(Lakes.lakehouse("Sales", "Orders"));
		assertEquals(real, probe);
		assertEquals(real.hashCode(), probe.hashCode());
	}
}
