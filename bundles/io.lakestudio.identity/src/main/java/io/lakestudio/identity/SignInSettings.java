package io.lakestudio.identity;

import java.nio.file.Path;

/**
 * Where and as whom to sign in. {@code account} is Lakestudio's account name (one catalog each);
 * {@code stateFolder} is where the account's sign-in record (who signed in, never a token) is kept.
 *
 * @param authorityHost Entra's host, {@link #PUBLIC_CLOUD} by default; tests give the emulator's (https only)
 * @param tenant        a tenant id or domain, or "organizations" (default)
 * @param clientId      a public client's application id; {@link #AZURE_CLI_CLIENT_ID} by default
 * @param caFile        an extra certificate (PEM) to trust for the authority only, or null
 */
public record SignInSettings(String account, Path stateFolder, String authorityHost, String tenant, String clientId,
		Path caFile) {

	/** Entra, public cloud. */
	public static final String PUBLIC_CLOUD = "https://login.microsoftonline.com";
	/**
	 * The Azure CLI's well-known public client id (first-party, multi-tenant, pre-consented for Fabric and Storage
	 * in most tenants). A default only: an organisation can register its own public client and set
	 * {@code publicClientId} in settings.json.
	 */
	public static final String AZURE_CLI_CLIENT_ID = "04b07795-8ddb-461a-bbee-02f9e1bf7b46";
	public static final String ORGANIZATIONS = "organizations";

	public SignInSettings {
		authorityHost = authorityHost == null ? PUBLIC_CLOUD : authorityHost;
		tenant = tenant == null ? ORGANIZATIONS : tenant;
		clientId = clientId == null ? AZURE_CLI_CLIENT_ID : clientId;
	}

	/** The key one in-memory cache is kept under in this process. */
	String key() {
		return account + "|" + authorityHost + "|" + tenant + "|" + clientId + "|" + stateFolder.toAbsolutePath();
	}
}
