package io.lakestudio.mirror;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.onelake.DeltaMetadata;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * OneLake's table metadata read by Delta Kernel: the log copied as the mirror copies it (the last checkpoint,
 * multipart or v2 with its sidecars, and the commits after it; no deletion vectors) into a folder of its own,
 * read, and deleted; one request at a time, as the sync job's pace asks. Replaying JSON commits alone can't read
 * a table with a checkpoint, and Fabric checkpoints every table. The engine's mirror is not written: it is kept by
 * the process that reads rows.
 */
public final class LogMetadata implements FabricLake.MetadataReader {

	private final Clock clock;

	public LogMetadata(Clock clock) {
		this.clock = clock;
	}

	@Override
	public TableMetadata read(LakeStore store, LakeTable table) throws LakeException {
		if (!LakeTable.DELTA.equals(table.format())) {
			throw new LakeException(Kind.FAILED, table.format() + " metadata is read by the mirror, not here");
		}
		Path tmp;
		try {
			tmp = Files.createTempDirectory("lakestudio-log");
		} catch (IOException e) {
			throw new LakeException(Kind.FAILED, "cannot make a folder for the log of " + table.location() + ": " + e, e);
		}
		try {
			return DeltaMetadata.read(new Mirror(tmp, store, clock, 1).copyLog(table));
		} catch (MirrorException e) {
			if (e.getCause() instanceof LakeException l) {
				throw l; // its kind (throttled, unavailable, offline) is what the sync job acts on
			}
			throw new LakeException(Kind.FAILED, e.getMessage(), e);
		} finally {
			delete(tmp);
		}
	}

	private static void delete(Path dir) {
		try (Stream<Path> s = Files.walk(dir)) {
			s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		} catch (IOException e) {
			// a temp folder left behind: the system's tmp cleaning takes it
		}
	}
}
