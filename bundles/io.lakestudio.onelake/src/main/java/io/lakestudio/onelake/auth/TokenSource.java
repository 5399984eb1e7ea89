package io.lakestudio.onelake.auth;

import io.lakestudio.onelake.LakeException;

/**
 * Where the lake client gets bearer tokens. {@link #token} is always silent: from memory, a persisted cache or a
 * refresh, never a prompt; when only signing in would help it throws {@link LakeException.Kind#UNAUTHORIZED}.
 * Interactive sign-in is a separate, explicit step.
 */
public interface TokenSource {

	/** Fabric REST's scope. */
	String FABRIC_SCOPE = "https://api.fabric.microsoft.com/.default";
	/** OneLake DFS's scope (storage). */
	String STORAGE_SCOPE = "https://storage.azure.com/.default";

	AccessToken token(String scope) throws LakeException;

	/** The server refused {@code token}: forget it so the next call gets a fresh one. */
	default void invalidate(String scope, AccessToken token) {
	}
}
