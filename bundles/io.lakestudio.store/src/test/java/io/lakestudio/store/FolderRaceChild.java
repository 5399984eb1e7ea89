package io.lakestudio.store;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

/**
 * One side of {@link FolderStoreTest}'s two-process race: waits for the agreed start instant, then tries an
 * if-absent write on each of {@code n} paths in turn and prints {@code W <i>} for each it won.
 */
public final class FolderRaceChild {

	private FolderRaceChild() {
	}

	public static void main(String[] args) throws Exception {
		FolderStore store = new FolderStore(Path.of(args[0]));
		String me = args[1];
		int n = Integer.parseInt(args[2]);
		long start = Long.parseLong(args[3]);
		while (Instant.now().toEpochMilli() < start)
			Thread.onSpinWait();
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < n; i++) {
			try {
				store.put("race/" + i, me.getBytes(StandardCharsets.UTF_8), WriteCondition.IF_ABSENT);
				out.append("W ").append(i).append('\n');
			} catch (PreconditionFailed e) {
				// the other process was first
			}
		}
		System.out.print(out);
		System.out.flush();
	}
}
