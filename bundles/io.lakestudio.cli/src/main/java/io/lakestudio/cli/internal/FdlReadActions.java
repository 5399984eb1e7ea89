package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.RetentionNote;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.fdl.Verifier;
import io.lakestudio.fdl.VersionRecord;

/** The fdl actions that only read: log, show, open, verify, and keys (which writes only the trusted keys). */
final class FdlReadActions {

	private final FdlCommand command;
	private final Path home;
	private final CommandLine line;
	private final Out o;

	FdlReadActions(FdlCommand command, Path home, CommandLine line, Out o) {
		this.command = command;
		this.home = home;
		this.line = line;
		this.o = o;
	}

	int run(String action) throws FdlException, IOException {
		return switch (action) {
		case "log" -> log();
		case "show" -> show();
		case "open" -> open();
		case "verify" -> verify();
		default -> keys();
		};
	}

	/** First parents from the ref back, each with whether it verifies against the trusted keys. */
	private int log() throws FdlException {
		FdlCommand.Named n = command.named(line);
		Repository r = n.repo();
		r.marker();
		String ref = n.rest().isEmpty() ? command.work(line).map(w -> w.state().branch()).orElse(null) : n.rest().get(0);
		String id = r.resolve(ref);
		Trust trust = FdlStores.trust(home);
		List<List<Object>> rows = new ArrayList<>();
		while (id != null) {
			VersionRecord v = r.record(id, null);
			rows.add(List.of(o.json() ? id : id.substring(0, 12), v.createdText(),
					v.authorName(), trust.trusts(v.authorKey()) ? "verified" : "untrusted key", v.message()));
			id = v.parents().isEmpty() ? null : v.parents().get(0);
		}
		o.rows(List.of("Version", "Created", "Author", "Signature", "Message"), rows);
		return 0;
	}

	private int show() throws FdlException {
		FdlCommand.Named n = command.named(line);
		Repository r = n.repo();
		if (n.rest().isEmpty())
			throw new Die(2, "fdl show: VERSION|REF expected. Try 'lakestudio fdl show --help'.");
		String id = r.resolve(n.rest().get(0));
		VersionRecord v = r.record(id, null);
		Optional<RetentionNote> note = r.retention(id).map(Repository.Read::value);
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("version", id);
		m.put("parents", v.parents());
		m.put("created", v.createdText());
		m.put("author", v.authorName());
		m.put("key", v.authorKey());
		m.put("trusted", FdlStores.trust(home).trusts(v.authorKey()));
		m.put("message", v.message());
		m.put("catalog", v.catalogSha256());
		m.put("catalog_bytes", v.catalogSize());
		m.put("ducklake", v.ducklakeVersion());
		m.put("snapshot", v.snapshot());
		m.put("data_files", v.dataFiles());
		m.put("data_bytes", v.dataBytes());
		m.put("retained", note.map(RetentionNote::retained).orElse(true));
		m.put("withdrawn", note.map(x -> x.withdrawn() ? x.why() : null).orElse(null));
		if (o.json())
			o.json(m);
		else
			m.forEach((k, val) -> o.writer().println(k + ": " + (val == null ? "-" : val)));
		return 0;
	}

	private int open() throws FdlException, IOException {
		FdlCommand.Named n = command.named(line);
		Reader.Opened v = FdlCommand.reader(home, n.repo()).open(n.rest().isEmpty() ? null : n.rest().get(0),
				line.hasOption("force"));
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("version", v.id());
		m.put("catalog", v.catalogFile().toString());
		m.put("data_path", v.dataRoot());
		if (o.json())
			o.json(m);
		else
			m.forEach((k, val) -> o.writer().println(k + ": " + val));
		return 0;
	}

	private int verify() throws FdlException {
		Verifier.Report rep = FdlCommand.verifier(home, command.named(line).repo()).verify();
		if (o.json()) {
			o.rows(List.of("Path", "Problem"), rep.problems().stream().map(p -> List.<Object>of(p.path(), p.what())).toList());
		} else {
			for (Verifier.Problem p : rep.problems())
				o.writer().println(p.path() + ": " + p.what());
			o.writer().println(rep.versions() + " versions, " + rep.refs() + " refs, " + rep.dataFiles() + " data files: "
					+ (rep.ok() ? "all verified" : rep.problems().size() + " problems"));
		}
		return rep.ok() ? 0 : io.lakestudio.cli.Lakestudio.FAILED;
	}

	private int keys() throws IOException {
		String key = line.getOptionValue("trust");
		if (key != null) {
			if (!Signing.isKey(key))
				throw new Die(2, "fdl keys: --trust takes an Ed25519 public key, 64 hex digits");
			Trust.load(FdlStores.trustFile(home)).add(key, line.getOptionValue("name", ""));
			o.said(Map.of("trusted", key, "name", line.getOptionValue("name", "")),
					"trusted " + key + " " + line.getOptionValue("name", ""));
			return 0;
		}
		boolean keyring = line.hasOption("keyring");
		String mine = (keyring ? FdlStores.keyInKeyring(home) : FdlStores.key(home)).publicKey();
		String kept = FdlStores.inKeyring(home) ? "keyring" : FdlStores.keys(home).resolve("ed25519").toString();
		// the key alone on standard output, so $(lakestudio fdl keys) is the key; where it is kept beside it
		o.said(Map.of("key", mine, "kept", kept), mine);
		if (!o.json()) {
			command.err().println("private key: " + (kept.equals("keyring") ? "in the OS keyring, in no file" : kept));
			command.err().flush();
		}
		return 0;
	}
}
