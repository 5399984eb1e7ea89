package io.lakestudio.ducklake;

import java.time.Instant;
import java.util.function.Consumer;

/**
 * The options of {@code ATTACH 'ducklake:...' AS name (...)} that the catalog itself heeds. {@code dataPath} null:
 * the one the catalog names (a new catalog: {@code <file>.files/} beside it). {@code snapshotVersion} or
 * {@code snapshotTime}: the attachment is pinned there, and read-only. {@code version} ({@code DUCKLAKE_VERSION}):
 * the DuckLake version a new catalog is created at, the one an existing catalog must not be newer than, and the
 * one AUTOMATIC_MIGRATION migrates to; {@code defaultVersion} (the session's {@code ducklake_default_version}): a
 * new catalog's version, and the one AUTOMATIC_MIGRATION migrates to, when {@code version} is null. Both null: 1.0,
 * the stable specification, which the released extensions attach.
 * {@code metadataSchema} ({@code METADATA_SCHEMA}): the schema of a DuckDB metadata file that holds the catalog's
 * tables (null: main), so one file can hold several catalogs.
 */
public record AttachOptions(boolean readOnly, String dataPath, boolean overrideDataPath, boolean automaticMigration,
		Long snapshotVersion, Instant snapshotTime, Long dataInliningRowLimit, String createdBy, String version,
		String defaultVersion, String metadataSchema) {

	public static AttachOptions defaults() {
		return new AttachOptions(false, null, false, false, null, null, null, "Lakestudio", null, null, null);
	}

	public AttachOptions withMetadataSchema(String s) {
		return copy(c -> c.metadataSchema = s);
	}

	public AttachOptions withVersion(String v) {
		return copy(c -> c.version = v);
	}

	public AttachOptions withDefaultVersion(String v) {
		return copy(c -> c.defaultVersion = v);
	}

	public AttachOptions withReadOnly(boolean ro) {
		return copy(c -> c.readOnly = ro);
	}

	public AttachOptions withDataPath(String p) {
		return copy(c -> c.dataPath = p);
	}

	public AttachOptions withAutomaticMigration(boolean m) {
		return copy(c -> c.automaticMigration = m);
	}

	public AttachOptions withSnapshotVersion(Long v) {
		return copy(c -> c.snapshotVersion = v);
	}

	public AttachOptions withSnapshotTime(Instant t) {
		return copy(c -> c.snapshotTime = t);
	}

	public AttachOptions withOverrideDataPath(boolean o) {
		return copy(c -> c.overrideDataPath = o);
	}

	public AttachOptions withDataInliningRowLimit(Long l) {
		return copy(c -> c.dataInliningRowLimit = l);
	}

	/** This record with what {@code change} sets: the one place that lists every field for the with…() copies. */
	private AttachOptions copy(Consumer<Fields> change) {
		Fields f = new Fields(this);
		change.accept(f);
		return new AttachOptions(f.readOnly, f.dataPath, f.overrideDataPath, f.automaticMigration, f.snapshotVersion,
				f.snapshotTime, f.dataInliningRowLimit, f.createdBy, f.version, f.defaultVersion,
				f.metadataSchema);
	}

	/** The fields of a copy being made, to change one or more before it is built. */
	private static final class Fields {
		boolean readOnly;
		String dataPath;
		boolean overrideDataPath;
		boolean automaticMigration;
		Long snapshotVersion;
		Instant snapshotTime;
		Long dataInliningRowLimit;
		String createdBy;
		String version;
		String defaultVersion;
		String metadataSchema;

		Fields(AttachOptions o) {
			readOnly = o.readOnly;
			dataPath = o.dataPath;
			overrideDataPath = o.overrideDataPath;
			automaticMigration = o.automaticMigration;
			snapshotVersion = o.snapshotVersion;
			snapshotTime = o.snapshotTime;
			dataInliningRowLimit = o.dataInliningRowLimit;
			createdBy = o.createdBy;
			version = o.version;
			defaultVersion = o.defaultVersion;
			metadataSchema = o.metadataSchema;
		}
	}
}
