package io.baton.gateway;

import static io.baton.gateway.GatewayGrpcTest.assertStatus;
import static io.baton.gateway.GatewayGrpcTest.request;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ServerLiveRequest;
import io.baton.oip.grpc.ServerMetadataRequest;
import io.baton.oip.grpc.ServerReadyRequest;

/**
 * API keys on the gRPC port with {@code inference-auth: required}: read from the call's metadata ({@code x-api-key},
 * or {@code authorization: Bearer}), checked by the REST filter's verifier against the registry's stand-in; liveness,
 * readiness and the health service open, as their REST routes are.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.api-keys=" + GatewayGrpcSecurityTest.BOOTSTRAP,
        "baton.gateway.inference-auth=required"})
class GatewayGrpcSecurityTest {

    static final String BOOTSTRAP = "bootstrap-key-81c3f0a9d2";
    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @Autowired
    OipGrpcServer grpc;

    ManagedChannel channel;

    @BeforeEach
    void connect() {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub oip(String header, String value) {
        GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub = GRPCInferenceServiceGrpc
                .newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
        if (header == null) {
            return stub;
        }
        Metadata m = new Metadata();
        m.put(Metadata.Key.of(header, Metadata.ASCII_STRING_MARSHALLER), value);
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(m));
    }

    @Test
    void inferenceNeedsAKeyWithTheInferOrAdminScopeButHealthDoesNot() {
        String infer = REGISTRY.issueKey("grpc-client", "infer");
        String admin = REGISTRY.issueKey("grpc-operator", "admin");

        var none = oip(null, null);
        assertStatus(() -> none.modelInfer(request("fashion").build()), Status.Code.UNAUTHENTICATED,
                "an API key with the infer scope is required for inference");
        assertStatus(() -> none.serverMetadata(ServerMetadataRequest.getDefaultInstance()),
                Status.Code.UNAUTHENTICATED, "x-api-key");
        assertStatus(() -> none.modelMetadata(ModelMetadataRequest.newBuilder().setName("fashion").build()),
                Status.Code.UNAUTHENTICATED, "authorization: Bearer");
        assertStatus(() -> oip("x-api-key", "nope").modelInfer(request("fashion").build()),
                Status.Code.UNAUTHENTICATED, "the API key is not accepted");

        assertThat(oip("x-api-key", infer).modelInfer(request("fashion").build()).getModelName())
                .isEqualTo("fashion");
        assertThat(oip("authorization", "Bearer " + admin).modelInfer(request("fashion").build()).getModelName())
                .isEqualTo("fashion");
        assertThat(oip("x-api-key", BOOTSTRAP).modelMetadata(ModelMetadataRequest.newBuilder().setName("fashion")
                .build()).getName()).isEqualTo("fashion");

        assertThat(none.serverLive(ServerLiveRequest.getDefaultInstance()).getLive()).isTrue();
        assertThat(none.serverReady(ServerReadyRequest.getDefaultInstance()).getReady()).isTrue();
        assertThat(HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void aKeyWithoutTheInferScopeIsPermissionDenied() {
        String other = REGISTRY.issueKey("grpc-nobody");
        assertStatus(() -> oip("x-api-key", other).modelInfer(request("fashion").build()),
                Status.Code.PERMISSION_DENIED, "lacks the infer scope inference needs");
    }

    @Test
    void theTraceSettingsNeedAKeyWithTheAdminScope() {
        String infer = REGISTRY.issueKey("grpc-tracing-client", "infer");
        String admin = REGISTRY.issueKey("grpc-tracing-operator", "admin");
        io.baton.oip.grpc.TraceSettingRequest read = io.baton.oip.grpc.TraceSettingRequest.getDefaultInstance();
        assertStatus(() -> oip(null, null).traceSetting(read), Status.Code.UNAUTHENTICATED,
                "an API key with the admin scope is required for the trace settings");
        assertStatus(() -> oip("x-api-key", infer).traceSetting(read), Status.Code.PERMISSION_DENIED,
                "lacks the admin scope the trace settings need");
        assertStatus(() -> oip("x-api-key", "nope").traceSetting(read), Status.Code.UNAUTHENTICATED,
                "the API key is not accepted");
        assertThat(oip("x-api-key", admin).traceSetting(read).getSettingsOrThrow("trace_mode").getValueList())
                .containsExactly("opentelemetry");
        assertThat(oip("authorization", "Bearer " + BOOTSTRAP).traceSetting(read).getSettingsCount()).isEqualTo(4);
    }
}
