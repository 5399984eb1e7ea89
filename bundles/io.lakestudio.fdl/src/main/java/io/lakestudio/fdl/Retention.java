package io.lakestudio.fdl;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.fdl.FdlException.Refusal;
import io.lakestudio.fdl.Repository.Read;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/** Taking a version out of retention (its record kept) and withdrawing one (readers refuse it unless forced). */
public final class Retention {

	private final Repository repo;
	private final Clock clock;

	public Retention(Repository repo, Clock clock) {
		this.repo = repo;
		this.clock = clock;
	}

	/** Takes {@code id} out of retention: its catalog and data files become collectable unless others name them. */
	public RetentionNote takeOut(String id, String by, String why) throws FdlException {
		return write(id, by, why, false, null);
	}

	/** Withdraws {@code id}: readers refuse it unless forced, and say {@code why}. */
	public RetentionNote withdraw(String id, String by, String why) throws FdlException {
		return write(id, by, why, null, true);
	}

	private RetentionNote write(String id, String by, String why, Boolean retained, Boolean withdrawn)
			throws FdlException {
		repo.record(id, null);
		Optional<Read<RetentionNote>> now = repo.retention(id);
		boolean r = retained != null ? retained : now.map(n -> n.value().retained()).orElse(true);
		boolean w = withdrawn != null ? withdrawn : now.map(n -> n.value().withdrawn()).orElse(false);
		RetentionNote note = new RetentionNote(by, r, clock.instant(), why, w, Map.of());
		String path = Layout.retention(id);
		try {
			repo.store().put(path, note.bytes(),
					now.isEmpty() ? WriteCondition.IF_ABSENT : WriteCondition.ifMatch(now.get().etag()));
			return note;
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.PRECONDITION_FAILED)
				throw new FdlException(Refusal.CONDITION_FAILED, path, "changed by someone else meanwhile; read it again");
			throw Repository.failed(e);
		}
	}
}
