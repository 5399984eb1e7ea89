package io.lakestudio.ui.account;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;
import io.lakestudio.ui.lake.AccountSync;
import io.lakestudio.ui.lake.Engines;
import io.lakestudio.ui.tree.OneLakeView;

/**
 * The account side of Sign In, Sign Out and Switch Account: each account has its own catalog; switching stops the
 * old account's sync job (giving its lease up), makes the other current and re-roots the open trees on its
 * catalog, whose sync job then starts behind them. The engine follows on its next use.
 */
public final class AccountSwitch {

	private AccountSwitch() {
	}

	/** The accounts to choose from: every one with a catalog here, the current one, and the folder lake's. */
	public static List<String> choices(Path home) {
		TreeSet<String> names = new TreeSet<>(Accounts.known(home));
		names.add(Settings.load(home).account());
		return List.copyOf(names);
	}

	/** How an account shows in the list: its sign-in state and whether it has a catalog yet. */
	public static String describe(Path home, String account) {
		Settings as = Settings.load(home).set(Settings.ACCOUNT, account);
		String state = Accounts.isFolder(as) ? "folder lake"
				: !Accounts.isOneLake(as) ? "no lake" : Accounts.signedIn(as) ? "signed in" : "not signed in";
		String catalog = Files.exists(Catalogs.catalogFile(home, account)) ? "" : ", no catalog yet";
		return account + " (" + state + catalog + ")";
	}

	/** Makes {@code account} current and re-roots the views on its catalog. */
	public static void to(Path home, String account) {
		if (!Accounts.validName(account)) {
			throw new IllegalArgumentException("'" + account + "' is not an account name (letters, digits, . _ - @)");
		}
		AccountSync.stop();
		Engines.close();
		Settings.load(home).set(Settings.ACCOUNT, account).save();
		new EventLog(home).log("account", "switched to account " + account + " (workbench)");
		reroot();
	}

	/** Signs the current account out; its catalog stays and the tree keeps showing it. */
	public static String signOut(Path home) throws java.io.IOException {
		AccountSync.stop();
		Engines.close();
		Settings s = Settings.load(home);
		Accounts.signOut(s, home);
		s.save();
		new EventLog(home).log("account", "signed out of account " + s.account() + " (workbench; its catalog is kept)");
		return s.account();
	}

	/** Every open OneLake view shows the current account's catalog (UI thread). */
	public static void reroot() {
		OneLakeView.all().forEach(OneLakeView::reroot);
	}
}
