package io.lakestudio.emulator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Runs the emulator on its own:
 * {@code Main [lake-folder] [--big] [--fabric-port N] [--dfs-port N] [--open] [--env FILE]}. Without a folder it
 * writes a small tenant to a temporary folder; {@code --big} writes the 5,000-table tenant there instead;
 * {@code --open} turns the bearer check off (for curl). Prints the base URLs and runs until killed; with
 * {@code --env} it also writes them, once it answers, as a shell file to source ({@code EMU_FABRIC},
 * {@code EMU_DFS}, {@code EMU_TOKEN} and {@code LAKESTUDIO_ONELAKE_CA}).
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
		Path env = null;
		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
			case "--big" -> big = true;
			case "--open" -> open = true;
			case "--fabric-port" -> fabricPort = Integer.parseInt(args[++i]);
			case "--dfs-port" -> dfsPort = Integer.parseInt(args[++i]);
			case "--env" -> env = Path.of(args[++i]);
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
		Path envFile = env;
		if (envFile != null) {
			writeEnv(envFile, emu);
		}
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			emu.close();
			if (envFile != null) {
				envFile.toFile().delete(); // its URLs answer no more
			}
		}));
		Thread.currentThread().join();
	}

	/** The URLs as a shell file, written whole (a temporary file moved into place) so a reader never sees half. */
	private static void writeEnv(Path env, Emulator emu) throws java.io.IOException {
		String text = "# the running emulator (pid " + ProcessHandle.current().pid() + "); source this file\n"
				+ "export EMU_FABRIC=" + quote(emu.fabricUrl()) + "\n" + "export EMU_DFS=" + quote(emu.dfsUrl()) + "\n"
				+ "export EMU_TOKEN=" + quote(emu.tokenUrl()) + "\n"
				+ "export LAKESTUDIO_ONELAKE_CA=" + quote(emu.dfsCaFile().toString()) + "\n";
		Path abs = env.toAbsolutePath();
		Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
		Files.writeString(tmp, text);
		Files.move(tmp, abs, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
	}

	private static String quote(String s) {
		return "'" + s.replace("'", "'\\''") + "'";
	}
}
