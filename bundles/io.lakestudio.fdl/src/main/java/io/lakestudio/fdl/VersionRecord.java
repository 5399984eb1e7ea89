package io.lakestudio.fdl;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/**
 * A version's record ({@code versions/<id>}, docs/fdl-0.1.md "The record"). Its bytes are its canonical JSON, its
 * ID their SHA-256, its signature the author's over the canonical bytes without {@code signature}.
 */
public record VersionRecord(List<String> parents, String catalogSha256, long catalogSize, String ducklakeVersion,
		long snapshot, Instant created, String authorName, String authorKey, String message, long dataFiles,
		long dataBytes, Map<String, Object> extras, String signature) {

	public static final String FORMAT = "fdl/0.1";
	private static final Set<String> FIELDS = Set.of("format", "parents", "catalog", "ducklake", "created", "author",
			"message", "data", "signature");

	public VersionRecord {
		parents = List.copyOf(parents);
		extras = extras == null ? Map.of() : Map.copyOf(extras);
	}

	/** The record signed by {@code key}, whose public key becomes {@link #authorKey()}. */
	public VersionRecord signedBy(Signing key) {
		VersionRecord unsigned = new VersionRecord(parents, catalogSha256, catalogSize, ducklakeVersion, snapshot,
				created, authorName, key.publicKey(), message, dataFiles, dataBytes, extras, null);
		return new VersionRecord(parents, catalogSha256, catalogSize, ducklakeVersion, snapshot, created, authorName,
				key.publicKey(), message, dataFiles, dataBytes, extras, key.sign(unsigned.signedBytes()));
	}

	/** The bytes the signature covers: the canonical record without {@code signature}. */
	public byte[] signedBytes() {
		return Json.encode(json(false));
	}

	/** The record's bytes as stored. */
	public byte[] bytes() {
		if (signature == null)
			throw new IllegalStateException("an unsigned record has no stored form");
		return Json.encode(json(true));
	}

	public String id() {
		return sha256(bytes());
	}

	public boolean signatureVerifies() {
		return Signing.verify(authorKey, signedBytes(), signature);
	}

	private Map<String, Object> json(boolean withSignature) {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		o.put("format", FORMAT);
		o.put("parents", parents);
		TreeMap<String, Object> catalog = Json.object();
		catalog.put("sha256", catalogSha256);
		catalog.put("size", catalogSize);
		o.put("catalog", catalog);
		TreeMap<String, Object> ducklake = Json.object();
		ducklake.put("version", ducklakeVersion);
		ducklake.put("snapshot", snapshot);
		o.put("ducklake", ducklake);
		o.put("created", Fields.time(created));
		TreeMap<String, Object> author = Json.object();
		author.put("name", authorName);
		author.put("key", authorKey);
		o.put("author", author);
		o.put("message", message);
		TreeMap<String, Object> data = Json.object();
		data.put("files", dataFiles);
		data.put("bytes", dataBytes);
		o.put("data", data);
		if (withSignature)
			o.put("signature", signature);
		return o;
	}

	/**
	 * Reads a stored record, refusing it unless it is canonical, well formed and its signature verifies. Whether its
	 * name is its hash and its key is trusted is the reader's check ({@link Repository#record}).
	 */
	public static VersionRecord parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where, FIELDS);
		if (!FORMAT.equals(f.string("format")))
			throw FdlException.malformed(where, "format is not " + FORMAT);
		List<String> parents = new java.util.ArrayList<>();
		for (Object p : f.list("parents")) {
			if (!(p instanceof String s) || !Fields.isHash(s))
				throw FdlException.malformed(where, "a parent is not a version ID");
			parents.add(s);
		}
		Fields catalog = f.object("catalog", Set.of("sha256", "size"));
		Fields ducklake = f.object("ducklake", Set.of("version", "snapshot"));
		Fields author = f.object("author", Set.of("name", "key"));
		Fields data = f.object("data", Set.of("files", "bytes"));
		String key = author.string("key");
		if (!Signing.isKey(key))
			throw FdlException.malformed(where, "author key is not 32 bytes of lowercase hex");
		VersionRecord r = new VersionRecord(parents, catalog.hash("sha256"), catalog.number("size", 1),
				ducklake.text("version"), ducklake.number("snapshot", 0), f.instant("created"), author.text("name"),
				key, f.string("message"), data.number("files", 0), data.number("bytes", 0), f.extras(),
				f.string("signature"));
		if (!r.signatureVerifies())
			throw FdlException.malformed(where, "signature does not verify against the author's key " + key);
		return r;
	}

	/** {@link #created()} as the record writes it: UTC, milliseconds. */
	public String createdText() {
		return Fields.time(created);
	}

	public static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
