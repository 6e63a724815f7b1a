package io.baton.core.interference.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Real ONNX Runtime sessions co-running on two threads; sanity only (no timed thresholds). */
class InterferenceHarnessTest {

    @Test
    void profilesAModelAndMeasuresACoRunSlowdownOfAtLeastOne() throws Exception {
        RandomGraph a = RandomOnnxGraphs.generate("a", 11), b = RandomOnnxGraphs.generate("b", 12);
        InterferenceHarness h = new InterferenceHarness(2, 5);
        try (OrtDevice da = new OrtDevice("a", a.model().toBytes(), 1); OrtDevice db = new OrtDevice("b", b.model().toBytes(), 1)) {
            assertEquals(a.model().nodes().size(), da.layers());
            CpuProfile p = h.profile(da);
            assertSane(p);
            assertEquals(a.model().nodes().size(), p.layers());
            p.features(); // valid DeviceFeatures
            assertTrue(h.coRunSlowdown(da, db) >= 1);
        }
    }

    @Test
    void batchSymbolicInputsTakeTheGivenBatch() throws Exception {
        GraphBuilder g = new GraphBuilder("sym");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.relu(x), "y", Dim.BATCH, Dim.of(4));
        try (OrtDevice d = new OrtDevice("sym", g.build().toBytes(), 8)) {
            assertTrue(d.run() > 0);
        }
    }

    /** Token ids (int64) through an embedding table: integer inputs are fed zeros, a valid index of any table. */
    @Test
    void int64AndSeveralInputsOfAnyShapeAreFed() throws Exception {
        GraphBuilder g = new GraphBuilder("embed");
        String ids = g.int64Input("ids", Dim.BATCH, Dim.of(6));
        String extra = g.input("extra", Dim.BATCH, Dim.of(6), Dim.of(8));
        String table = g.weights("table", new long[] {50, 8}, new float[50 * 8]);
        String rows = g.op("Gather", List.of(table, ids));
        g.output(g.relu(g.add(rows, extra)), "y", Dim.BATCH, Dim.of(6), Dim.of(8));
        byte[] model = g.build().toBytes();
        try (OrtDevice d = new OrtDevice("embed", model, 3)) {
            assertTrue(d.run() > 0);
        }
        CpuProfile p = InterferenceHarness.timed(1, Duration.ofMillis(50)).profile("embed", model, 1);
        assertSane(p);
        assertEquals(OnnxNodeCount.count(model), p.layers());
    }

    /** The entry point the profiler uses: a model file, a time budget instead of a run count. */
    @Test
    void aTimedHarnessProfilesAModelFile() throws Exception {
        RandomGraph a = RandomOnnxGraphs.generate("a", 21);
        InterferenceHarness h = InterferenceHarness.timed(2, Duration.ofMillis(100));
        CpuProfile p = h.profile("a", a.model().toBytes(), 1);
        assertSane(p);
        assertEquals(p.pressure() * h.bubbleSoloRate(), p.bandwidthGBs(), 1e-12);
        assertTrue(h.bubbleSoloRate() > 0);
        assertEquals(InterferenceHarness.BANDWIDTH_PROBE, p.probe());
        assertThrows(IllegalArgumentException.class, () -> InterferenceHarness.timed(1, Duration.ZERO));
    }

    private static void assertSane(CpuProfile p) {
        assertTrue(p.soloMs() > 0, "solo " + p.soloMs());
        assertTrue(p.sensitivity() >= 1, "sensitivity " + p.sensitivity());
        assertTrue(p.pressure() >= 0 && p.pressure() <= 1, "pressure " + p.pressure());
        assertTrue(p.utilisation() > 0 && p.utilisation() <= 1, "utilisation " + p.utilisation());
        assertTrue(p.bandwidthGBs() >= 0 && Double.isFinite(p.bandwidthGBs()), "bandwidth " + p.bandwidthGBs());
        assertEquals(p.soloMs() / p.layers(), p.avgLayerMs(), 1e-12);
    }
}
