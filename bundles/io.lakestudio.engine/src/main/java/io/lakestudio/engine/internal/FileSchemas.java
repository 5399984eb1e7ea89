package io.lakestudio.engine.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a view may read its files as they are, without {@code schema=} in read_parquet: DuckDB binds that map
 * on every statement (about 0.4 ms over eight files, a quarter of a warm {@code count(*)}). It may when every
 * file has the same top-level columns in the same order, each of a type its footer says for certain, and each
 * column the table declares is there with exactly its declared type; a renamed, added, widened or nested column,
 * or a type the footer can't vouch for, keeps {@code schema=}.
 */
final class FileSchemas {

	private FileSchemas() {
	}

	/**
	 * {@code declared}: physical name to DuckDB type of every column the files hold; {@code columns}: how many
	 * such columns the table has (a nested one is not among {@code declared}, so the counts differ).
	 */
	static boolean asDeclared(List<ParquetFooter.Footer> footers, Map<String, String> declared, int columns) {
		if (footers.isEmpty() || declared.size() != columns) {
			return false;
		}
		ParquetFooter.Footer first = footers.get(0);
		if (new HashSet<>(first.topLevel()).size() != first.topLevel().size()
				|| first.types().size() != first.topLevel().size()) {
			return false; // a name twice (case aside), or a column of a type not known for certain
		}
		for (Map.Entry<String, String> d : declared.entrySet()) {
			if (!d.getValue().equals(first.types().get(d.getKey().toLowerCase(Locale.ROOT)))) {
				return false;
			}
		}
		for (ParquetFooter.Footer f : footers) {
			if (!f.topLevel().equals(first.topLevel()) || !f.types().equals(first.types())) {
				return false;
			}
		}
		return true;
	}
}
