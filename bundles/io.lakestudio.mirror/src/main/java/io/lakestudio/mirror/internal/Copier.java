package io.lakestudio.mirror.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * Copies lake files verbatim through ranged reads, keeping the remote modification time (Kernel resolves
 * time travel by time from the commit files' times when there are no in-commit timestamps). Several files are
 * copied at once, their pieces in flight together within a bound: a log's files are one round trip, not one each.
 */
public final class Copier {

	private static final int CHUNK = 8 << 20;

	/** One file to copy: its lake path, size and remote time, and where its copy goes. */
	public record Job(String lakePath, long size, Instant remoteTime, Path local) {
	}

	private Copier() {
	}

	/** True when {@code local} is a copy of a remote file of this size and time. */
	public static boolean same(Path local, long size, Instant remoteTime) {
		try {
			return Files.isRegularFile(local) && Files.size(local) == size && (remoteTime == null
					|| Files.getLastModifiedTime(local).toInstant().truncatedTo(ChronoUnit.MILLIS)
							.equals(remoteTime.truncatedTo(ChronoUnit.MILLIS)));
		} catch (IOException e) {
			return false;
		}
	}

	/** Copies {@code lakePath} to {@code local} atomically: a reader never sees half a file. */
	public static void copy(LakeStore store, String lakePath, long size, Instant remoteTime, Path local)
			throws LakeException, IOException {
		copyAll(store, List.of(new Job(lakePath, size, remoteTime, local)), 1);
	}

	/**
	 * Copies every job's file, each atomically, with at most {@code parallel} reads in flight over all of them (1:
	 * one after another on this thread, as the sync job's pace asks). The first failure is thrown once no read is
	 * in flight any more, and then no copy is put in place.
	 */
	public static void copyAll(LakeStore store, List<Job> jobs, int parallel) throws LakeException, IOException {
		List<Target> targets = new ArrayList<>();
		List<Bounded.Task<Void>> reads = new ArrayList<>();
		try {
			for (Job j : jobs) {
				Target t = new Target(j);
				targets.add(t);
				for (long off = 0; off < j.size(); off += CHUNK) {
					long at = off;
					reads.add(() -> t.read(store, at, Math.min(j.size(), at + CHUNK)));
				}
			}
			Bounded.all(reads, parallel);
			for (Target t : targets) {
				t.done();
			}
		} finally {
			for (Target t : targets) {
				t.close();
			}
		}
	}

	/** A file being copied: its {@code .part} beside where the copy goes, written at the pieces' offsets. */
	private static final class Target {
		final Job job;
		final Path tmp;
		final FileChannel out;
		boolean moved;

		Target(Job job) throws IOException {
			this.job = job;
			Files.createDirectories(job.local().getParent());
			this.tmp = job.local().resolveSibling("." + job.local().getFileName() + ".part");
			this.out = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
					StandardOpenOption.TRUNCATE_EXISTING);
		}

		Void read(LakeStore store, long from, long to) throws LakeException, IOException {
			for (long off = from; off < to;) {
				byte[] b = store.read(job.lakePath(), off, (int) (to - off));
				if (b.length == 0) {
					throw new LakeException(LakeException.Kind.FAILED, job.lakePath() + " ended at " + off + " of "
							+ job.size());
				}
				ByteBuffer buf = ByteBuffer.wrap(b);
				for (long at = off; buf.hasRemaining();) {
					at += out.write(buf, at);
				}
				off += b.length;
			}
			return null;
		}

		void done() throws IOException {
			out.close();
			if (job.remoteTime() != null) {
				Files.setLastModifiedTime(tmp, FileTime.from(job.remoteTime()));
			}
			Files.move(tmp, job.local(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
			moved = true;
		}

		/** Closes the file; a copy that did not come whole is deleted. */
		void close() {
			try {
				out.close();
				if (!moved) {
					Files.deleteIfExists(tmp);
				}
			} catch (IOException e) {
				// a .part left behind: the next copy of the file overwrites it
			}
		}
	}
}
