package io.lakestudio.moraine.internal.transaction;

import java.util.function.Consumer;

/**
 * The fault-injection seam: named points between durable batches where a test may stop an operation as a crash
 * would. Nothing is installed outside tests, so each point costs one volatile read.
 */
public final class CrashPoints {

	public enum Point {
		/** Bootstrap staged, before its one batch lands. */
		BOOTSTRAP_BEFORE_WRITE,
		/** The writer opened (the old one fenced), before the lease record lands. */
		LEASE_BEFORE_WRITE,
		/** A commit staged, before its batch lands. */
		COMMIT_BEFORE_WRITE,
		/** A commit's batch landed, before the caller hears of it. */
		COMMIT_AFTER_WRITE,
		/** A maintenance batch landed, before the next. */
		MAINTENANCE_BETWEEN_BATCHES,
		/** A dropped index's range emptied, before it is marked swept. */
		MAINTENANCE_BEFORE_MARK,
		/** A pass done, before it is recorded in the status history. */
		MAINTENANCE_BEFORE_RECORD,
		/** A migration batch (rewrites and cursor) landed, before the next. */
		MIGRATION_BETWEEN_BATCHES,
		/** Every key rewritten, before the stamp flips. */
		MIGRATION_BEFORE_STAMP
	}

	private static volatile Consumer<Point> seam;

	private CrashPoints() {
	}

	/** Installs (or, with null, removes) what runs at each point; for tests only. */
	public static void install(Consumer<Point> action) {
		seam = action;
	}

	static void at(Point point) {
		Consumer<Point> s = seam;
		if (s != null)
			s.accept(point);
	}
}
