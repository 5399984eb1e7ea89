package io.lakestudio.samples;

import static io.lakestudio.samples.SampleTable.col;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.duckdb.DuckDBDriver;

import io.lakestudio.delta.DeltaException;

/**
 * Writes a small, deterministic sample lake in the local-folder layout
 * ({@code <root>/<workspace>/<item>.<Type>/Tables|Files}): three workspaces, lakehouses with partitioned and
 * unpartitioned Delta tables (one with several commits), a schema-enabled lakehouse, a warehouse, a staging
 * lakehouse, a semantic model and some Files. Real Parquet (DuckDB) and real Delta logs (Delta Kernel).
 */
public final class SampleLake {

	/** Mixed into every generated value: change it and every table changes. */
	static final int SEED = 42;

	private SampleLake() {
	}

	/**
	 * Writes the sample lake under {@code root} (created if missing; must not already hold the samples).
	 *
	 * @return the Delta table folders written
	 */
	public static List<Path> write(Path root) throws IOException {
		// DriverManager does not see DuckDB's driver across OSGi bundles; the driver class does not need to
		try (Connection duck = new DuckDBDriver().connect("jdbc:duckdb:", new Properties())) {
			return write(root, duck);
		} catch (SQLException e) {
			throw new IOException("cannot start DuckDB to write the sample lake: " + e.getMessage(), e);
		}
	}

	/**
	 * As {@link #write(Path)}, writing the Parquet through {@code duck}, an open DuckDB connection that may write
	 * under {@code root} (the command line gives one whose library was loaded from the state folder, as the
	 * engine's is, rather than copied to tmp again).
	 */
	public static List<Path> write(Path root, Connection duck) throws IOException {
		Files.createDirectories(root);
		try {
			ParquetWriter w = new ParquetWriter(duck);
			w.exec("SET TimeZone = 'UTC'");
			w.exec("SET threads = 2");
			List<Path> tables = new ArrayList<>();
			Path sales = root.resolve("Sales/Orders.Lakehouse");
			tables.add(table(w, sales.resolve("Tables/orders"), orders()));
			tables.add(table(w, sales.resolve("Tables/customers"), customers(2000)));
			tables.add(table(w, sales.resolve("Tables/products"), products()));
			files(w, sales.resolve("Files"));
			semanticModel(root.resolve("Sales/Sales Overview.SemanticModel"));

			Path web = root.resolve("Marketing/Web.Lakehouse");
			tables.add(table(w, web.resolve("Tables/events"), events()));
			tables.add(table(w, web.resolve("Tables/campaigns"), campaigns()));
			Files.createDirectories(web.resolve("Files/landing"));
			w.exec("COPY (SELECT * FROM range(0, 200) r(i)) TO '" + web.resolve("Files/landing/clicks.json")
					+ "' (FORMAT json)");
			Path staging = root.resolve("Marketing/StagingLakehouseForDataflows_20240601.Lakehouse");
			Files.createDirectories(staging.resolve("Tables"));
			Files.createDirectories(staging.resolve("Files"));

			Path curated = root.resolve("Finance/Curated.Lakehouse");
			tables.add(table(w, curated.resolve("Tables/dbo/invoices"), invoices("invoices", 3000, 2)));
			tables.add(table(w, curated.resolve("Tables/dbo/accounts"), accounts()));
			tables.add(table(w, curated.resolve("Tables/staging/invoices_raw"), invoices("invoices_raw", 1000, 1)));
			Files.createDirectories(curated.resolve("Files"));
			tables.add(table(w, root.resolve("Finance/Reporting.Warehouse/Tables/dbo/fact_revenue"), revenue()));
			return tables;
		} catch (SQLException | DeltaException e) {
			throw new IOException("cannot write the sample lake into " + root + ": " + e.getMessage(), e);
		}
	}

	private static Path table(ParquetWriter w, Path dir, SampleTable t) throws SQLException, IOException, DeltaException {
		w.writeTable(dir, t);
		return dir;
	}

	/** h(n): a deterministic pseudo-random UBIGINT per row, different per use {@code n}. */
	private static String h(int n) {
		return "hash(i * " + (31 + n) + " + " + SEED + ")";
	}

	static SampleTable orders() {
		return new SampleTable("orders", List.of(
				col("order_id", "long", "i::BIGINT + 1"),
				col("customer_id", "long", "(" + h(1) + " % 2000)::BIGINT + 1"),
				col("product_id", "integer", "(" + h(2) + " % 300)::INTEGER + 1"),
				col("quantity", "integer", "(" + h(3) + " % 5)::INTEGER + 1"),
				col("amount", "decimal(10,2)", "((" + h(4) + " % 50000) / 100.0 + 1)::DECIMAL(10,2)"),
				col("ordered_at", "timestamp", "TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_seconds((i * 7919) % 31536000)"),
				col("region", "string", "['EMEA', 'AMER', 'APAC'][(" + h(5) + " % 3)::INTEGER + 1]")),
				"region", 6000, 3);
	}

	static SampleTable customers(long n) {
		return new SampleTable("customers", List.of(
				col("customer_id", "long", "i::BIGINT + 1"),
				col("name", "string", "'Customer ' || (i + 1)"),
				col("email", "string", "CASE WHEN " + h(6) + " % 10 = 0 THEN NULL ELSE 'c' || (i + 1) || '@example.com' END"),
				col("country", "string", "['DE', 'FR', 'US', 'BR', 'JP', 'IN'][(" + h(7) + " % 6)::INTEGER + 1]"),
				col("signup_date", "date", "DATE '2020-01-01' + (" + h(8) + " % 1500)::INTEGER")),
				null, n, 1);
	}

	static SampleTable products() {
		return new SampleTable("products", List.of(
				col("product_id", "integer", "i::INTEGER + 1"),
				col("name", "string", "'Product ' || (i + 1)"),
				col("category", "string", "['Bikes', 'Parts', 'Clothing', 'Accessories'][(i % 4)::INTEGER + 1]"),
				col("list_price", "decimal(8,2)", "((" + h(9) + " % 200000) / 100.0 + 5)::DECIMAL(8,2)"),
				col("discontinued", "boolean", "i % 17 = 0")),
				null, 300, 1);
	}

	static SampleTable events() {
		return new SampleTable("events", List.of(
				col("event_id", "long", "i::BIGINT + 1"),
				col("event_date", "date", "DATE '2024-06-01' + (i % 7)::INTEGER"),
				col("user_id", "long", "(" + h(10) + " % 5000)::BIGINT"),
				col("event_type", "string", "['view', 'click', 'add_to_cart', 'purchase'][(" + h(11) + " % 4)::INTEGER + 1]"),
				col("duration_ms", "integer", "(" + h(12) + " % 60000)::INTEGER"),
				col("score", "double", "(" + h(13) + " % 1000) / 10.0")),
				"event_date", 8000, 2);
	}

	static SampleTable campaigns() {
		return new SampleTable("campaigns", List.of(
				col("campaign_id", "integer", "i::INTEGER + 1"),
				col("name", "string", "'Campaign ' || (i + 1)"),
				col("channel", "string", "['email', 'search', 'social'][(i % 3)::INTEGER + 1]"),
				col("budget", "decimal(12,2)", "((" + h(14) + " % 1000000) / 10.0)::DECIMAL(12,2)"),
				col("starts_on", "date", "DATE '2024-01-01' + (i * 7)::INTEGER")),
				null, 50, 1);
	}

	static SampleTable invoices(String name, long rows, int commits) {
		return new SampleTable(name, List.of(
				col("invoice_id", "long", "i::BIGINT + 100000"),
				col("account_id", "integer", "(" + h(15) + " % 200)::INTEGER + 1"),
				col("year", "integer", "2022 + (i % 3)::INTEGER"),
				col("total", "decimal(12,2)", "((" + h(16) + " % 10000000) / 100.0)::DECIMAL(12,2)"),
				col("issued_on", "date", "DATE '2022-01-01' + (" + h(17) + " % 1095)::INTEGER"),
				col("paid", "boolean", h(18) + " % 4 <> 0")),
				"year", rows, commits);
	}

	static SampleTable accounts() {
		return new SampleTable("accounts", List.of(
				col("account_id", "integer", "i::INTEGER + 1"),
				col("name", "string", "'Account ' || (i + 1)"),
				col("kind", "string", "['asset', 'liability', 'income', 'expense'][(i % 4)::INTEGER + 1]")),
				null, 200, 1);
	}

	static SampleTable revenue() {
		return new SampleTable("fact_revenue", List.of(
				col("day", "date", "DATE '2024-01-01' + (i % 366)::INTEGER"),
				col("region", "string", "['EMEA', 'AMER', 'APAC'][(i % 3)::INTEGER + 1]"),
				col("revenue", "decimal(14,2)", "((" + h(19) + " % 100000000) / 100.0)::DECIMAL(14,2)"),
				col("orders", "long", "(" + h(20) + " % 500)::BIGINT")),
				null, 2500, 1);
	}

	private static void files(ParquetWriter w, Path files) throws IOException, SQLException {
		Path raw = files.resolve("raw/2024");
		Files.createDirectories(raw);
		for (int m = 1; m <= 3; m++) {
			w.exec("COPY (SELECT i + 1 AS order_id, (" + h(21) + " % 100) AS qty FROM range(" + (m * 100) + ", "
					+ (m * 100 + 100) + ") r(i)) TO '" + raw.resolve(String.format("orders_2024-%02d.csv", m))
					+ "' (HEADER, DELIMITER ',')");
		}
		Files.createDirectories(files.resolve("exports"));
		w.exec("COPY (SELECT i AS id, 'row ' || i AS label FROM range(0, 500) r(i)) TO '"
				+ files.resolve("exports/orders_snapshot.parquet") + "' (FORMAT parquet)");
		Files.createDirectories(files.resolve("config"));
		Files.writeString(files.resolve("config/settings.json"), "{\n  \"currency\": \"EUR\",\n  \"fiscalYearStart\": \"04-01\"\n}\n");
		Files.writeString(files.resolve("README.txt"), "Raw drops from the order system.\n");
	}

	private static void semanticModel(Path dir) throws IOException {
		Files.createDirectories(dir.resolve("definition"));
		Files.writeString(dir.resolve("definition.pbism"), "{\"version\": \"4.0\"}\n");
		Files.writeString(dir.resolve("definition/model.tmdl"), "model Model\n\tculture: en-US\n");
	}
}
