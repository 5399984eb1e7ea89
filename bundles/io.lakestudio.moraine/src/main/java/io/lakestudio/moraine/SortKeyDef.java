package io.lakestudio.moraine;

/**
 * One key of a sort spec, every field verbatim as DuckLake writes it: the expression and its dialect, the
 * sort_direction (ASC/DESC), the null_order (NULLS_FIRST/NULLS_LAST).
 */
public record SortKeyDef(String expression, String dialect, String sortDirection, String nullOrder) {
}
