package io.lakestudio.ducklake;

import java.time.Instant;

/**
 * The options of {@code ATTACH 'ducklake:...' AS name (...)} that the catalog itself heeds. {@code dataPath} null:
 * the one the catalog names (a new catalog: {@code <file>.files/} beside it). {@code snapshotVersion} or
 * {@code snapshotTime}: the attachment is pinned there, and read-only.
 */
public record AttachOptions(boolean readOnly, String dataPath, boolean overrideDataPath, boolean automaticMigration,
		Long snapshotVersion, Instant snapshotTime, Long dataInliningRowLimit, String createdBy) {

	public static AttachOptions defaults() {
		return new AttachOptions(false, null, false, false, null, null, null, "Lakestudio");
	}

	public AttachOptions withReadOnly(boolean ro) {
		return new AttachOptions(ro, dataPath, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withDataPath(String p) {
		return new AttachOptions(readOnly, p, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withAutomaticMigration(boolean m) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, m, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withSnapshotVersion(Long v) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, v, snapshotTime,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withSnapshotTime(Instant t) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion, t,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withOverrideDataPath(boolean o) {
		return new AttachOptions(readOnly, dataPath, o, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy);
	}

	public AttachOptions withDataInliningRowLimit(Long l) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion,
				snapshotTime, l, createdBy);
	}
}
