package io.lakestudio.conformance;

/** What a file runs against: one database (state folder) and the connections to it. */
public interface SqlDatabase extends AutoCloseable {

	/** A new connection: its own transaction, the same database. */
	SqlSession connect() throws SqlFailure;

	/** Closes every connection made and the database. */
	@Override
	void close();
}
