package io.lakestudio.moraine;

import java.util.List;

/** What a store merge did, subspace by subspace. */
public record CompactStoreReport(List<SubspaceMerge> merges) {
}
