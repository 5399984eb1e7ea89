package io.lakestudio.store;

import io.lakestudio.store.contract.ObjectStoreContract;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderStoreTest extends ObjectStoreContract {

	@TempDir
	Path dir;
	private int made;

	@Override
	protected ObjectStore store() throws Exception {
		return new FolderStore(dir.resolve("store" + made++));
	}

	/** The brief's check: two OS processes race an if-absent write on each of 1,000 paths; one wins each. */
	@Test
	void aListingWhileAnotherWriterDeletesSkipsWhatWentAndNeverFails() throws Exception {
		FolderStore s = new FolderStore(dir.resolve("churn"));
		for (int i = 0; i < 2000; i++)
			s.put("wal/" + String.format("%06d", i), new byte[8], WriteCondition.IF_ABSENT);
		Thread deleter = Thread.ofPlatform().start(() -> {
			try {
				for (int i = 0; i < 2000; i++)
					s.delete("wal/" + String.format("%06d", i));
			} catch (StoreException e) {
				throw new IllegalStateException(e);
			}
		});
		int lists = 0;
		while (deleter.isAlive() || lists == 0) {
			List<ObjectInfo> seen = s.list("wal/");
			for (int i = 1; i < seen.size(); i++)
				assertTrue(seen.get(i - 1).path().compareTo(seen.get(i).path()) < 0, "sorted, each once");
			lists++;
		}
		deleter.join();
		assertEquals(List.of(), s.list("wal/"));
		assertTrue(lists > 0);
	}

	@Test
	void twoProcessesRacingIfAbsentHaveExactlyOneWinnerEachTime() throws Exception {
		Path root = dir.resolve("race");
		new FolderStore(root);
		int n = 1000;
		long start = Instant.now().toEpochMilli() + 1500;
		List<Process> kids = new ArrayList<>();
		for (String me : List.of("p1", "p2"))
			kids.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
					System.getProperty("java.class.path"), FolderRaceChild.class.getName(), root.toString(), me,
					Integer.toString(n), Long.toString(start)).redirectError(ProcessBuilder.Redirect.INHERIT).start());
		List<Set<Integer>> won = new ArrayList<>();
		for (Process p : kids) {
			Set<Integer> w = new HashSet<>();
			for (String line : new String(p.getInputStream().readAllBytes(), UTF_8).split("\n"))
				if (line.startsWith("W "))
					w.add(Integer.parseInt(line.substring(2)));
			assertTrue(p.waitFor(60, TimeUnit.SECONDS));
			assertEquals(0, p.exitValue());
			won.add(w);
		}
		FolderStore s = new FolderStore(root);
		for (int i = 0; i < n; i++) {
			boolean a = won.get(0).contains(i);
			boolean b = won.get(1).contains(i);
			assertTrue(a ^ b, "path " + i + ": p1 won " + a + ", p2 won " + b);
			assertArrayEquals((a ? "p1" : "p2").getBytes(UTF_8), s.get("race/" + i), "the winner's bytes");
		}
		System.out.println("FOLDER-RACE: p1 won " + won.get(0).size() + ", p2 won " + won.get(1).size() + " of " + n);
		assertEquals(List.of(), temps(root), "no temp file left");
	}

	@Test
	void refusedAndFailedWritesLeaveNoTempFile() throws Exception {
		Path root = dir.resolve("t");
		FolderStore s = new FolderStore(root);
		String etag = s.put("x", "1".getBytes(UTF_8), WriteCondition.IF_ABSENT);
		assertThrows(PreconditionFailed.class, () -> s.put("x", "2".getBytes(UTF_8), WriteCondition.IF_ABSENT));
		s.put("x", "3".getBytes(UTF_8), WriteCondition.ifMatch(etag));
		assertThrows(PreconditionFailed.class, () -> s.put("x", "4".getBytes(UTF_8), WriteCondition.ifMatch(etag)));
		Files.createDirectories(root.resolve("x.d"));
		Files.writeString(root.resolve("blocker"), "a file where a folder should be");
		assertThrows(StoreException.class, () -> s.put("blocker/y", "5".getBytes(UTF_8), WriteCondition.ALWAYS));
		assertEquals(List.of(), temps(root));
		assertEquals(List.of("blocker", "x"), s.list("").stream().map(ObjectInfo::path).toList(),
				"the temp folder is never listed");
	}

	@Test
	void aTempFileACrashLeftIsSweptWhenOld() throws Exception {
		Path root = dir.resolve("swept");
		new FolderStore(root);
		Path old = root.resolve(FolderStore.TEMP).resolve("crashed.tmp");
		Path fresh = root.resolve(FolderStore.TEMP).resolve("writing.tmp");
		Files.writeString(old, "half");
		Files.writeString(fresh, "half");
		Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(7200)));
		new FolderStore(root);
		assertTrue(Files.notExists(old));
		assertTrue(Files.exists(fresh), "another process may still be writing it");
	}

	@Test
	void twoStoresOnOneFolderShareTheLock() throws Exception {
		Path root = dir.resolve("shared");
		FolderStore a = new FolderStore(root);
		FolderStore b = new FolderStore(root);
		String e = a.put("ref", "1".getBytes(UTF_8), WriteCondition.IF_ABSENT);
		String e2 = b.put("ref", "2".getBytes(UTF_8), WriteCondition.ifMatch(e));
		assertThrows(PreconditionFailed.class, () -> a.put("ref", "3".getBytes(UTF_8), WriteCondition.ifMatch(e)));
		assertEquals(e2, a.head("ref").orElseThrow().etag());
		assertThrows(IllegalArgumentException.class,
				() -> a.put(FolderStore.TEMP + "/lock", new byte[0], WriteCondition.ALWAYS));
	}

	private static List<Path> temps(Path root) throws Exception {
		try (Stream<Path> s = Files.list(root.resolve(FolderStore.TEMP))) {
			return s.filter(p -> p.toString().endsWith(".tmp")).toList();
		}
	}
}
