package io.lakestudio.moraine;

import java.util.List;

/**
 * What a store weighs, subspace by subspace (every subspace, so two censuses compare row by row).
 * {@code unaccountedBytes}: what the store holds outside SSTs (the WAL among it); a large figure means a slow
 * attach no merge will fix.
 */
public record StoreCensus(List<SubspaceCensus> subspaces, StoreObjects objects, long unaccountedBytes) {
}
