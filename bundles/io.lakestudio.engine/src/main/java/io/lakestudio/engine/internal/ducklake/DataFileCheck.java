package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;

/**
 * A table's data files as the catalog names them, looked at before its view is made: each local file there, its
 * size the catalog's, and ending in a Parquet footer that fits it. A file missing or damaged fails the
 * statement with the table's name and the file's; other tables' views don't depend on it, so they still read.
 * A file damaged inside (found only while DuckDB reads it) is named with its table by {@link #explain}.
 */
final class DataFileCheck {

	private static final Pattern PATH = Pattern.compile("(/[^\\s'\"]+\\.parquet)");

	private DataFileCheck() {
	}

	static void check(Attached a, CatalogAt cat, TableEntry t, ReadPlan plan) throws DuckLakeException {
		SchemaEntry schema = cat.schemaOf(t).orElse(null);
		String table = (schema == null ? "" : schema.name() + ".") + t.name();
		for (ReadPlan.Part p : plan.parts()) {
			DataFile f = p.data();
			String path = a.catalog.resolve(schema, t, f.path(), f.relative());
			if (path.matches("^[a-z0-9]+://.*")) {
				continue; // an object store's file: read through its own client
			}
			String wrong = wrong(Path.of(path), f.fileSizeBytes());
			if (wrong != null) {
				throw new DuckLakeException("IO Error: table " + a.name + "." + table + ": its data file " + path + " "
						+ wrong + " (other tables still read; the catalog names the file since snapshot "
						+ f.beginSnapshot() + ")");
			}
		}
		fdl(a, schema, t, plan.parts());
	}

	/**
	 * An FDL version's data and delete files, each checked against the size and SHA-256 its frozen catalog gives
	 * before DuckDB reads it the first time (docs/fdl-0.1.md, "Reading" 7). A file checked once in this attachment,
	 * or stamped unchanged by an earlier one, costs a lookup: the hashing is paid once, not per statement.
	 */
	static void fdl(Attached a, SchemaEntry schema, TableEntry t, List<ReadPlan.Part> parts) throws DuckLakeException {
		if (a.fdlFiles == null) {
			return;
		}
		String table = a.name + "." + (schema == null ? "" : schema.name() + ".") + t.name();
		try {
			for (ReadPlan.Part p : parts) {
				a.fdlFiles.check(Path.of(a.catalog.resolve(schema, t, p.data().path(), p.data().relative())));
				if (p.deletes() != null) {
					a.fdlFiles.check(Path.of(a.catalog.resolve(schema, t, p.deletes().path(), p.deletes().relative())));
				}
			}
		} catch (io.lakestudio.fdl.FdlException e) {
			throw new DuckLakeException("IO Error: table " + table + ": " + e.getMessage()
					+ " (other tables still read)", e);
		}
	}

	/**
	 * DuckDB's error named no file (a page damaged inside, say): each file of the tables this session read is read
	 * through, and the first that fails is named with its table. Only on a failure, so its cost is the failure's.
	 */
	private static String scan(String message, KindDuckDb db, DuckLakeKind kind) {
		try {
			java.sql.Connection d = db.connection();
			for (String key : List.copyOf(db.defined.keySet())) {
				String[] k = key.split("/");
				Attached a = kind.catalog(k[0]);
				if (a == null) {
					continue;
				}
				io.lakestudio.ducklake.Snapshot at = a.catalog.store().snapshot(Long.parseLong(k[2])).orElse(null);
				if (at == null) {
					continue;
				}
				CatalogAt cat = a.catalog.store().at(at);
				TableEntry t = cat.tables().stream().filter(x -> x.id() == Long.parseLong(k[1])).findFirst().orElse(null);
				if (t == null) {
					continue;
				}
				SchemaEntry s = cat.schemaOf(t).orElse(null);
				for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), at, null, t.id()).parts()) {
					String path = a.catalog.resolve(s, t, p.data().path(), p.data().relative());
					try (java.sql.Statement st = d.createStatement(); java.sql.ResultSet r = st.executeQuery(
							"SELECT sum(hash(COLUMNS(*))) FROM read_parquet(" + io.lakestudio.engine.internal.Sql.string(path)
									+ ")")) {
						while (r.next()) {
							// read through
						}
					} catch (java.sql.SQLException e) {
						return message + " (table " + a.name + "." + (s == null ? "" : s.name() + ".") + t.name()
								+ ": its data file " + path + " is damaged: " + String.valueOf(e.getMessage()).replace('\n',
										' ') + "; other tables still read)";
					}
				}
			}
		} catch (io.lakestudio.engine.EngineException | DuckLakeException | RuntimeException e) {
			return message;
		}
		return message;
	}

	/** What is wrong with the file, or null when it looks as the catalog says. */
	private static String wrong(Path file, long size) {
		try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
			long have = ch.size();
			if (size > 0 && have != size) {
				return "is damaged: " + have + " bytes where the catalog says " + size;
			}
			if (have < 12) {
				return "is damaged: " + have + " bytes, too small for a Parquet file";
			}
			ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
			ch.read(tail, have - 8);
			tail.flip();
			int length = tail.getInt();
			byte[] magic = new byte[4];
			tail.get(magic);
			if (!new String(magic, java.nio.charset.StandardCharsets.US_ASCII).equals("PAR1")) {
				return "is damaged: it does not end as a Parquet file does";
			}
			if (length <= 0 || length + 12L > have) {
				return "is damaged: its Parquet footer length " + length + " does not fit the file";
			}
			return null;
		} catch (NoSuchFileException e) {
			return "is missing";
		} catch (IOException e) {
			return "cannot be read: " + e.getMessage();
		}
	}

	/**
	 * DuckDB's error for a statement, with the table each attached catalog's file it names belongs to; the message
	 * as it was when it names none.
	 */
	static String explain(String message, Iterable<Attached> attached, KindDuckDb db, DuckLakeKind kind) {
		Matcher m = PATH.matcher(message == null ? "" : message);
		if (!m.find()) {
			return scan(message, db, kind);
		}
		String file = m.group(1);
		for (Attached a : attached) {
			if (!file.startsWith(a.catalog.dataPath())) {
				continue;
			}
			try {
				CatalogAt cat = a.view();
				for (TableEntry t : cat.tables()) {
					SchemaEntry s = cat.schemaOf(t).orElse(null);
					List<DataFile> files = a.catalog.store().dataFiles(t.id(), a.snapshot().id());
					for (DataFile f : files) {
						if (a.catalog.resolve(s, t, f.path(), f.relative()).equals(file)) {
							return message + " (the data file of table " + a.name + "." + (s == null ? "" : s.name()
									+ ".") + t.name() + "; other tables still read)";
						}
					}
				}
			} catch (DuckLakeException e) {
				return message;
			}
		}
		return message;
	}
}
