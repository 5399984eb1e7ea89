package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;

import io.lakestudio.ducklake.Commit;

/**
 * A commit's tags on view columns, in a 1.1 catalog's {@code ducklake_view_column_tag}: a new value ends the one
 * before (as {@code ducklake_tag} does), and a dropped view's column tags end with it. A renamed view keeps its id,
 * so its tags stay.
 */
final class ViewColumnTags {

	private ViewColumnTags() {
	}

	static void write(Connection db, Commit c, long s) throws SQLException {
		try (PreparedStatement drop = db.prepareStatement("UPDATE ducklake_view_column_tag SET end_snapshot = ? WHERE"
				+ " view_id = ? AND end_snapshot IS NULL")) {
			for (long v : c.endedViews) {
				if (c.newViews.stream().noneMatch(x -> x.id() == v)) {
					drop.setLong(1, s);
					drop.setLong(2, v);
					drop.executeUpdate();
				}
			}
		}
		try (PreparedStatement end = db.prepareStatement("UPDATE ducklake_view_column_tag SET end_snapshot = ? WHERE"
				+ " view_id = ? AND column_name = ? AND key = ? AND end_snapshot IS NULL");
				PreparedStatement ins = db.prepareStatement(
						"INSERT INTO ducklake_view_column_tag VALUES (?, ?, ?, NULL, ?, ?)")) {
			for (Map.Entry<Long, Map<String, Map<String, String>>> v : c.viewColumnTags.entrySet()) {
				if (c.endedViews.contains(v.getKey()) && c.newViews.stream().noneMatch(x -> x.id() == v.getKey())) {
					continue; // dropped by this commit too
				}
				for (Map.Entry<String, Map<String, String>> col : v.getValue().entrySet()) {
					for (Map.Entry<String, String> kv : col.getValue().entrySet()) {
						end.setLong(1, s);
						end.setLong(2, v.getKey());
						end.setString(3, col.getKey());
						end.setString(4, kv.getKey());
						end.executeUpdate();
						if (kv.getValue() != null) {
							ins.setLong(1, v.getKey());
							ins.setString(2, col.getKey());
							ins.setLong(3, s);
							ins.setString(4, kv.getKey());
							ins.setString(5, kv.getValue());
							ins.executeUpdate();
						}
					}
				}
			}
		}
	}
}
