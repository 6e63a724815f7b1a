package io.baton.scheduler.actuate;

import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** JSON over real HTTP for the actuator's routes. */
final class ActuatorHttp {

    static final ObjectMapper JSON = new ObjectMapper();

    /** Two stages; at 100 requests/s `detect` needs more replicas than the two CPU workers the tests start with. */
    static final String IPA_BODY = """
            {"arrivalRate":100,"slaMs":2000,"weights":{"alpha":2,"beta":0.01,"delta":1e-6},"batchSizes":[1,2,4],
             "maxReplicas":16,"stages":[
              {"name":"detect","variants":[{"name":"yolov5n","accuracy":0.457,"cores":1,"latencyMs":{"1":80,"2":110,"4":170}}]},
              {"name":"classify","variants":[{"name":"resnet18","accuracy":0.69,"cores":1,"latencyMs":{"1":30,"2":45,"4":70}}]}]}""";

    private ActuatorHttp() {}

    static ResponseEntity<String> send(TestRestTemplate http, HttpMethod method, String path, String json) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, method, new HttpEntity<>(json, headers), String.class);
    }

    static JsonNode json(ResponseEntity<String> response) {
        try {
            return JSON.readTree(response.getBody());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + response.getBody(), e);
        }
    }
}
