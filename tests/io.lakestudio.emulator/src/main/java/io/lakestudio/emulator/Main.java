package io.lakestudio.emulator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Runs the emulator on its own: {@code Main [lake-folder] [--big] [--fabric-port N] [--dfs-port N] [--open]}.
 * Without a folder it writes a small tenant to a temporary folder; {@code --big} writes the 5,000-table tenant
 * there instead; {@code --open} turns the bearer check off (for curl). Prints the base URLs and runs until killed.
 */
public final class Main {

	private Main() {
	}

	public static void main(String[] args) throws Exception {
		Path root = null;
		boolean big = false;
		boolean open = false;
		int fabricPort = 0;
		int dfsPort = 0;
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
			case "--big" -> big = true;
			case "--open" -> open = true;
			case "--fabric-port" -> fabricPort = Integer.parseInt(args[++i]);
			case "--dfs-port" -> dfsPort = Integer.parseInt(args[++i]);
			default -> root = Path.of(args[i]);
			}
		}
		if (root == null) {
			root = Files.createTempDirectory("lakestudio-emulator");
			if (big) {
				BigTenant.write(root);
			} else {
				BigTenant.write(root, 2, 3, 4);
			}
		}
		Emulator emu = Emulator.start(root.toAbsolutePath(), Clock.systemUTC(), fabricPort, dfsPort);
		emu.tokens().required(!open);
		System.out.println("lake:   " + root.toAbsolutePath());
		System.out.println("fabric: " + emu.fabricUrl());
		System.out.println("dfs:    " + emu.dfsUrl());
		System.out.println("dfs-ca: " + emu.dfsCaFile() + " (its self-signed certificate; cli/lakestudio trusts it"
				+ " with LAKESTUDIO_ONELAKE_CA=<that file>)");
		System.out.println("token:  " + emu.tokenUrl() + " (client_id " + Tokens.CLIENT_ID + ", client_secret "
				+ Tokens.CLIENT_SECRET + ")");
		System.out.flush();
		Runtime.getRuntime().addShutdownHook(new Thread(emu::close));
		Thread.currentThread().join();
	}
}
