package io.baton.worker;

import io.baton.core.security.InternalCredentials;
import io.baton.commons.membership.DeviceDescription;
import io.baton.commons.membership.WorkerHeartbeat;
import io.baton.commons.membership.WorkerRegistration;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.worker.artifact.ArtifactSource;
import io.baton.worker.artifact.ArtifactSources;
import io.baton.worker.batch.BatchRunner;
import io.baton.worker.batch.RunCanceller;
import io.baton.commons.runtime.ResidentMemory;
import io.baton.worker.cache.ModelCache;
import io.baton.worker.cache.ModelView;
import io.baton.worker.grpc.WorkerGrpcServer;
import io.baton.worker.membership.HttpSchedulerClient;
import io.baton.worker.membership.MembershipReporter;
import io.baton.worker.runtime.DeviceProbe;
import io.baton.worker.runtime.SessionFactory;
import io.micrometer.core.instrument.MeterRegistry;

/** Wires the worker from {@code baton.worker.*}. */
@Configuration(proxyBeanMethods = false)
class WorkerConfiguration {

    /** Fails start-up when the configured execution provider is not available (see {@link SessionFactory}). */
    /** Base64 tensors of any size the gateway admitted ({@link io.baton.commons.tensor.TensorWire}). */
    @Bean
    org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer largeTensors() {
        return builder -> builder.postConfigurer(io.baton.commons.tensor.TensorWire::allowLargeTensors);
    }

    @Bean(destroyMethod = "close")
    SessionFactory sessionFactory(WorkerProperties props) {
        return new SessionFactory(props.provider(), props.cudaDeviceId(), props.intraOpThreads(), props.cpuArena(),
                props.modelDir());
    }

    @Bean
    ArtifactSource artifactSource(WorkerProperties props, InternalCredentials credentials) {
        return ArtifactSources.of(props.registryUrl(), props.httpTimeout(), credentials);
    }

    @Bean(destroyMethod = "close")
    ModelCache modelCache(ArtifactSource source, SessionFactory sessions, WorkerProperties props, MeterRegistry meters) {
        return new ModelCache(source, sessions, props.memoryBudgetBytes(), meters);
    }

    /**
     * The process's resident set as a gauge ({@code baton_worker_process_resident_bytes}), beside the model cache's
     * estimate: what a model that allocates at run time makes grow, and what {@code cpu-arena: false} gives back.
     */
    @Bean
    io.micrometer.core.instrument.binder.MeterBinder processResidentMemory() {
        return meters -> io.micrometer.core.instrument.Gauge.builder("baton.worker.process.resident",
                        ResidentMemory::bytes).baseUnit("bytes")
                .description("resident set of the worker process (VmRSS)").register(meters);
    }

    @Bean(destroyMethod = "close")
    RunCanceller runCanceller() {
        return new RunCanceller();
    }

    @Bean
    BatchRunner batchRunner(ModelCache cache, SessionFactory sessions, WorkerProperties props, MeterRegistry meters,
                            RunCanceller canceller) {
        return new BatchRunner(cache, sessions.environment(), props.deviceId(), props.maxConcurrentBatches(), meters,
                canceller, props.maxRunTime(), props.maxRunMemory().toBytes());
    }

    @Bean
    DeviceDescription deviceDescription(SessionFactory sessions, WorkerProperties props) {
        return DeviceProbe.describe(props.deviceId(), sessions, props.memoryBudgetBytes(), props.maxConcurrentBatches(),
                props.deviceClass());
    }

    /**
     * Registration and heartbeats, started once the worker is ready (its port known and its warm-up done: a
     * registration is what makes the scheduler route batches here); when {@code baton.worker.scheduler-url} is not
     * set the worker runs on its own and this listener does nothing.
     */
    @Bean(destroyMethod = "close")
    MembershipStarter membershipStarter(WorkerProperties props, ModelCache cache, BatchRunner runner,
                                        DeviceDescription device, ObjectMapper json, MeterRegistry meters,
                                        InternalCredentials credentials, ObjectProvider<WorkerGrpcServer> grpc) {
        Supplier<List<String>> digests = () -> cache.models().stream().map(ModelView::digest).toList();
        // the binary batch route's port, once it listens (it starts before registration); none: HTTP only
        Supplier<Integer> grpcPort = () -> {
            WorkerGrpcServer server = grpc.getIfAvailable();
            return server != null && server.isRunning() ? server.port() : null;
        };
        return new MembershipStarter(props, (scheduler, self) -> new MembershipReporter(
                new HttpSchedulerClient(scheduler, props.httpTimeout(), json, credentials),
                () -> new WorkerRegistration(props.deviceId(), self.toString(), device, digests.get(), grpcPort.get()),
                () -> new WorkerHeartbeat(props.deviceId(), Instant.now(), digests.get(), cache.residentBytes(),
                        cache.budgetBytes(), runner.running(), runner.queued(), ResidentMemory.bytes()),
                props.heartbeatInterval(), meters));
    }

    /**
     * Starts one membership reporter per scheduler (each with its own thread, so a scheduler that is down delays
     * nothing sent to the others) made for this worker's URL, and closes them. The URL is known once the HTTP port is
     * ({@link WebServerInitializedEvent}); the reporters start on {@link ApplicationReadyEvent}, after every
     * {@code ApplicationRunner} (the warm-up) has returned, so a worker never registers cold.
     */
    static final class MembershipStarter implements ApplicationListener<ApplicationEvent>, AutoCloseable {
        private final WorkerProperties props;
        private final BiFunction<URI, URI, MembershipReporter> reporters;
        private URI self;
        private List<MembershipReporter> started;

        MembershipStarter(WorkerProperties props, BiFunction<URI, URI, MembershipReporter> reporters) {
            this.props = props;
            this.reporters = reporters;
        }

        @Override
        public synchronized void onApplicationEvent(ApplicationEvent event) {
            if (props.schedulerUrl() == null || props.schedulerUrl().isEmpty() || started != null) {
                return;
            }
            if (event instanceof WebServerInitializedEvent web && self == null
                    && web.getApplicationContext().getServerNamespace() == null) { // management port, if separate
                self = props.advertisedUrl() != null ? props.advertisedUrl()
                        : URI.create("http://127.0.0.1:" + web.getWebServer().getPort());
            } else if (event instanceof ApplicationReadyEvent && self != null) {
                started = props.schedulerUrl().stream().distinct().map(scheduler -> reporters.apply(scheduler, self))
                        .toList();
                started.forEach(MembershipReporter::start);
            }
        }

        /** The reporters, one per scheduler, once started (empty when reporting is off or the worker is not ready yet). */
        synchronized List<MembershipReporter> reporters() {
            return started == null ? List.of() : started;
        }

        @Override
        public synchronized void close() {
            if (started != null) {
                started.forEach(MembershipReporter::close);
            }
        }
    }
}
