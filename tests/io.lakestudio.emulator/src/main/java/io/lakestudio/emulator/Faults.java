package io.lakestudio.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** The faults in force: the first that takes a request is played. Clearing also lets held requests go. */
public final class Faults {

	private final List<Fault> faults = new ArrayList<>();
	private CountDownLatch release = new CountDownLatch(1);

	public synchronized Fault add(Fault fault) {
		faults.add(fault);
		return fault;
	}

	/** Removes every fault and releases held connections (they then get a normal answer). */
	public void clear() {
		CountDownLatch held;
		synchronized (this) {
			faults.clear();
			held = release;
			release = new CountDownLatch(1);
		}
		held.countDown();
	}

	synchronized Optional<Fault> take(String target) {
		for (Fault f : faults) {
			if (f.take(target)) {
				return Optional.of(f);
			}
		}
		return Optional.empty();
	}

	synchronized CountDownLatch releaseLatch() {
		return release;
	}
}
