package io.baton.gateway.admission;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import io.baton.gateway.GatewayException;

/**
 * Admission of inference requests: one {@link AdmissionLimit} per application, and a cap on all of them together
 * ({@code baton.gateway.admission.max-in-flight}), which is kept below Tomcat's thread count so that a refusal always
 * finds a thread to be answered on. A request let in holds a {@link Permit} until it is answered.
 *
 * <p>Meters, per application (tag {@code app}): {@code baton_gateway_admission_limit} and
 * {@code baton_gateway_admission_in_flight}; refusals count in {@code baton_gateway_errors_total} with reason
 * {@code overloaded}.
 */
public final class AdmissionControl {

    private final AdmissionProperties settings;
    private final MeterRegistry meters;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, AdmissionLimit> limits = new ConcurrentHashMap<>();
    private final AtomicInteger inFlight = new AtomicInteger();

    public AdmissionControl(AdmissionProperties settings, MeterRegistry meters, LongSupplier clock) {
        this.settings = settings;
        this.meters = meters;
        this.clock = clock;
    }

    /**
     * Lets a request for {@code application} in, or refuses it with a 503 that says so ({@code overloaded}).
     *
     * @param sloMs the application's SLO, which sets how often its limit is judged
     */
    public Permit admit(String application, double sloMs) {
        if (!settings.enabled()) {
            return Permit.UNLIMITED;
        }
        AdmissionLimit limit = limits.computeIfAbsent(application, name -> newLimit(name, sloMs));
        limit.slo(sloMs); // the registry's definition may have changed it since
        if (inFlight.incrementAndGet() > settings.maxInFlight()) {
            inFlight.decrementAndGet();
            throw refused("the gateway has " + settings.maxInFlight() + " inference requests in flight, its limit "
                    + "(baton.gateway.admission.max-in-flight)");
        }
        if (!limit.tryAcquire()) {
            inFlight.decrementAndGet();
            throw refused("model '" + application + "' has " + limit.limit() + " requests in flight, as many as "
                    + "it can answer within their deadlines now");
        }
        return new Permit(this, limit);
    }

    private static GatewayException refused(String why) {
        return GatewayException.overloaded("request refused: " + why + "; retry shortly");
    }

    private AdmissionLimit newLimit(String application, double sloMs) {
        AdmissionLimit limit = new AdmissionLimit(Math.min(settings.minInFlight(), settings.maxInFlight()),
                settings.maxInFlight(), settings.targetMissRate(), sloMs, clock.getAsLong());
        Gauge.builder("baton.gateway.admission.limit", limit, AdmissionLimit::limit)
                .description("inference requests of the application the gateway lets in at once now")
                .tag("app", application).register(meters);
        Gauge.builder("baton.gateway.admission.in.flight", limit, AdmissionLimit::inFlight)
                .description("inference requests of the application in flight in the gateway")
                .tag("app", application).register(meters);
        return limit;
    }

    /** A request let in; {@link #release} once, when it has been answered. */
    public static final class Permit {

        static final Permit UNLIMITED = new Permit(null, null);

        private final AdmissionControl control;
        private final AdmissionLimit limit;
        private boolean released;

        private Permit(AdmissionControl control, AdmissionLimit limit) {
            this.control = control;
            this.limit = limit;
        }

        public void release(AdmissionLimit.Outcome outcome) {
            if (control == null || released) {
                return;
            }
            released = true;
            control.inFlight.decrementAndGet();
            limit.release(outcome, control.clock.getAsLong());
        }
    }
}
