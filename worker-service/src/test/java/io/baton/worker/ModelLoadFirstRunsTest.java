package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.baton.commons.runtime.ExecutionProvider;
import io.baton.worker.artifact.ArtifactNotFoundException;
import io.baton.worker.artifact.ArtifactSource;
import io.baton.worker.artifact.Digests;
import io.baton.worker.cache.ModelCache;
import io.baton.worker.runtime.SessionFactory;

/**
 * A model's load hands over a session that has already run: real ONNX Runtime sessions of real models, loaded through
 * the worker's {@link ModelCache}, report the batch sizes they ran at before the load returned.
 */
class ModelLoadFirstRunsTest {

    static final byte[] CONV = TestModels.convClassifier(7, 4);
    static final byte[] MIXED = TestModels.mixedTypes(3);
    static final Map<String, byte[]> ARTIFACTS = Map.of(Digests.sha256(CONV), CONV, Digests.sha256(MIXED), MIXED);
    static final ArtifactSource SOURCE = new ArtifactSource() {
        @Override
        public byte[] fetch(String sha256) {
            byte[] bytes = ARTIFACTS.get(sha256);
            if (bytes == null) throw new ArtifactNotFoundException(sha256, describe());
            return bytes;
        }

        @Override
        public String describe() {
            return "the test's models";
        }
    };

    static SessionFactory sessions;

    @BeforeAll
    static void open() {
        sessions = new SessionFactory(ExecutionProvider.CPU, 0, 1);
    }

    @AfterAll
    static void close() {
        sessions.close();
    }

    private static List<Integer> warmedOnLoad(ModelCache cache, byte[] model) {
        String digest = Digests.sha256(model);
        cache.load(digest);
        try (ModelCache.Lease lease = cache.acquire(digest)) {
            assertThat(lease.load()).as("resident since its load").isNull();
            return lease.model().warmedBatchSizes();
        }
    }

    @Test
    void aNewlyLoadedSessionHasRunEveryBatchSizeUpToTheLargestBeforeTheLoadIsDone() {
        try (ModelCache cache = new ModelCache(SOURCE, sessions, 1L << 30, new SimpleMeterRegistry(), 8, Duration.ofMinutes(5))) {
            assertThat(warmedOnLoad(cache, CONV)).containsExactly(1, 2, 4, 8, 3, 5, 6, 7);
        }
    }

    @Test
    void everyInputIsFedInItsOwnType() {
        // x FP32 [N,4] and k INT64 [N,1]: zeros of each type, at each batch size
        try (ModelCache cache = new ModelCache(SOURCE, sessions, 1L << 30, new SimpleMeterRegistry(), 3, Duration.ofMinutes(5))) {
            assertThat(warmedOnLoad(cache, MIXED)).containsExactly(1, 2, 3);
        }
    }

    @Test
    void theFirstRunsStopAtTheirBoundAfterTheFirst() {
        // a bound already past after one run: however many sizes were asked for, the load does not wait for them
        try (ModelCache cache = new ModelCache(SOURCE, sessions, 1L << 30, new SimpleMeterRegistry(), 4096, Duration.ofNanos(1))) {
            assertThat(warmedOnLoad(cache, CONV)).containsExactly(1);
        }
    }

    @Test
    void aCacheWithoutFirstRunsHandsSessionsOverCold() {
        try (ModelCache cache = new ModelCache(SOURCE, sessions, 1L << 30, new SimpleMeterRegistry())) {
            assertThat(warmedOnLoad(cache, CONV)).isEmpty();
        }
    }
}
