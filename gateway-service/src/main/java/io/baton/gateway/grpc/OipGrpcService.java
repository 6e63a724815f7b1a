package io.baton.gateway.grpc;

import io.baton.gateway.trace.GatewayTrace;
import io.baton.oip.grpc.InferParameter;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import io.grpc.Context;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

import io.baton.commons.tensor.TensorSpec;
import io.baton.gateway.oip.OipModelController;
import io.baton.gateway.oip.OipServerController;
import io.baton.gateway.oip.UpstreamHealth;
import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.RegistryClient;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.ApplicationState;
import io.baton.gateway.scheduler.SchedulerClient;
import io.baton.gateway.serving.InferenceService;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelMetadataResponse;
import io.baton.oip.grpc.ModelReadyRequest;
import io.baton.oip.grpc.ModelReadyResponse;
import io.baton.oip.grpc.ModelStreamInferResponse;
import io.baton.oip.grpc.RepositoryIndexRequest;
import io.baton.oip.grpc.RepositoryIndexResponse;
import io.baton.oip.grpc.ServerLiveRequest;
import io.baton.oip.grpc.ServerLiveResponse;
import io.baton.oip.grpc.ServerMetadataRequest;
import io.baton.oip.grpc.ServerMetadataResponse;
import io.baton.oip.grpc.ServerReadyRequest;
import io.baton.oip.grpc.ServerReadyResponse;
import io.baton.oip.grpc.TraceSettingRequest;
import io.baton.oip.grpc.TraceSettingResponse;

/**
 * {@code inference.GRPCInferenceService}: what the REST routes answer under {@code /v2}, over gRPC. Readiness is
 * an answer ({@code ready: false}), not an error, as Triton gives it; an unknown model or version is NOT_FOUND. Each
 * call that may block runs on the port's threads, as a REST request holds its Tomcat thread ({@link OffLoop}); a
 * ModelInfer that cannot is begun on the connection's event loop and answered where the scheduler's answer is read.
 */
final class OipGrpcService extends GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase {

    private final GrpcInference inference;
    private final InferenceService service;
    private final SchedulerClient scheduler;
    private final RegistryClient registry;
    private final UpstreamHealth health;
    private final String version;
    private final Executor threads;

    /** {@code threads}: where a ModelInfer left on the event loop moves when it may block ({@link OffLoop}). */
    OipGrpcService(GrpcInference inference, SchedulerClient scheduler, RegistryClient registry, UpstreamHealth health,
                   String version, Executor threads) {
        this.threads = threads;
        this.inference = inference;
        this.service = inference.call().service();
        this.scheduler = scheduler;
        this.registry = registry;
        this.health = health;
        this.version = version;
    }

    @Override
    public void serverLive(ServerLiveRequest request, StreamObserver<ServerLiveResponse> answer) {
        reply(answer, ServerLiveResponse.newBuilder().setLive(true).build());
    }

    /** Ready when the registry and the scheduler answer, as {@code GET /v2/health/ready}. */
    @Override
    public void serverReady(ServerReadyRequest request, StreamObserver<ServerReadyResponse> answer) {
        reply(answer, ServerReadyResponse.newBuilder().setReady(health.problems().isEmpty()).build());
    }

    /**
     * Triton's trace extension, as {@code /v2[/models/{m}]/trace/setting} answers it: the named settings changed
     * (a setting with no value cleared), then all in force answered.
     */
    @Override
    public void traceSetting(TraceSettingRequest request, StreamObserver<TraceSettingResponse> answer) {
        try {
            String model = request.getModelName().isEmpty() ? null : service.application(request.getModelName()).name();
            java.util.Map<String, List<String>> changes = new java.util.LinkedHashMap<>();
            request.getSettingsMap().forEach((name, value) -> changes.put(name, value.getValueList()));
            java.util.Map<String, List<String>> settings = changes.isEmpty()
                    ? inference.call().traces().settings().view(model)
                    : inference.call().traces().settings().update(model, changes);
            TraceSettingResponse.Builder b = TraceSettingResponse.newBuilder();
            settings.forEach((name, values) -> b.putSettings(name,
                    TraceSettingResponse.SettingValue.newBuilder().addAllValue(values).build()));
            reply(answer, b.build());
        } catch (RuntimeException e) {
            answer.onError(GrpcStatuses.of(e));
        }
    }

    @Override
    public void serverMetadata(ServerMetadataRequest request, StreamObserver<ServerMetadataResponse> answer) {
        reply(answer, ServerMetadataResponse.newBuilder().setName("baton").setVersion(version)
                .addAllExtensions(OipServerController.EXTENSIONS).build());
    }

    @Override
    public void modelReady(ModelReadyRequest request, StreamObserver<ModelReadyResponse> answer) {
        try {
            ApplicationDefinition def = service.application(request.getName());
            VariantDefinition v = InferenceService.version(def, emptyToNull(request.getVersion()));
            Optional<ApplicationState> state = scheduler.application(def.name()).join();
            boolean ready = state.isPresent() && (v == null ? state.get().ready() : state.get().ready(v.name()));
            reply(answer, ModelReadyResponse.newBuilder().setReady(ready).build());
        } catch (RuntimeException e) {
            answer.onError(GrpcStatuses.of(e));
        }
    }

    /** The application's tensors (the version's, when one is named) and versions, as {@code GET /v2/models/{app}}. */
    @Override
    public void modelMetadata(ModelMetadataRequest request, StreamObserver<ModelMetadataResponse> answer) {
        try {
            ApplicationDefinition def = service.application(request.getName());
            VariantDefinition v = InferenceService.version(def, emptyToNull(request.getVersion()));
            List<TensorSpec> inputs = v != null && !v.inputs().isEmpty() ? v.inputs() : def.clientInputs(null);
            List<TensorSpec> outputs = v != null && !v.outputs().isEmpty() ? v.outputs() : def.clientOutputs(null);
            ModelMetadataResponse.Builder b = ModelMetadataResponse.newBuilder().setName(def.name())
                    .addAllVersions(def.variantNames()).setPlatform(OipModelController.PLATFORM);
            inputs.forEach(s -> b.addInputs(tensor(s)));
            outputs.forEach(s -> b.addOutputs(tensor(s)));
            reply(answer, b.build());
        } catch (RuntimeException e) {
            answer.onError(GrpcStatuses.of(e));
        }
    }

    /** Every application with its state, in name order, as {@code POST /v2/repository/index}. */
    @Override
    public void repositoryIndex(RepositoryIndexRequest request, StreamObserver<RepositoryIndexResponse> answer) {
        try {
            List<String> names = registry.applicationNames();
            List<CompletableFuture<Optional<ApplicationState>>> states = new ArrayList<>(names.size());
            names.forEach(name -> states.add(scheduler.application(name)));
            RepositoryIndexResponse.Builder b = RepositoryIndexResponse.newBuilder();
            for (int i = 0; i < names.size(); i++) {
                RepositoryIndexResponse.ModelIndex.Builder entry = b.addModelsBuilder().setName(names.get(i));
                try {
                    Optional<ApplicationState> s = states.get(i).join();
                    boolean ready = s.map(ApplicationState::ready).orElse(false);
                    entry.setState(ready ? "READY" : "UNAVAILABLE").setReason(ready ? ""
                            : s.map(a -> String.valueOf(a.reason())).orElse("the scheduler does not know it"));
                } catch (CompletionException e) {
                    Throwable why = e.getCause() != null ? e.getCause() : e;
                    entry.setState("UNAVAILABLE").setReason(String.valueOf(why.getMessage()));
                }
                if (request.getReady() && !entry.getState().equals("READY")) {
                    b.removeModels(b.getModelsCount() - 1);
                }
            }
            reply(answer, b.build());
        } catch (RuntimeException e) {
            answer.onError(GrpcStatuses.of(e));
        }
    }

    @Override
    public void modelInfer(ModelInferRequest request, StreamObserver<ModelInferResponse> answer) {
        long received = System.nanoTime();
        if (Boolean.TRUE.equals(OffLoop.ON_LOOP.get()) && !inference.beginsAtOnce(request)) {
            // it may read the registry or search SneakPeek's index first: not on the connection's event loop
            try {
                threads.execute(Context.current().wrap(() -> infer(request, received, answer)));
            } catch (RejectedExecutionException stopping) {
                answer.onError(Status.UNAVAILABLE.withDescription("the gateway is stopping").asRuntimeException());
            }
            return;
        }
        infer(request, received, answer);
    }

    private void infer(ModelInferRequest request, long received, StreamObserver<ModelInferResponse> answer) {
        GatewayTrace trace = inference.begin(request.getModelName(), received);
        // answered where the scheduler's answer is read: this thread is not held while the request is away, and no
        // thread is woken to write the response
        inference.inferAsync(request, received, trace).whenComplete((response, failure) -> {
            if (failure == null) {
                reply(answer, response);
            } else {
                answer.onError(GrpcStatuses.traced(GrpcStatuses.of(failure), trace));
            }
        });
    }

    /**
     * Each request answered on the stream in the order they came, a refused one by its {@code error_message} (the
     * status's description, as the REST error's text) without closing the stream.
     */
    @Override
    public StreamObserver<ModelInferRequest> modelStreamInfer(StreamObserver<ModelStreamInferResponse> answers) {
        return new StreamObserver<>() {
            @Override
            public void onNext(ModelInferRequest request) {
                long received = System.nanoTime();
                GatewayTrace trace = inference.begin(request.getModelName(), received);
                ModelStreamInferResponse.Builder b = ModelStreamInferResponse.newBuilder();
                try {
                    b.setInferResponse(inference.infer(request, received, trace));
                } catch (RuntimeException e) {
                    io.grpc.Status status = GrpcStatuses.of(e).getStatus();
                    b.setErrorMessage(status.getDescription() == null ? status.getCode().name()
                            : status.getDescription());
                    ModelInferResponse.Builder refused = ModelInferResponse.newBuilder()
                            .setModelName(request.getModelName()).setModelVersion(request.getModelVersion())
                            .setId(request.getId())
                            .putParameters("trace_id", InferParameter.newBuilder().setStringParam(trace.traceId()).build());
                    if (trace.madeRequestId()) {
                        refused.putParameters("request_id", InferParameter.newBuilder()
                                .setStringParam(trace.requestId()).build());
                    }
                    b.setInferResponse(refused);
                }
                answers.onNext(b.build());
            }

            @Override
            public void onError(Throwable t) {
                // the client cancelled or the stream broke: nothing is left to answer
            }

            @Override
            public void onCompleted() {
                answers.onCompleted();
            }
        };
    }

    private static ModelMetadataResponse.TensorMetadata tensor(TensorSpec s) {
        return ModelMetadataResponse.TensorMetadata.newBuilder().setName(s.name()).setDatatype(s.datatype())
                .addAllShape(s.shape()).build();
    }

    private static <T> void reply(StreamObserver<T> answer, T value) {
        answer.onNext(value);
        answer.onCompleted();
    }

    private static String emptyToNull(String s) {
        return s.isEmpty() ? null : s;
    }
}
