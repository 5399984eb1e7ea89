package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signing key whose private half is kept in a vault (the OS keyring, here a map in memory): a key file is moved
 * into it and deleted, a new pair is made there without a file ever holding it, and what the vault gives back
 * signs as the key the records name.
 */
class SigningVaultTest {

	@TempDir
	Path dir;

	/** A vault that also counts its writes. */
	static final class Memory implements Signing.Vault {
		byte[] kept;
		int writes;

		@Override
		public Optional<byte[]> read() {
			return Optional.ofNullable(kept);
		}

		@Override
		public void write(byte[] pkcs8) {
			kept = pkcs8.clone();
			writes++;
		}
	}

	@Test
	void aKeyFileIsMovedIntoTheVaultAndReadFromThereAfter() throws Exception {
		Path keys = dir.resolve("keys");
		Signing file = Signing.inFolder(keys);
		byte[] priv = Files.readAllBytes(keys.resolve("ed25519"));
		Memory vault = new Memory();
		Signing moved = Signing.inVault(vault, keys);
		assertEquals(file.publicKey(), moved.publicKey());
		assertArrayEquals(priv, vault.kept);
		assertFalse(Files.exists(keys.resolve("ed25519")), "the private key file is gone");
		assertEquals(Optional.of(file.publicKey()), Signing.publicKeyIn(keys));

		Signing again = Signing.inVault(vault, keys);
		assertEquals(1, vault.writes, "read from the vault, not written again");
		byte[] msg = "a record".getBytes(StandardCharsets.UTF_8);
		assertTrue(Signing.verify(file.publicKey(), msg, again.sign(msg)));
	}

	@Test
	void aNewKeyIsMadeInTheVaultAndNeverInAFile() throws Exception {
		Path keys = dir.resolve("new");
		Memory vault = new Memory();
		Signing made = Signing.inVault(vault, keys);
		assertFalse(Files.exists(keys.resolve("ed25519")));
		try (var all = Files.list(keys)) {
			for (Path f : all.toList())
				assertFalse(contains(Files.readAllBytes(f), vault.kept), f + " holds the private key");
		}
		assertEquals(Optional.of(made.publicKey()), Signing.publicKeyIn(keys));
	}

	@Test
	void aPublicKeyFileThatIsNotTheVaultsKeyIsRefused() throws Exception {
		Path keys = dir.resolve("k");
		Memory vault = new Memory();
		Signing.inVault(vault, keys);
		Files.writeString(keys.resolve("ed25519.pub"), Signing.generate().publicKey() + "\n");
		IOException e = assertThrows(IOException.class, () -> Signing.inVault(vault, keys));
		assertTrue(e.getMessage().contains("ed25519.pub"), e.getMessage());
	}

	private static boolean contains(byte[] hay, byte[] needle) {
		outer: for (int i = 0; i + needle.length <= hay.length; i++) {
			for (int j = 0; j < needle.length; j++)
				if (hay[i + j] != needle[j])
					continue outer;
			return true;
		}
		return false;
	}
}
