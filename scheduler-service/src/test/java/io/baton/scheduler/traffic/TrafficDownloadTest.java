package io.baton.scheduler.traffic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.baton.core.workload.RecordedColumns;

/** What a download since an instant holds of the files: the requests from then on, and the batch lines that follow them. */
class TrafficDownloadTest {

    static final String EARLIER_BATCH = "# batch application=a variant=v worker=w batchSize=8 executionMs=40.0000"
            + " roundTripMs=90.0000 cold=false plannedMs=2.0000";
    static final String LATER_BATCH = "# batch application=a variant=v worker=w batchSize=1 executionMs=4.0000"
            + " roundTripMs=6.0000 cold=false plannedMs=2.0000";

    /**
     * An earlier run's request, its batch and an overhead line, then a request after {@code since} with its batch:
     * the earlier batch line is left out with its request. Carried along, the earlier run's batches would reach a
     * replay as if they had run at its start.
     */
    @Test
    void batchLinesOfRequestsBeforeSinceAreLeftOut(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("traffic-1.csv");
        Files.writeString(file, String.join("\n",
                "# baton traffic recording",
                RecordedColumns.HEADER,
                "1000.000,a,1050.000,1,ontime,,90.000,8,w,v,work-conserving",
                EARLIER_BATCH,
                "# overhead perBatchMs=1.0000 perRequestMs=0.0100 transferMs=3.0000 plannedMs=2.0000 handoffMs=0.5000 batches=99",
                "# unrecorded queueFull=3 outOfOrder=0 writeFailed=0 closed=0",
                "5000.000,a,5050.000,1,ontime,,6.000,1,w,v,work-conserving",
                LATER_BATCH,
                "# overhead perBatchMs=0.5000 perRequestMs=0.0100 transferMs=1.0000 plannedMs=2.0000 handoffMs=0.2000 batches=1",
                ""));
        StringWriter out = new StringWriter();
        new TrafficDownload(List.of(file), 4000).writeTo(out);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).contains("1000.000,a,1050.000,1,ontime,,6.000,1,w,v,work-conserving", LATER_BATCH)
                .doesNotContain(EARLIER_BATCH).anyMatch(l -> l.contains("batches=1"))
                .as("an overhead line says no time (and may precede the requests it measured): it comes along")
                .anyMatch(l -> l.contains("batches=99"));
        assertThat(lines.stream().filter(l -> !l.startsWith("#") && !l.equals(RecordedColumns.HEADER))).hasSize(1);

        StringWriter all = new StringWriter();
        new TrafficDownload(List.of(file), Double.NEGATIVE_INFINITY).writeTo(all);
        assertThat(all.toString()).as("from the start, every line comes along").contains(EARLIER_BATCH, LATER_BATCH,
                "batches=99", "# unrecorded");
    }
}
