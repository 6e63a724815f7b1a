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
import io.baton.core.symphony.SymphonyDispatcher;
import io.baton.scheduler.SchedulerProperties;
import io.baton.scheduler.catalog.CatalogProfile;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.metrics.ServingMetrics;

/**
 * The request-scale policies the scheduler runs live, by the id an application names in its {@code policy}.
 * Each policy's live part plugs in here. The registry accepts only ids with a live part
 * ({@link io.baton.core.policy.ApplicationPolicies}); an application naming another (stored before the registry
 * checked) is served by {@code work-conserving}, said once in the log and shown as {@code servedBy} in its readiness.
 */
public final class LivePolicies {

    public static final String INTERFERENCE = "interference";
    /** The interference policy believing nothing interferes (the paper's "w/o itf pred"), for comparison live. */
    public static final String INTERFERENCE_OFF = "interference-off";
    public static final List<String> LIVE = List.of("symphony", "work-conserving", INTERFERENCE, INTERFERENCE_OFF);
    public static final String FALLBACK = "work-conserving";
    /**
     * IPA's live part is epoch planning, not per-request dispatch: {@link io.baton.scheduler.ipa.LivePipelinePlanner}
     * picks each stage's variant and batch size, and the stage's requests are batched by {@code work-conserving}
     * up to that size (IPA's central queue per stage, a batch formed whenever a replica is free).
     */
    public static final String IPA = "ipa";

    /** Makes a live policy's dispatcher over the live workers and variants it is started with (in the same order). */
    @FunctionalInterface
    public interface Factory {
        Dispatcher create(List<Worker> workers, List<LiveVariant> variants);
    }

    private LivePolicies() {
    }

    /** The live policy that serves an application asking for {@code policy}. */
    public static String servedBy(String policy) {
        return policy != null && LIVE.contains(policy) ? policy : FALLBACK;
    }

    public static Factory factory(String livePolicy, SchedulerProperties.Interference interference,
                                  ServingMetrics metrics) {
        return switch (livePolicy) {
            case "symphony" -> (w, v) -> SymphonyDispatcher.symphony();
            case "work-conserving" -> (w, v) -> SymphonyDispatcher.workConserving();
            case INTERFERENCE -> interference(INTERFERENCE, BubblePressurePredictor.INSTANCE, interference, metrics);
            case INTERFERENCE_OFF -> interference(INTERFERENCE_OFF, NoInterference.INSTANCE, interference, metrics);
            default -> throw new IllegalArgumentException("no live policy '" + livePolicy + "'");
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
