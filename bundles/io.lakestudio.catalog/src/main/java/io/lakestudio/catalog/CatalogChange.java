package io.lakestudio.catalog;

import java.util.Set;

/**
 * What changed in the catalog since the watcher last looked: the listings whose rows or sync state changed, so a
 * tree redraws only their nodes. {@code everything} is set when the file itself was replaced (set aside, cleared).
 */
public record CatalogChange(Set<String> listings, boolean everything) {
}
