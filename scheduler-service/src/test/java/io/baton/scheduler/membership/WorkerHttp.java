package io.baton.scheduler.membership;

import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The JSON worker-service's {@code HttpSchedulerClient} sends, written out by hand, and a poster for it. */
final class WorkerHttp {

    private WorkerHttp() {}

    /** A registration as worker-service's Jackson writes {@code WorkerRegistration} (record component order). */
    static String registration(String id, String url) {
        return """
                {"workerId":"%s","url":"%s","device":{"deviceId":"%s","kind":"cpu","provider":"cpu","cores":2,\
                "cpuModel":"AMD EPYC","gpuName":null,"gpuIndex":null,"memoryBytes":8589934592,\
                "memoryBudgetBytes":1073741824,"intraOpThreads":0,"maxConcurrentBatches":1,\
                "onnxRuntimeVersion":"1.23.2","availableProviders":["CPU"]},"models":[]}""".formatted(id, url, id);
    }

    /** A heartbeat as worker-service's Jackson writes {@code WorkerHeartbeat} (Spring Boot: ISO-8601 instants). */
    static String heartbeat(String id) {
        return """
                {"workerId":"%s","sentAt":"2026-11-22T04:40:00.123456Z","models":["abc"],"residentBytes":5000,\
                "memoryBudgetBytes":1073741824,"batchesRunning":1,"batchesQueued":3}""".formatted(id);
    }

    static ResponseEntity<String> post(TestRestTemplate http, String path, String json) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.postForEntity(path, new HttpEntity<>(json, headers), String.class);
    }
}
