package io.lakestudio.moraine;

/** How a migrate call runs. */
public record MigrationRequest() {

	public static MigrationRequest defaults() {
		return new MigrationRequest();
	}
}
