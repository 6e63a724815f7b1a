package io.baton.core.interference.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            assertTrue(p.soloMs() > 0);
            assertTrue(p.sensitivity() >= 1);
            assertTrue(p.pressure() >= 0 && p.pressure() <= 1);
            assertEquals(p.soloMs() / p.layers(), p.avgLayerMs(), 1e-12);
            p.features(); // valid DeviceFeatures
            assertTrue(h.coRunSlowdown(da, db) >= 1);
        }
    }

    @Test
    void batchSymbolicInputsTakeTheGivenBatch() throws Exception {
        io.baton.core.onnx.GraphBuilder g = new io.baton.core.onnx.GraphBuilder("sym");
        String x = g.input("x", io.baton.core.onnx.Dim.BATCH, io.baton.core.onnx.Dim.of(4));
        g.output(g.relu(x), "y", io.baton.core.onnx.Dim.BATCH, io.baton.core.onnx.Dim.of(4));
        try (OrtDevice d = new OrtDevice("sym", g.build().toBytes(), 8)) {
            assertTrue(d.run() > 0);
        }
    }
}
