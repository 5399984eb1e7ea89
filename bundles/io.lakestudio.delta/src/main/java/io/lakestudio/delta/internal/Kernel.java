package io.lakestudio.delta.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;

import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.lakestudio.delta.DeltaException;

/**
 * The one way into Delta Kernel: a shared engine, the class-loader switch and the mapping of Kernel's unchecked
 * exceptions to {@link DeltaException}. See shared/reference/tycho-libs-spike/REPORT.md, pitfalls 19 and 20.
 */
public final class Kernel {

	/** What we write into commitInfo.engineInfo. */
	public static final String ENGINE_INFO = "Lakestudio";

	private static volatile Engine engine;

	private Kernel() {
	}

	@FunctionalInterface
	public interface Body<T> {
		T run(Engine engine) throws Exception;
	}

	/**
	 * Runs {@code body} with this bundle's class loader as the TCCL: Hadoop's FileSystem discovery and
	 * Configuration read the TCCL, and inside OSGi it is whatever the caller had.
	 */
	public static <T> T call(Path table, String what, Body<T> body) throws DeltaException {
		Thread t = Thread.currentThread();
		ClassLoader old = t.getContextClassLoader();
		t.setContextClassLoader(Kernel.class.getClassLoader());
		try {
			return body.run(engine());
		} catch (DeltaException e) {
			throw e;
		} catch (TableNotFoundException e) {
			throw new DeltaException("no Delta log at " + table, e);
		} catch (Exception | LinkageError e) {
			throw new DeltaException(what + " " + table + ": " + message(e), e);
		} finally {
			t.setContextClassLoader(old);
		}
	}

	/** Fails early with a clear message when the folder has no {@code _delta_log/}. */
	public static void requireLog(Path table) throws DeltaException {
		if (!Files.isDirectory(table.resolve("_delta_log"))) {
			throw new DeltaException("no Delta log at " + table);
		}
	}

	/** Kernel wants a plain path string; a file: URI would be encoded a second time by Hadoop's Path. */
	public static String kernelPath(Path table) {
		return table.toAbsolutePath().normalize().toString();
	}

	private static Engine engine() {
		Engine e = engine;
		if (e == null) {
			synchronized (Kernel.class) {
				if (engine == null) {
					engine = DefaultEngine.create(configuration());
				}
				e = engine;
			}
		}
		return e;
	}

	/**
	 * Raw local file system: no {@code .crc} side files. Cache disabled: the cached FileSystem key asks
	 * UserGroupInformation for the current user, which fails on JDK 23+ ("getSubject is not supported").
	 * LocalLogStore for commits: the default HDFSLogStore goes through FileContext, which asks UGI too.
	 */
	private static Configuration configuration() {
		Configuration conf = new Configuration();
		conf.setClassLoader(Configuration.class.getClassLoader());
		conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
		conf.setBoolean("fs.file.impl.disable.cache", true);
		conf.set("fs.AbstractFileSystem.file.impl", "org.apache.hadoop.fs.local.RawLocalFs");
		conf.set("io.delta.kernel.logStore.file.impl", "io.delta.storage.LocalLogStore");
		return conf;
	}

	private static String message(Throwable e) {
		Throwable c = e;
		while (c.getMessage() == null && c.getCause() != null) {
			c = c.getCause();
		}
		String m = c.getMessage();
		return m == null ? c.getClass().getSimpleName() : m;
	}
}
