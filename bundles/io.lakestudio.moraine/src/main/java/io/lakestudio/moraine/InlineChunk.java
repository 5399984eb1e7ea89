package io.lakestudio.moraine;

/**
 * A chunk of rows to inline: one Arrow IPC record-batch body over the table's user columns, and the schema-only
 * IPC stream it decodes against. The caller encodes both (moraine never parses Arrow) and says how many rows the
 * batch holds; their ids come from the table's row-id counter.
 */
public record InlineChunk(byte[] arrowSchema, byte[] body, int rowCount) {

	public InlineChunk {
		if (rowCount <= 0)
			throw new IllegalArgumentException("an inlined chunk holds at least one row, not " + rowCount);
		arrowSchema = arrowSchema.clone();
		body = body.clone();
	}
}
