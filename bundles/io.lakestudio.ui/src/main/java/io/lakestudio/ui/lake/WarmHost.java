package io.lakestudio.ui.lake;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.warm.WarmLoop;
import io.lakestudio.engine.warm.WarmReader;
import io.lakestudio.sync.Syncer;

/**
 * Warm reads of tables in use, hosted beside the sync job: a {@link WarmLoop} on the workbench's engine, reading
 * only while this process holds the catalog's lease (its {@link AccountSync} does, for a OneLake account) and only
 * on an engine already up; the rules are {@link WarmReader}'s. It lives as long as the engine it reads through.
 */
final class WarmHost {

	/** System property (tests): the quiet period in milliseconds instead of the rule's 2 minutes. */
	static final String QUIET_PROPERTY = "lakestudio.warm.quietMillis";

	private WarmHost() {
	}

	static WarmLoop start(Path home, Engine engine, Catalog catalog, Settings s) {
		WarmReader.Rules rules = WarmReader.Rules.of(s);
		Long quietMillis = Long.getLong(QUIET_PROPERTY);
		if (quietMillis != null) {
			rules = new WarmReader.Rules(rules.uses(), rules.usesWindow(), Duration.ofMillis(quietMillis),
					rules.runFor(), rules.pause(), rules.budgetBytes());
		}
		WarmReader reader = new WarmReader(engine, catalog, new EventLog(home), Clock.systemUTC(), rules,
				WarmLoop.leaseHeldBy(catalog, Syncer.holderId()));
		// recheck often enough that a lease won or a quiet engine is noticed within the quiet period
		Duration recheck = rules.quiet().compareTo(Duration.ofSeconds(10)) < 0 ? rules.quiet() : Duration.ofSeconds(10);
		return WarmLoop.start(reader, recheck);
	}
}
