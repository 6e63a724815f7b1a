package io.baton.profiler;

import io.baton.commons.boot.BatonService;
import io.baton.commons.boot.InternalService;
import io.baton.commons.json.StrictJsonRequests;
import io.baton.commons.problem.RequestProblemAdvice;
import io.baton.core.security.InternalCredentials;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.baton.commons.runtime.ExecutionProvider;
import io.baton.profiler.job.AutoProfiler;
import io.baton.profiler.job.ProfilingJobs;
import io.baton.profiler.measure.EnsembleProfiler;
import io.baton.profiler.measure.InterferenceFeatureProfiler;
import io.baton.profiler.measure.VariantProfiler;
import io.baton.profiler.registry.HttpRegistryClient;
import io.baton.profiler.registry.RegistryClient;

/** Profiling jobs with ONNX Runtime: latency per batch size, load time, memory, per-class recall, interference features; writes profiles to the registry. */
@SpringBootApplication
@InternalService(settings = ProfilerProperties.class)
@Import({StrictJsonRequests.class, RequestProblemAdvice.class}) // request bodies read strictly, refusals as problems
public class ProfilerApplication {

    public static void main(String[] args) {
        BatonService.run(ProfilerApplication.class, args);
    }

    @Bean
    RegistryClient registryClient(ProfilerProperties properties, ObjectMapper json, InternalCredentials credentials) {
        return new HttpRegistryClient(properties.registryUrl(), properties.httpTimeout(), json, credentials);
    }

    @Bean
    VariantProfiler variantProfiler(io.baton.profiler.measure.ProfilingLimits limits) {
        return new VariantProfiler(limits);
    }

    @Bean
    EnsembleProfiler ensembleProfiler() {
        return new EnsembleProfiler();
    }

    @Bean
    InterferenceFeatureProfiler interferenceFeatureProfiler(ProfilerProperties properties) {
        return new InterferenceFeatureProfiler(properties.interference());
    }

    @Bean
    ProfilingJobs profilingJobs(RegistryClient registry, VariantProfiler profiler, EnsembleProfiler ensembleProfiler,
                                InterferenceFeatureProfiler features, ProfilerProperties properties) {
        return new ProfilingJobs(registry, profiler, ensembleProfiler, features, properties);
    }

    /** Profiling on registration ({@code baton.profiler.auto-profile.enabled}, on by default). */
    @Bean
    @ConditionalOnProperty(name = "baton.profiler.auto-profile.enabled", havingValue = "true", matchIfMissing = true)
    AutoProfiler autoProfiler(ProfilingJobs jobs, ProfilerProperties properties) {
        ProfilerProperties.AutoProfile auto = properties.autoProfile();
        ExecutionProvider provider = ExecutionProvider.byId(auto.provider());
        if (provider == null) {
            throw new IllegalArgumentException("baton.profiler.auto-profile.provider must be cpu or cuda, not '"
                    + auto.provider() + "'");
        }
        String deviceKind = auto.deviceKind() == null || auto.deviceKind().isBlank() ? provider.deviceKind() : auto.deviceKind();
        return new AutoProfiler(jobs, provider.id(), deviceKind, auto.interval());
    }
}
