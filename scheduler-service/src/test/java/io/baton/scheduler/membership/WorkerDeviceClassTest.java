package io.baton.scheduler.membership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.commons.membership.WorkerRegistration;
import java.time.Clock;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/**
 * The scheduler keeps each worker's device class (the interference planner places models on heterogeneous devices) from
 * the registration body a worker sends: declared when the worker names one, derived from its provider and intra-op
 * threads when it does not (workers that predate the field).
 */
class WorkerDeviceClassTest {

    final ObjectMapper json = new ObjectMapper().findAndRegisterModules();
    final WorkerRegistry registry = new WorkerRegistry(Clock.systemUTC(), Duration.ofSeconds(30));

    static String body(String id, String kind, int intraOpThreads, String deviceClassField) {
        return """
                {"workerId":"%s","url":"http://127.0.0.1:9/%s","models":[],
                 "device":{"deviceId":"%s","kind":"%s","provider":"%s","cores":2,"cpuModel":"Test CPU",
                           "memoryBytes":8589934592,"memoryBudgetBytes":1073741824,"intraOpThreads":%d,
                           "maxConcurrentBatches":1,"onnxRuntimeVersion":"1.23.2","availableProviders":["CPU"]%s}}
                """.formatted(id, id, id, kind, kind.equals("gpu") ? "cuda" : "cpu", intraOpThreads,
                deviceClassField == null ? "" : ",\"deviceClass\":\"" + deviceClassField + "\"");
    }

    Worker register(String body) throws Exception {
        return registry.register(json.readValue(body, WorkerRegistration.class));
    }

    @Test
    void declaredDeviceClassIsKept() throws Exception {
        register(body("w1", "cpu", 1, "slow-cpu"));
        assertThat(registry.find("w1")).get().extracting(Worker::deviceClass).isEqualTo("slow-cpu");
    }

    @Test
    void undeclaredDeviceClassIsDerivedFromProviderAndThreads() throws Exception {
        assertThat(register(body("one", "cpu", 1, null)).deviceClass()).isEqualTo("cpu-1t");
        assertThat(register(body("two", "cpu", 2, null)).deviceClass()).isEqualTo("cpu-2t");
        assertThat(register(body("auto", "cpu", 0, null)).deviceClass()).isEqualTo("cpu");
        assertThat(register(body("gpu", "gpu", 0, null)).deviceClass()).isEqualTo("gpu");
    }

    @Test
    void deviceClassSurvivesHeartbeats() throws Exception {
        register(body("w1", "cpu", 2, null));
        registry.heartbeat("w1", WorkerRegistryTest.heartbeat("w1", java.time.Instant.now()));
        assertThat(registry.find("w1")).get().extracting(Worker::deviceClass).isEqualTo("cpu-2t");
    }
}
