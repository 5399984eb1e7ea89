package io.lakestudio.ui.workbench;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

import io.lakestudio.ui.lake.AccountSync;
import io.lakestudio.ui.lake.Engines;

/**
 * What the workbench hosts ends with it: the sync job gives its lease up (another process takes over at once), the
 * engine server stops serving (the command line starts a headless one again), warm reads stop, the engine closes.
 */
public final class Activator implements BundleActivator {

	@Override
	public void start(BundleContext context) {
	}

	@Override
	public void stop(BundleContext context) {
		AccountSync.stop();
		Engines.close();
	}
}
