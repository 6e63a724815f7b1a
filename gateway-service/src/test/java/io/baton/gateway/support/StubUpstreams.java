package io.baton.gateway.support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The registry and the scheduler stand-ins a gateway test class runs against: started with the class (a static
 * {@code @RegisterExtension} field), named to the gateway by {@link #register} from the class's
 * {@code @DynamicPropertySource}, and closed after its last test.
 */
public final class StubUpstreams implements AfterAllCallback {

    private final StubRegistry registry = new StubRegistry();
    private final StubScheduler scheduler = new StubScheduler();

    public StubRegistry registry() {
        return registry;
    }

    public StubScheduler scheduler() {
        return scheduler;
    }

    /** The gateway's {@code registry-url} and {@code scheduler-url}: these stand-ins. */
    public void register(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", registry::url);
        properties.add("baton.gateway.scheduler-url", scheduler::url);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        registry.close();
        scheduler.close();
    }
}
