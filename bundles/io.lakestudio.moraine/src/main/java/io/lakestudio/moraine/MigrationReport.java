package io.lakestudio.moraine;

/** What one migrate call did: the layout version found and left, and how many keys it rewrote. */
public record MigrationReport(int fromVersion, int toVersion, long keysRewritten) {

	public boolean noOp() {
		return fromVersion == toVersion && keysRewritten == 0;
	}
}
