package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;
import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CensusRequest;
import io.lakestudio.moraine.CheckpointInfo;
import io.lakestudio.moraine.CompactStoreRequest;
import io.lakestudio.moraine.MaintenanceReport;
import io.lakestudio.moraine.MaintenanceRequest;
import io.lakestudio.moraine.MigrationReport;
import io.lakestudio.moraine.MigrationRequest;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.StoreCensus;
import io.lakestudio.moraine.SubspaceCensus;
import io.lakestudio.moraine.SubspaceMerge;
import io.lakestudio.moraine.ducklake.MoraineStore;

/**
 * moraine's own calls on a catalog attached from a moraine store, as table functions (or CALLs) answering the
 * seed's reports as rows: {@code moraine_store_census}, {@code moraine_create_checkpoint},
 * {@code moraine_checkpoints}, {@code moraine_delete_checkpoint}, {@code moraine_maintenance},
 * {@code moraine_compact_store}, {@code moraine_migrate}. The ones that write need the attachment read-write.
 */
final class MoraineFunctions {

	private MoraineFunctions() {
	}

	static boolean handles(String name) {
		return name.startsWith("moraine_");
	}

	/** {@code CALL moraine_...('m', ...)}: the table function's rows. */
	static io.lakestudio.engine.CatalogKind.Answer call(DuckLakeKind kind, String name, Attached a, List<String> args)
			throws EngineException {
		try {
			return new io.lakestudio.engine.CatalogKind.Answer(kind.duck(), "SELECT * FROM "
					+ answer(kind.duck(), name, a, args), List.of());
		} catch (SQLException e) {
			throw new EngineException(Kind.FAILED, name + ": " + e.getMessage(), e);
		}
	}

	/** The temp table holding the call's answer. */
	static String answer(Connection d, String name, Attached a, List<String> args) throws SQLException,
			EngineException {
		if (!(a.catalog.store() instanceof MoraineStore m)) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: " + name + ": " + a.name
					+ " is not a moraine catalog (ATTACH 'ducklake:moraine:<store>')");
		}
		String table = "__dl_fn_" + name;
		List<String> sql = new ArrayList<>();
		try {
			switch (name) {
			case "moraine_store_census" -> census(sql, table, m);
			case "moraine_create_checkpoint" -> {
				Optional<Duration> life = args.size() > 1 && args.get(1) != null
						? Optional.of(Duration.ofSeconds(Long.parseLong(args.get(1)))) : Optional.empty();
				String id = writer(m, a, name).createCheckpoint(life);
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + Sql.string(id) + " AS checkpoint_id");
			}
			case "moraine_checkpoints" -> {
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (checkpoint_id VARCHAR, created TIMESTAMPTZ,"
						+ " expires TIMESTAMPTZ)");
				for (CheckpointInfo c : m.catalog().checkpoints()) {
					sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(c.id()) + ", " + Sql.string(c.created()
							.toString()) + "::TIMESTAMPTZ, " + c.expires().map(e -> Sql.string(e.toString())
									+ "::TIMESTAMPTZ").orElse("NULL") + ")");
				}
			}
			case "moraine_delete_checkpoint" -> {
				if (args.size() < 2 || args.get(1) == null) {
					throw new EngineException(Kind.FAILED, "moraine_delete_checkpoint(catalog, checkpoint_id)");
				}
				writer(m, a, name).deleteCheckpoint(args.get(1));
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + Sql.string(args.get(1))
						+ " AS checkpoint_id, true AS deleted");
			}
			case "moraine_maintenance" -> {
				MaintenanceReport r = writer(m, a, name).maintain(MaintenanceRequest.defaults());
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + r.indexesSwept()
						+ "::BIGINT AS indexes_swept, " + r.entriesDeleted() + "::BIGINT AS entries_deleted, "
						+ r.batches() + "::BIGINT AS batches");
			}
			case "moraine_compact_store" -> {
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (subspace VARCHAR, outcome VARCHAR,"
						+ " source_ssts BIGINT, output_ssts BIGINT, bytes_read BIGINT, bytes_written BIGINT,"
						+ " tombstones_dropped BIGINT)");
				for (SubspaceMerge s : writer(m, a, name).compactStore(CompactStoreRequest.defaults()).merges()) {
					sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(s.subspace().toString()) + ", "
							+ Sql.string(s.outcome().name()) + ", " + s.sourceSsts() + ", " + s.outputSsts() + ", "
							+ s.bytesRead() + ", " + s.bytesWritten() + ", " + s.tombstonesDropped() + ")");
				}
			}
			case "moraine_migrate" -> {
				MigrationReport r = writer(m, a, name).migrate(MigrationRequest.defaults());
				sql.add("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT " + r.fromVersion()
						+ "::BIGINT AS from_version, " + r.toVersion() + "::BIGINT AS to_version, " + r.keysRewritten()
						+ "::BIGINT AS keys_rewritten, " + r.noOp() + " AS no_op");
			}
			default -> throw new EngineException(Kind.FAILED, "Catalog Error: no moraine function " + name);
			}
		} catch (MoraineException e) {
			throw new EngineException(Kind.FAILED, name + "(" + a.name + "): " + e.getMessage(), e);
		} catch (NumberFormatException e) {
			throw new EngineException(Kind.FAILED, name + ": a lifetime is whole seconds, not " + args.get(1), e);
		}
		try (Statement s = d.createStatement()) {
			for (String x : sql) {
				s.execute(x);
			}
		}
		return table;
	}

	private static void census(List<String> sql, String table, MoraineStore m) {
		StoreCensus c = m.catalog().storeCensus(CensusRequest.defaults());
		sql.add("CREATE OR REPLACE TEMP TABLE " + table + " (subspace VARCHAR, l0_ssts BIGINT, sorted_runs BIGINT,"
				+ " ssts BIGINT, sst_bytes BIGINT, live_entries BIGINT, live_bytes BIGINT, wal_objects BIGINT,"
				+ " wal_bytes BIGINT, unaccounted_bytes BIGINT)");
		for (SubspaceCensus s : c.subspaces()) {
			sql.add("INSERT INTO " + table + " VALUES (" + Sql.string(s.segment()) + ", " + s.l0Ssts() + ", "
					+ s.sortedRuns() + ", " + s.ssts() + ", " + s.sstBytes() + ", "
					+ (s.liveEntries().isPresent() ? s.liveEntries().getAsLong() : "NULL") + ", "
					+ (s.liveBytes().isPresent() ? s.liveBytes().getAsLong() : "NULL") + ", "
					+ c.objects().walObjects() + ", " + c.objects().walBytes() + ", " + c.unaccountedBytes() + ")");
		}
	}

	private static Catalog writer(MoraineStore m, Attached a, String name) throws EngineException {
		return m.writer().orElseThrow(() -> new EngineException(Kind.FAILED, "Invalid Input Error: " + name
				+ " needs the writer: " + a.name + " is attached read-only"));
	}
}
