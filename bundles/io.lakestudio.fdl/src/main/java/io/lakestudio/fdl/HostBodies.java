package io.lakestudio.fdl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Json;
import io.lakestudio.store.ObjectInfo;

/**
 * The two JSON bodies of "Pushing over HTTP" that are not files, as the host writes them (canonical): a listing, and
 * an error answer. Clients read them with {@link io.lakestudio.store.http.HostAnswers}.
 */
public final class HostBodies {

	private HostBodies() {
	}

	public record Entry(String path, long size, String etag) {
	}

	public record Error(String error, String message) {
		public byte[] bytes() {
			TreeMap<String, Object> o = Json.object();
			o.put("error", error);
			o.put("message", message);
			return Json.encode(o);
		}

		public Error withCode(String code) {
			return new Error(code, message);
		}

		public static Error of(FdlException e) {
			return new Error(e.refusal().code, e.getMessage());
		}
	}

	public static byte[] listing(List<ObjectInfo> objects) {
		return listingOf(objects.stream().map(o -> new Entry(o.path(), o.size(), o.etag())).toList());
	}

	public static byte[] listingOf(List<Entry> entries) {
		List<Object> list = new ArrayList<>();
		for (Entry o : entries) {
			TreeMap<String, Object> e = Json.object();
			e.put("path", o.path());
			e.put("size", o.size());
			e.put("etag", o.etag());
			list.add(e);
		}
		return Json.encode(Map.of("objects", list));
	}
}
