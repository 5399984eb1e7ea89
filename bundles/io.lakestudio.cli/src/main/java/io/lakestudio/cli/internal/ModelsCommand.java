package io.lakestudio.cli.internal;

import io.lakestudio.catalog.Item;
import picocli.CommandLine.Command;

@Command(name = "models", description = "List semantic models, from the catalog.")
public final class ModelsCommand extends ItemsCommand {

	@Override
	boolean include(Item item) {
		return "SemanticModel".equals(item.type());
	}
}
