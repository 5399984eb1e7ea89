package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.MacroEntry;

/**
 * Macros in the specification's three tables: {@code ducklake_macro} (one row per macro, visible by snapshot),
 * {@code ducklake_macro_impl} (its implementations, {@code impl_id} from 0) and {@code ducklake_macro_parameters}
 * (each implementation's parameters, {@code column_id} from 0). Implementations and parameters have no snapshots
 * of their own: a macro replaced is a new macro id.
 */
final class MacroRows {

	private MacroRows() {
	}

	static List<MacroEntry> read(Connection db, long s) throws SQLException {
		Map<Long, Object[]> macros = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT macro_id, schema_id, macro_name,"
				+ " begin_snapshot FROM ducklake_macro WHERE begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR"
				+ " end_snapshot > " + s + ") ORDER BY macro_id")) {
			while (r.next()) {
				macros.put(r.getLong(1), new Object[] { r.getLong(2), r.getString(3), r.getLong(4) });
			}
		}
		if (macros.isEmpty()) {
			return List.of();
		}
		String ids = String.join(", ", macros.keySet().stream().map(String::valueOf).toList());
		Map<String, List<MacroEntry.Parameter>> params = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT macro_id, impl_id, parameter_name,"
				+ " parameter_type, default_value, default_value_type FROM ducklake_macro_parameters WHERE macro_id IN ("
				+ ids + ") ORDER BY macro_id, impl_id, column_id")) {
			while (r.next()) {
				params.computeIfAbsent(r.getLong(1) + "/" + r.getLong(2), k -> new ArrayList<>()).add(
						new MacroEntry.Parameter(r.getString(3), r.getString(4), r.getString(5), r.getString(6)));
			}
		}
		Map<Long, List<MacroEntry.Impl>> impls = new LinkedHashMap<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT macro_id, impl_id, dialect, sql,"
				+ " type FROM ducklake_macro_impl WHERE macro_id IN (" + ids + ") ORDER BY macro_id, impl_id")) {
			while (r.next()) {
				impls.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new MacroEntry.Impl(r.getString(3),
						r.getString(4), r.getString(5), params.getOrDefault(r.getLong(1) + "/" + r.getLong(2),
								List.of())));
			}
		}
		List<MacroEntry> out = new ArrayList<>();
		for (Map.Entry<Long, Object[]> e : macros.entrySet()) {
			Object[] m = e.getValue();
			out.add(new MacroEntry(e.getKey(), (Long) m[0], (String) m[1], (Long) m[2], impls.getOrDefault(e.getKey(),
					List.of())));
		}
		return out;
	}

	/** The commit's macros ended and made at snapshot {@code s}. */
	static void write(Connection db, Commit c, long s) throws SQLException {
		for (long id : c.endedMacros) {
			try (Statement st = db.createStatement()) {
				st.executeUpdate("UPDATE ducklake_macro SET end_snapshot = " + s + " WHERE macro_id = " + id
						+ " AND end_snapshot IS NULL");
			}
		}
		try (PreparedStatement m = db.prepareStatement("INSERT INTO ducklake_macro VALUES (?, ?, ?, ?, NULL)");
				PreparedStatement i = db.prepareStatement("INSERT INTO ducklake_macro_impl VALUES (?, ?, ?, ?, ?)");
				PreparedStatement p = db.prepareStatement("INSERT INTO ducklake_macro_parameters VALUES"
						+ " (?, ?, ?, ?, ?, ?, ?)")) {
			for (MacroEntry e : c.newMacros) {
				long id = e.id();
				m.setLong(1, e.schemaId());
				m.setLong(2, id);
				m.setString(3, e.name());
				m.setLong(4, s);
				m.executeUpdate();
				for (int k = 0; k < e.impls().size(); k++) {
					MacroEntry.Impl impl = e.impls().get(k);
					i.setLong(1, id);
					i.setLong(2, k);
					i.setString(3, impl.dialect());
					i.setString(4, impl.sql());
					i.setString(5, impl.type());
					i.executeUpdate();
					for (int n = 0; n < impl.parameters().size(); n++) {
						MacroEntry.Parameter par = impl.parameters().get(n);
						p.setLong(1, id);
						p.setLong(2, k);
						p.setLong(3, n);
						p.setString(4, par.name());
						p.setString(5, par.type());
						p.setString(6, par.defaultValue());
						p.setString(7, par.defaultValueType());
						p.executeUpdate();
					}
				}
			}
		}
	}
}
