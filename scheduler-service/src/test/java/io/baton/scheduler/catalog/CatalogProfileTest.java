package io.baton.scheduler.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** A registry profile as the scheduler reads it: with, without and with null interference features (older profiles lack them). */
class CatalogProfileTest {

    static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    static final String PROFILE = """
        {"deviceKind":"cpu","executionProvider":"cpu",
         "latency":[{"batchSize":1,"p50Ms":2.0,"p99Ms":2.5},{"batchSize":4,"p50Ms":5.0,"p99Ms":5.9}],
         "alphaMs":1.0,"betaMs":1.0,"quadratic":[1,1,0],"loadMs":12.5,"memoryBytes":1048576,"dynamicMemoryBytes":null,
         "accuracy":0.9,"classRecall":[0.9,0.8],"confusionMatrix":null,%s"measuredAt":"2026-01-02T03:04:05Z","version":3}
        """;

    @Test
    void parsesTheRegistrysInterferenceFeatures() throws Exception {
        CatalogProfile p = JSON.readValue(PROFILE.formatted("""
            "interference":{"soloMs":0.84,"avgLayerMs":0.042,"layers":20,"bandwidthGBs":1.75,"utilisation":0.97,
              "sensitivity":1.31,"probe":"bubble-probe:32MiB-copy","measuredAt":"2026-01-02T03:04:01.500Z","pressure":0.25,
              "future":1},"""),
                CatalogProfile.class);
        assertThat(p.interference()).isEqualTo(new CatalogProfile.InterferenceFeatures(0.84, 0.042, 20, 1.75, 0.97, 1.31,
                "bubble-probe:32MiB-copy", Instant.parse("2026-01-02T03:04:01.500Z"), 0.25));
        assertThat(p.version()).isEqualTo(3L);
        assertThat(p.loadMs()).isEqualTo(12.5);
        assertThat(p.largestBatch()).isEqualTo(4);

        CatalogProfile noLayers = JSON.readValue(PROFILE.formatted("""
            "interference":{"soloMs":0.84,"avgLayerMs":0.042,"bandwidthGBs":1.75,"utilisation":0.97,"sensitivity":1.31,
              "probe":"bubble-probe:32MiB-copy","measuredAt":"2026-01-02T03:04:01.500Z"},"""), CatalogProfile.class);
        assertThat(noLayers.interference().layers()).isNull();
        assertThat(noLayers.interference().sensitivity()).isEqualTo(1.31);
    }

    @Test
    void profilesWithoutFeaturesHaveNone() throws Exception {
        assertThat(JSON.readValue(PROFILE.formatted("\"interference\":null,"), CatalogProfile.class).interference()).isNull();
        CatalogProfile older = JSON.readValue(PROFILE.formatted(""), CatalogProfile.class); // a registry before V4
        assertThat(older.interference()).isNull();
        assertThat(older.classRecall()).containsExactly(0.9, 0.8);
    }

    @Test
    void theEarlierConstructorsStillBuildProfilesWithoutFeatures() {
        List<CatalogProfile.Point> points = List.of(new CatalogProfile.Point(1, 2, 3));
        assertThat(new CatalogProfile("cpu", "cpu", points, 0.9, 1L).interference()).isNull();
        CatalogProfile eight = new CatalogProfile("cpu", "cpu", points, 0.9, 1L, 10.0, 5L, List.of(0.5));
        assertThat(eight.interference()).isNull();
        assertThat(eight.loadMs()).isEqualTo(10.0);
    }
}
