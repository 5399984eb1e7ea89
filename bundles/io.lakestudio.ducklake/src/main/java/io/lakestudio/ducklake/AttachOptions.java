package io.lakestudio.ducklake;

import java.time.Instant;

/**
 * The options of {@code ATTACH 'ducklake:...' AS name (...)} that the catalog itself heeds. {@code dataPath} null:
 * the one the catalog names (a new catalog: {@code <file>.files/} beside it). {@code snapshotVersion} or
 * {@code snapshotTime}: the attachment is pinned there, and read-only. {@code version} ({@code DUCKLAKE_VERSION}):
 * the DuckLake version a new catalog is created at, the one an existing catalog must not be newer than, and the
 * one AUTOMATIC_MIGRATION migrates to; {@code defaultVersion} (the session's {@code ducklake_default_version}): a
 * new catalog's version, and the one AUTOMATIC_MIGRATION migrates to, when {@code version} is null. Both null: 1.0,
 * the stable specification, which the released extensions attach.
 */
public record AttachOptions(boolean readOnly, String dataPath, boolean overrideDataPath, boolean automaticMigration,
		Long snapshotVersion, Instant snapshotTime, Long dataInliningRowLimit, String createdBy, String version,
		String defaultVersion) {

	public static AttachOptions defaults() {
		return new AttachOptions(false, null, false, false, null, null, null, "Lakestudio", null, null);
	}

	public AttachOptions withVersion(String v) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, v, defaultVersion);
	}

	public AttachOptions withDefaultVersion(String v) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, version, v);
	}

	public AttachOptions withReadOnly(boolean ro) {
		return new AttachOptions(ro, dataPath, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withDataPath(String p) {
		return new AttachOptions(readOnly, p, overrideDataPath, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withAutomaticMigration(boolean m) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, m, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withSnapshotVersion(Long v) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, v, snapshotTime,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withSnapshotTime(Instant t) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion, t,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withOverrideDataPath(boolean o) {
		return new AttachOptions(readOnly, dataPath, o, automaticMigration, snapshotVersion, snapshotTime,
				dataInliningRowLimit, createdBy, version, defaultVersion);
	}

	public AttachOptions withDataInliningRowLimit(Long l) {
		return new AttachOptions(readOnly, dataPath, overrideDataPath, automaticMigration, snapshotVersion,
				snapshotTime, l, createdBy, version, defaultVersion);
	}
}
