package io.lakestudio.onelake.fabric;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.ClientOptions;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import com.azure.storage.file.datalake.DataLakeServiceClient;
import com.azure.storage.file.datalake.DataLakeServiceClientBuilder;

import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.onelake.auth.Trust;

import reactor.core.publisher.Mono;

/**
 * The azure-storage-file-datalake client for OneLake's DFS endpoint: the JDK HTTP client passed explicitly (no
 * netty; inside OSGi azure-core's ServiceLoader finds no provider on its own), one try per call (the sync job owns
 * back-off: an SDK retry would be a request the pace never counted), the endpoints' timeouts, our tokens. Each
 * request is logged as method, path, status and time; never a header.
 */
final class DfsClient {

	/** Sent as the User-Agent's application id, so a server log tells Lakestudio's DFS calls apart. */
	static final String APPLICATION_ID = "lakestudio";

	private DfsClient() {
	}

	static DataLakeServiceClient build(Endpoints endpoints, TokenSource tokens, Consumer<String> log, Clock clock) {
		java.net.http.HttpClient.Builder jdk = java.net.http.HttpClient.newBuilder()
				.followRedirects(java.net.http.HttpClient.Redirect.NEVER);
		if (endpoints.ca() != null) {
			jdk.sslContext(Trust.with(endpoints.ca()));
		}
		Duration wait = endpoints.requestTimeout();
		return new DataLakeServiceClientBuilder().endpoint(endpoints.dfs().toString())
				.httpClient(new JdkHttpClientBuilder(jdk).connectionTimeout(endpoints.connectTimeout())
						.responseTimeout(wait).readTimeout(wait).writeTimeout(wait).build())
				// maxTries 1: the first failure is the answer
				.retryOptions(new RequestRetryOptions(RetryPolicyType.FIXED, 1, (Duration) null, null, null, null))
				.clientOptions(new ClientOptions().setApplicationId(APPLICATION_ID))
				.credential(new StorageCredential(tokens, clock)).addPolicy(new Logged(log)).buildClient();
	}

	/** Our log line per request the SDK sends (after its auth policy: one line per request on the wire). */
	private record Logged(Consumer<String> log) implements HttpPipelinePolicy {

		@Override
		public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
			long t0 = System.nanoTime();
			return next.process().doOnNext(r -> line(context, r.getStatusCode(), t0))
					.doOnError(e -> failed(context, e, t0));
		}

		@Override
		public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
			long t0 = System.nanoTime();
			try {
				HttpResponse r = next.processSync();
				line(context, r.getStatusCode(), t0);
				return r;
			} catch (RuntimeException e) {
				failed(context, e, t0);
				throw e;
			}
		}

		private void line(HttpPipelineCallContext c, int status, long t0) {
			log.accept(c.getHttpRequest().getHttpMethod() + " " + c.getHttpRequest().getUrl().getPath() + " "
					+ status + " " + (System.nanoTime() - t0) / 1_000_000 + " ms");
		}

		private void failed(HttpPipelineCallContext c, Throwable e, long t0) {
			log.accept(c.getHttpRequest().getHttpMethod() + " " + c.getHttpRequest().getUrl().getPath()
					+ " failed after " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + e.getClass().getSimpleName());
		}
	}
}
