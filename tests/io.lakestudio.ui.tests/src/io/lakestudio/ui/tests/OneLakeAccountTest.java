package io.lakestudio.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.sync.account.Accounts;
import io.lakestudio.sync.account.IdentityTokens;
import io.lakestudio.ui.account.BrowserSignInHandler;
import io.lakestudio.ui.account.DeviceCodeDialog;
import io.lakestudio.ui.account.SignInHandler;
import io.lakestudio.ui.account.SignInJob;
import io.lakestudio.ui.account.SignOutHandler;
import io.lakestudio.ui.account.SwitchAccountHandler;
import io.lakestudio.ui.commands.RefreshHandler;
import io.lakestudio.ui.lake.AccountSync;
import io.lakestudio.ui.lake.LakeSource;
import io.lakestudio.ui.lake.RefreshJob;
import io.lakestudio.ui.tree.OneLakeView;
import io.lakestudio.ui.tree.TreeActions;

/**
 * OneLake in the workbench, against the in-process emulator: Refresh runs the sync job (lease, five listings per
 * 15 s) and the tree fills; an expanded lakehouse gets its tables' metadata read (no other lakehouse's); Sign In
 * runs the device code in a dialog (Cancel changes nothing; approved through the emulator's Entra it signs the
 * account in and the tree re-roots and fills), Sign Out keeps the catalog, and Switch
 * Account re-roots the tree on another account's catalog.
 */
class OneLakeAccountTest {

	@TempDir
	Path dir;
	Path home;
	Emulator emu;

	@BeforeEach
	void start() throws Exception {
		Path root = dir.resolve("tenant");
		BigTenant.write(root, 2, 6, 2); // ws00: lh000, lh002, lh004; ws01: lh001, lh003, lh005
		emu = Emulator.start(root);
		home = dir.resolve("home");
		Workbench.useHome(home);
		System.setProperty(Accounts.SECRET_PROPERTY, Tokens.CLIENT_SECRET);
		System.setProperty(Accounts.CA_PROPERTY, emu.dfsCaFile().toString()); // the emulator's DFS is HTTPS
		System.setProperty("lakestudio.keyring", "off");
	}

	@AfterEach
	void stop() {
		Workbench.closeView();
		AccountSync.stop();
		System.clearProperty(Accounts.SECRET_PROPERTY);
		System.clearProperty(IdentityTokens.CA_PROPERTY);
		System.clearProperty(Accounts.CA_PROPERTY);
		emu.close();
	}

	private Settings endpoints(Settings s) {
		return s.set(Accounts.FABRIC_ENDPOINT, emu.fabricUrl()).set(Accounts.ONELAKE_ENDPOINT, emu.dfsUrl());
	}

	/** The first request of each listing (pages and the lakehouses call belong to the listing before them). */
	private List<Request> listingStarts() {
		return emu.log().matching(r -> r.listing() && !r.target().contains("continuation")
				&& !r.path().endsWith("/lakehouses"));
	}

	private static TreeItem root(OneLakeView view) {
		return view.viewer().getTree().getItemCount() == 0 ? null : view.viewer().getTree().getItem(0);
	}

	private static boolean shows(OneLakeView view, String account, String... workspaces) {
		TreeItem r = root(view);
		if (r == null || !r.getText().startsWith(account + " ")) {
			return false;
		}
		view.viewer().setExpandedState(r.getData(), true);
		for (String w : workspaces) {
			if (Workbench.child(view.viewer().getTree(), r, w) == null) {
				return false;
			}
		}
		return true;
	}

	/** The account "emu", signed in with the emulator's client secret. */
	private void signedIn() {
		Settings s = endpoints(Settings.load(home)).set(Settings.ACCOUNT, "emu").set(Accounts.CLIENT_ID, Tokens.CLIENT_ID)
				.set(Accounts.TOKEN_ENDPOINT, emu.tokenUrl());
		Accounts.mark(s, "emu", true);
		s.save();
	}

	@Test
	void refreshSyncsOneLakeAtItsPaceAndAnOpenedLakehouseFirst() throws Exception {
		signedIn();

		OneLakeView view = Workbench.openView();
		assertTrue(Commands.command(RefreshHandler.ID).isEnabled(), "a signed-in OneLake account can refresh");
		Commands.execute(RefreshHandler.ID);
		long ms = Workbench.waitUntil("the tree filled from OneLake", 60_000, () -> shows(view, "emu", "ws00", "ws01"));
		assertTrue(AccountSync.running().isPresent(), "the sync job runs for the account");

		TreeItem lh000 = Workbench.path(view, "emu", "ws00", "Lakehouses", "lh000");
		// as a click on its expander does: SWT's Expand event, which the viewer reports to its tree listeners
		org.eclipse.swt.widgets.Event click = new org.eclipse.swt.widgets.Event();
		click.item = lh000;
		view.viewer().getTree().notifyListeners(org.eclipse.swt.SWT.Expand, click);
		lh000.setExpanded(true);
		String lh000Id = emu.itemId("ws00", "lh000.Lakehouse");
		String lh002Id = emu.itemId("ws00", "lh002.Lakehouse");
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, "emu"), "emu")) {
			Workbench.waitUntil("the opened lakehouse's tables and metadata", 60_000, () -> {
				List<LakeTable> t = c.tables(lh000Id);
				return t.size() == 2 && t.stream().allMatch(x -> c.syncState(Listing.tableMetadata(x.id()))
						.map(st -> st.held()).orElse(false));
			});
			Workbench.waitUntil("every lakehouse's tables listed", 60_000, () -> c.tables(lh002Id).size() == 2);
			for (LakeTable t : c.tables(lh002Id)) {
				assertTrue(c.syncState(Listing.tableMetadata(t.id())).isEmpty(),
						"an unopened lakehouse's table metadata is never walked");
			}
		}
		Workbench.expand(view, lh000);
		Workbench.spin(2500); // the watcher's redraw of the last listings
		Workbench.screenshot("onelake-refresh", view.viewer().getControl().getShell());

		// Refresh with nothing selected read the workspaces at once, ahead of the pace; the job's own sweep is paced
		List<Request> starts = listingStarts().stream().filter(r -> !r.path().endsWith("/v1/workspaces")).toList();
		// 2 item lists, 6 lakehouses' tables, lh000's Files and 2 tables' logs
		assertTrue(starts.size() >= 8, RequestLogText.of(starts));
		// the pace counts each listing from its answer, and the emulator logs a request before it answers, so by
		// the emulator's clock no more than five arrive in any 15 s however late the machine's load makes them (counted
		// from the start of each step, a 3.3 s late request let six arrive within 11.7 s on a loaded machine)
		assertTrue(emu.log().mostIn(Duration.ofSeconds(15), starts::contains) <= 5,
				"at most five listings in any 15 s: " + RequestLogText.of(starts));
		assertTrue(Duration.between(starts.get(0).at(), starts.get(5).at()).compareTo(Duration.ofSeconds(12)) >= 0,
				"the sixth listing waits for the window: " + RequestLogText.of(starts));
		System.out.println("UI-TEST: OneLake tree filled " + ms + " ms after Refresh; " + starts.size()
				+ " listings, the sixth " + Duration.between(starts.get(0).at(), starts.get(5).at()).toMillis()
				+ " ms after the first");

		// the lake gone (its loopback ports closed): opening another lakehouse asks for its tables' logs, that
		// fails as offline, and the account says so; the tree keeps what the catalog holds
		emu.close();
		TreeItem lh002 = Workbench.path(view, "emu", "ws00", "Lakehouses", "lh002");
		org.eclipse.swt.widgets.Event open = new org.eclipse.swt.widgets.Event();
		open.item = lh002;
		view.viewer().getTree().notifyListeners(org.eclipse.swt.SWT.Expand, open);
		lh002.setExpanded(true);
		TreeItem account = view.viewer().getTree().getItem(0);
		Workbench.waitUntil("the account marked offline", 60_000, () -> account.getText().endsWith(" offline"));
		String tip = ((org.eclipse.jface.viewers.CellLabelProvider) view.viewer().getLabelProvider())
				.getToolTipText(account.getData());
		assertTrue(tip.contains("the lake can't be reached"), tip);
		assertTrue(Workbench.child(view.viewer().getTree(), lh002, "") != null, "its tables still shown");
		Workbench.screenshot("onelake-offline", view.viewer().getControl().getShell());
	}

	@Test
	void refreshReadsTheSelectedLakehouseNowAndSaysWhyWhenOneLakeAskedForAPause() throws Exception {
		signedIn();
		String lh000Id = emu.itemId("ws00", "lh000.Lakehouse");
		try (RefreshResults refreshes = new RefreshResults();
				ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, "emu"), "emu")) {
			List<IStatus> results = refreshes.results;
			OneLakeView view = Workbench.openView();
			Commands.execute(RefreshHandler.ID);
			Workbench.waitUntil("lh000's tables listed by the sync job", 60_000, () -> c.tables(lh000Id).size() == 2);
			Workbench.waitUntil("the tree shows lh000", 10_000,
					() -> shows(view, "emu", "ws00") && Workbench.path(view, "emu", "ws00", "Lakehouses", "lh000") != null);

			// a table made since: the listing is held and not due for an hour, so only Refresh reads it now
			BigTenant.deltaTable(dir.resolve("tenant/ws00/lh000.Lakehouse/Tables/made_since"), 3);
			TreeItem lh000 = Workbench.path(view, "emu", "ws00", "Lakehouses", "lh000");
			view.viewer().setSelection(new StructuredSelection(lh000.getData()));
			int before = emu.log().all().size();
			results.clear();
			view.actions().action(TreeActions.REFRESH).run();
			Workbench.waitUntil("Refresh done", 30_000, () -> !results.isEmpty());
			assertEquals(IStatus.OK, results.get(0).getSeverity(), results::toString);
			assertEquals(3, c.tables(lh000Id).size(), "the new table is in the catalog");
			assertTrue(emu.log().all().subList(before, emu.log().all().size()).stream()
					.anyMatch(r -> r.target().contains(lh000Id + "/tables")),
					"Refresh asked for lh000's tables: " + RequestLogText.of(emu.log().all()));
			Workbench.expand(view, lh000);
			Workbench.waitUntil("the new table drawn", 10_000,
					() -> Workbench.child(view.viewer().getTree(), lh000, "made_since") != null);

			// OneLake asks for a pause: Refresh's job says so plainly (the workbench shows a user job's error), the account
			// shows it, and the next Refresh asks nothing
			emu.faults().add(Fault.throttle(Duration.ofSeconds(150)).on(lh000Id + "/tables").times(1));
			results.clear();
			view.actions().action(TreeActions.REFRESH).run();
			Workbench.waitUntil("Refresh failed", 30_000, () -> !results.isEmpty());
			assertEquals(IStatus.ERROR, results.get(0).getSeverity(), results::toString);
			String message = results.get(0).getMessage();
			assertTrue(message.startsWith("Refresh of 'lh000' failed. OneLake asked for a pause until "), message);
			assertTrue(message.contains("429"), "what OneLake answered: " + message);
			TreeItem account = view.viewer().getTree().getItem(0);
			Workbench.waitUntil("the account marked paused", 30_000, () -> account.getText().endsWith(" paused"));
			String tip = ((org.eclipse.jface.viewers.CellLabelProvider) view.viewer().getLabelProvider())
					.getToolTipText(account.getData());
			assertTrue(tip.contains("OneLake asked for a pause until"), tip);
			Workbench.screenshot("onelake-paused", view.viewer().getControl().getShell());

			int duringPause = emu.log().all().size();
			results.clear();
			view.actions().action(TreeActions.REFRESH).run();
			Workbench.waitUntil("Refresh refused", 30_000, () -> !results.isEmpty());
			assertTrue(results.get(0).getMessage().startsWith("Refresh of 'lh000' failed. OneLake asked for a pause until "),
					results::toString);
			assertEquals(duringPause, emu.log().all().size(), "nothing asked during the pause");
		}
	}

	@Test
	void aTokenOneLakeRefusesMarksTheAccountSignInNeeded() throws Exception {
		signedIn();
		try (RefreshResults refreshes = new RefreshResults()) {
			List<IStatus> results = refreshes.results;
			OneLakeView view = Workbench.openView();
			Commands.execute(RefreshHandler.ID);
			Workbench.waitUntil("the workspaces shown", 60_000, () -> shows(view, "emu", "ws00", "ws01"));
			// the token expired and can't be renewed (the emulator answers 401 from now on)
			emu.faults().add(Fault.unauthorized());
			TreeItem ws00 = Workbench.path(view, "emu", "ws00");
			view.viewer().setSelection(new StructuredSelection(ws00.getData()));
			results.clear();
			view.actions().action(TreeActions.REFRESH).run();
			Workbench.waitUntil("Refresh failed", 30_000, () -> !results.isEmpty());
			String message = results.get(0).getMessage();
			assertEquals(IStatus.ERROR, results.get(0).getSeverity(), message);
			assertTrue(message.startsWith("Refresh of 'ws00' failed. OneLake did not take the account's token"), message);
			assertTrue(message.endsWith("Sign In again. The tree keeps what the catalog holds."), message);
			TreeItem account = view.viewer().getTree().getItem(0);
			Workbench.waitUntil("the account marked sign in needed", 30_000,
					() -> account.getText().endsWith(" sign in needed"));
			String tip = ((org.eclipse.jface.viewers.CellLabelProvider) view.viewer().getLabelProvider())
					.getToolTipText(account.getData());
			assertTrue(tip.contains("Sign in needed"), tip);
			assertTrue(Workbench.child(view.viewer().getTree(), account, "ws01") != null, "the tree keeps the catalog");
			Workbench.screenshot("onelake-sign-in-needed", view.viewer().getControl().getShell());
		}
	}

	@Test
	void signInInTheBrowser() throws Exception {
		Entra entra = emu.entra();
		System.setProperty(IdentityTokens.CA_PROPERTY, entra.caFile().toString());
		endpoints(Settings.load(home)).set(IdentityTokens.AUTHORITY_HOST, entra.authorityHost())
				.set(Settings.TENANT, "emu-tenant").set(IdentityTokens.PUBLIC_CLIENT_ID, "lakestudio-test-client").save();
		// the emulated browser loads Entra's page (the user signs in there) and goes back to the loopback listener
		BrowserSignInHandler.useBrowser(entra::browse);
		try {
			OneLakeView view = Workbench.openView();
			assertTrue(Commands.command(BrowserSignInHandler.ID).isEnabled());
			Commands.execute(BrowserSignInHandler.ID);
			Workbench.waitUntil("signed in", 60_000, () -> Accounts.signedIn(Settings.load(home)));
			Settings in = Settings.load(home);
			assertEquals(SignInHandler.DEFAULT_ACCOUNT, in.account());
			assertEquals(IdentityTokens.BROWSER, in.string(IdentityTokens.METHOD, null));
			assertEquals(List.of("authorization_code"), entra.grants(), "the page's code redeemed, no device code");
			assertEquals(1, entra.authorizations().size(), entra.browsed()::toString);
			Map<String, String> asked = entra.authorizations().get(0);
			assertTrue(asked.get("redirect_uri").startsWith("http://localhost:"), asked::toString);
			assertEquals("S256", asked.get("code_challenge_method"), "PKCE: " + asked);
			Workbench.waitUntil("the tree re-rooted and filled from OneLake", 60_000,
					() -> shows(view, SignInHandler.DEFAULT_ACCOUNT, "ws00", "ws01"));
			assertTrue(AccountSync.running().isPresent(), "the account's sync job runs");
			Workbench.screenshot("signed-in-browser", view.viewer().getControl().getShell());
		} finally {
			BrowserSignInHandler.useBrowser(null);
		}
	}

	@Test
	void signInWithADeviceCodeSignOutAndSwitchAccount() throws Exception {
		// the folder lake's account, with its own catalog
		FolderLake.use(home, FolderLake.write(Files.createDirectories(dir.resolve("folder"))));
		new RefreshJob(home).schedule();
		Job.getJobManager().join(RefreshJob.FAMILY, new NullProgressMonitor());

		Entra entra = emu.entra();
		entra.interval(2); // approved before MSAL's first poll
		System.setProperty(IdentityTokens.CA_PROPERTY, entra.caFile().toString());
		endpoints(Settings.load(home)).set(IdentityTokens.AUTHORITY_HOST, entra.authorityHost())
				.set(Settings.TENANT, "emu-tenant").set(IdentityTokens.PUBLIC_CLIENT_ID, "lakestudio-test-client").save();

		OneLakeView view = Workbench.openView();
		Workbench.waitUntil("the folder lake's tree", 10_000, () -> shows(view, "local", "Sales"));

		// Cancel gives the code up: nothing changes
		Commands.execute(SignInHandler.ID);
		DeviceCodeDialog cancelled = SignInHandler.lastDialog();
		Workbench.waitUntil("the first device code shown", 30_000, () -> !cancelled.code().isEmpty());
		assertEquals(entra.awaitUserCode(Duration.ofSeconds(1)), cancelled.code());
		assertTrue(press(cancelled.getShell(), "Cancel"));
		Workbench.waitUntil("the sign-in job ended", 30_000,
				() -> Job.getJobManager().find(SignInJob.FAMILY).length == 0);
		assertEquals(null, cancelled.getShell(), "the dialog closed");
		assertEquals("local", Settings.load(home).account(), "a cancelled sign-in changes nothing");
		assertFalse(Files.exists(home.resolve("identity").resolve(SignInHandler.DEFAULT_ACCOUNT + ".json")));

		Commands.execute(SignInHandler.ID);
		DeviceCodeDialog dialog = SignInHandler.lastDialog();
		assertNotNull(dialog);
		Workbench.waitUntil("the device code shown", 30_000, () -> !dialog.code().isEmpty());
		String code = dialog.code();
		assertEquals(entra.awaitUserCode(Duration.ofSeconds(1)), code);
		Workbench.screenshot("sign-in-dialog", dialog.getShell());
		entra.approve(code);
		Workbench.waitUntil("signed in, the dialog closed", 60_000,
				() -> dialog.getShell() == null && Accounts.signedIn(Settings.load(home)));
		Settings in = Settings.load(home);
		assertEquals(SignInHandler.DEFAULT_ACCOUNT, in.account());
		assertEquals(IdentityTokens.DEVICE_CODE, in.string(IdentityTokens.METHOD, null));
		Workbench.waitUntil("the tree re-rooted and filled from OneLake", 60_000,
				() -> shows(view, SignInHandler.DEFAULT_ACCOUNT, "ws00", "ws01"));
		Workbench.screenshot("signed-in-tree", view.viewer().getControl().getShell());

		assertTrue(Commands.command(SignOutHandler.ID).isEnabled());
		Commands.execute(SignOutHandler.ID);
		assertFalse(Accounts.signedIn(Settings.load(home)));
		assertTrue(AccountSync.running().isEmpty(), "no sync job for a signed-out account");
		assertFalse(Files.exists(home.resolve("identity").resolve(SignInHandler.DEFAULT_ACCOUNT + ".json")));
		assertTrue(Files.exists(Catalogs.catalogFile(home, SignInHandler.DEFAULT_ACCOUNT)), "the catalog is kept");
		assertFalse(Commands.command(RefreshHandler.ID).isEnabled());
		assertEquals(LakeSource.SIGNED_OUT, LakeSource.refreshTip(home));
		Workbench.spin(500);
		assertTrue(shows(view, SignInHandler.DEFAULT_ACCOUNT, "ws00", "ws01"), "the tree still shows the catalog");

		Commands.answerNextDialog("OK", shell -> {
			Table list = find(shell);
			for (int i = 0; i < list.getItemCount(); i++) {
				if (list.getItem(i).getText().startsWith("local ")) {
					list.setSelection(i);
					list.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
				}
			}
			try {
				Workbench.screenshot("switch-account", shell);
			} catch (Exception e) {
				throw new AssertionError(e);
			}
		});
		Commands.execute(SwitchAccountHandler.ID);
		Workbench.waitUntil("the tree re-rooted on the folder lake's catalog", 10_000,
				() -> shows(view, "local", "Sales", "Finance"));
		assertEquals("local", Settings.load(home).account());
		assertEquals(Catalogs.catalogFile(home, "local"), view.tree().file());
	}

	private static boolean press(org.eclipse.swt.widgets.Composite parent, String label) {
		for (org.eclipse.swt.widgets.Control c : parent.getChildren()) {
			if (c instanceof org.eclipse.swt.widgets.Button b && b.getText().replace("&", "").equals(label)) {
				b.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
				return true;
			}
			if (c instanceof org.eclipse.swt.widgets.Composite comp && press(comp, label)) {
				return true;
			}
		}
		return false;
	}

	private static Table find(org.eclipse.swt.widgets.Composite parent) {
		for (org.eclipse.swt.widgets.Control c : parent.getChildren()) {
			if (c instanceof Table t) {
				return t;
			}
			if (c instanceof org.eclipse.swt.widgets.Composite comp) {
				Table t = find(comp);
				if (t != null) {
					return t;
				}
			}
		}
		return null;
	}

	/** The results of Refresh's jobs (folder sweeps and OneLake reads) while open. */
	private static final class RefreshResults extends JobChangeAdapter implements AutoCloseable {
		final List<IStatus> results = new CopyOnWriteArrayList<>();

		RefreshResults() {
			Job.getJobManager().addJobChangeListener(this);
		}

		@Override
		public void done(IJobChangeEvent event) {
			if (event.getJob().belongsTo(RefreshJob.FAMILY)) {
				results.add(event.getResult());
			}
		}

		@Override
		public void close() {
			Job.getJobManager().removeJobChangeListener(this);
		}
	}

	/** Listings as text, for failure messages. */
	private static final class RequestLogText {
		static String of(List<Request> rs) {
			StringBuilder b = new StringBuilder();
			rs.forEach(r -> b.append(r.at()).append(' ').append(r.method()).append(' ').append(r.target()).append('\n'));
			return b.toString();
		}
	}
}
