package io.baton.scheduler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.ResponseEntity;

/** With {@code baton.scheduler.traffic.enabled=false} nothing records, and the download is a 404 problem saying so. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "baton.scheduler.traffic.enabled=false")
class TrafficRecordingOffHttpTest {

    @Autowired
    TestRestTemplate http;
    @Autowired
    ObjectProvider<TrafficRecorder> recorder;

    @Test
    void offMeansNoRecorderAndA404() {
        assertThat(recorder.getIfAvailable()).isNull();
        ResponseEntity<String> r = http.getForEntity("/internal/v1/traffic", String.class);
        assertThat(r.getStatusCode().value()).isEqualTo(404);
        assertThat(r.getBody()).contains("baton.scheduler.traffic.enabled=false");
    }
}
