package io.lakestudio.conformance;

/**
 * One connection the runner sends a file's SQL on. A file's named connections ({@code statement ok con1}) and each
 * iteration of a {@code concurrentloop} get one more from the same {@link SqlDatabase}.
 */
public interface SqlSession extends AutoCloseable {

	/** Runs one record's SQL (it may hold several statements; the last one's rows count), all rows read. */
	Rows execute(String sql) throws SqlFailure;

	/** Stops the statement now running, if any: the file ran past its time. */
	void cancel();

	@Override
	void close();
}
