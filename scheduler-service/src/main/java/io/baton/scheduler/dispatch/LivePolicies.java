package io.baton.scheduler.dispatch;

import java.util.List;

import io.baton.core.domain.Device;
import io.baton.core.interference.BubblePressurePredictor;
import io.baton.core.interference.DeviceClass;
import io.baton.core.interference.DeviceFeatures;
import io.baton.core.interference.InterferenceDispatcher;
import io.baton.core.interference.InterferencePredictor;
import io.baton.core.interference.NoInterference;
import io.baton.core.interference.PlanGoal;
import io.baton.core.interference.Replanner;
import io.baton.core.interference.CreditRule;
import io.baton.core.policy.Dispatcher;
import io.baton.core.registry.DispatcherFactory;
import io.baton.core.registry.LiveEngineKind;
import io.baton.core.registry.PolicyEntry;
import io.baton.core.registry.PolicyRegistry;
import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.catalog.CatalogProfile;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.metrics.ServingMetrics;

/**
 * How the scheduler builds, live, the dispatcher of a policy whose {@link PolicyEntry#live()} dispatches requests:
 * the simulator's own dispatcher for {@link LiveEngineKind#DISPATCHER}, and the interference paper's scheduler over the
 * live workers' measured features for the interference kinds. Which policy serves an application's requests is the
 * registry's ({@link PolicyRegistry#servingRequests}): an application naming a policy without a dispatcher of its own,
 * or an id stored before the registry checked, is served by {@link PolicyRegistry#fallback()}, said once in the log
 * and shown as {@code servedBy} in its readiness.
 */
public final class LivePolicies {

    /** Makes a live policy's dispatcher over the live workers and variants it is started with (in the same order). */
    @FunctionalInterface
    public interface Factory {
        Dispatcher create(List<Worker> workers, List<LiveVariant> variants);
    }

    /** A live driver knows no arrival rates ahead of time; the dispatchers that serve live plan without them. */
    private static final double[] NO_RATES = new double[0];

    private LivePolicies() {
    }

    public static Factory factory(PolicyEntry policy, SchedulerProperties.Interference interference,
                                  ServingMetrics metrics) {
        return switch (policy.live()) {
            case DISPATCHER -> {
                DispatcherFactory dispatcher = policy.simulation().orElseThrow();
                yield (w, v) -> dispatcher.create(NO_RATES);
            }
            case INTERFERENCE -> interference(policy.name(), BubblePressurePredictor.INSTANCE, interference, metrics);
            case INTERFERENCE_BLIND -> interference(policy.name(), NoInterference.INSTANCE, interference, metrics);
            default -> throw new IllegalArgumentException("policy '" + policy.name() + "' dispatches no requests live");
        };
    }

    /**
     * The interference paper's scheduler over the live workers, the same policy object the simulator runs:
     * scheduling-core's {@link InterferenceDispatcher}, with each worker a device named by its id, in the GPU role when
     * its device class is a GPU's and in the accelerator role otherwise (a device of its own that contends only through
     * the host's memory), on the host of its URL; and each variant's interference features from its profile. The
     * factory is made once per engine and keeps the engine's {@link InterferenceDispatcher.History}: the rates and
     * worker speeds measured survive the policy restarts a membership or variant change causes.
     */
    static Factory interference(String policy, InterferencePredictor predictor, SchedulerProperties.Interference s,
                                ServingMetrics metrics) {
        InterferenceDispatcher.Settings settings = new InterferenceDispatcher.Settings(PlanGoal.named(s.goal()),
                s.samples(), CreditRule.DEFAULT_PERIOD_MS, s.epoch().toNanos() / 1e6, Replanner.DEFAULT_RATE_TOLERANCE, 1);
        InterferenceDispatcher.History history = new InterferenceDispatcher.History(); // one per engine
        return (workers, variants) -> new InterferenceDispatcher(policy, predictor, settings,
                served -> features(variants.get(served.id()).interference()),
                (Device d) -> deviceInfo(workers.get(d.id())), history).onPlan(metrics::interferencePlan);
    }

    static InterferenceDispatcher.DeviceInfo deviceInfo(Worker w) {
        String deviceClass = w.deviceClass();
        DeviceClass role = deviceClass != null && deviceClass.startsWith("gpu") ? DeviceClass.GPU : DeviceClass.ACCELERATOR;
        String host = w.url() == null || w.url().getHost() == null ? "unknown" : w.url().getHost();
        if (host.equals("localhost") || host.equals("::1") || host.equals("[::1]")) host = "127.0.0.1";
        return new InterferenceDispatcher.DeviceInfo(w.workerId(), role, host);
    }

    /** The predictor's view of a variant's measured features; null (no predicted interference) when unmeasured. */
    static DeviceFeatures features(CatalogProfile.InterferenceFeatures f) {
        if (f == null || !(f.soloMs() > 0) || !Double.isFinite(f.soloMs())) return null;
        double pressure = f.pressure() == null || !Double.isFinite(f.pressure()) ? 0 : Math.max(0, f.pressure());
        double sensitivity = Double.isFinite(f.sensitivity()) ? Math.max(1, f.sensitivity()) : 1;
        double layer = f.avgLayerMs() > 0 && Double.isFinite(f.avgLayerMs()) ? f.avgLayerMs() : f.soloMs();
        double utilisation = Double.isFinite(f.utilisation()) ? Math.max(0, Math.min(1, f.utilisation())) : 0;
        return new DeviceFeatures(f.soloMs(), layer, pressure, utilisation, sensitivity, sensitivity);
    }
}
