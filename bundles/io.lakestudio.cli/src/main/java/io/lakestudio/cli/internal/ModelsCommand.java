package io.lakestudio.cli.internal;

import io.lakestudio.catalog.Item;

public final class ModelsCommand extends ItemsCommand {

	@Override
	protected String description() {
		return "List semantic models of one or every workspace, from the catalog.";
	}

	@Override
	boolean include(Item item) {
		return "SemanticModel".equals(item.type());
	}
}
