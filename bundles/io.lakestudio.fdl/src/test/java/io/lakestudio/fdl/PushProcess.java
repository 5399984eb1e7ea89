package io.lakestudio.fdl;

import java.nio.file.Path;
import java.time.Clock;

import io.lakestudio.store.FolderStore;

/**
 * A push in a process of its own, for {@link KilledPushTest} to kill -9: commits a working catalog to main of a
 * folder repository. Prints "go" just before it starts writing, then "done ID" or "refused WHY".
 * Arguments: repository folder, working catalog, key folder, scratch folder.
 */
public final class PushProcess {

	public static void main(String[] args) throws Exception {
		Path root = Path.of(args[0]);
		Repository repo = new Repository(new FolderStore(root), root + "/");
		Writer w = new Writer(repo, Signing.inFolder(Path.of(args[2])), "pusher", Clock.systemUTC());
		System.out.println("go");
		System.out.flush();
		try {
			System.out.println("done " + w.commit(Path.of(args[1]), "main", "pushed", Path.of(args[3]), false).id());
		} catch (FdlException e) {
			System.out.println("refused " + e.getMessage());
		}
		System.out.flush();
	}
}
