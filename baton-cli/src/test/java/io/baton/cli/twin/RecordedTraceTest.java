package io.baton.cli.twin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;

import org.junit.jupiter.api.Test;

import io.baton.core.workload.RecordedColumns;

/** What the twin reads of a recording's comment lines. */
class RecordedTraceTest {

    /**
     * A batch line follows its batch's first request, so one before the first request is about a request left out:
     * a download since an instant from an older scheduler carried every earlier run's batches, which read as having
     * run at time 0 would be drawn for the replay's first seconds. It is not read; the overhead line (which says no
     * time, and may precede the requests it measured) is.
     */
    @Test
    void aBatchLineBeforeTheFirstRequestIsNotRead() {
        RecordedTrace trace = RecordedTrace.read(new StringReader(String.join("\n",
                "# baton traffic recording",
                RecordedColumns.HEADER,
                "# batch application=a variant=v worker=w batchSize=8 executionMs=40.0000 roundTripMs=90.0000 cold=false",
                "# overhead perBatchMs=1.0000 perRequestMs=0.0000 transferMs=2.0000 plannedMs=2.0000 batches=10",
                "0.000,a,50.000,1,ontime,,6.000,1,w,v,work-conserving",
                "# batch application=a variant=v worker=w batchSize=1 executionMs=4.0000 roundTripMs=6.0000 cold=false",
                "")));
        BatchSamples batches = trace.batches("a", "v");
        assertThat(batches.roundTrips(8)).isZero();
        assertThat(batches.roundTrips(1)).isEqualTo(1);
        assertThat(batches.batches()).isEqualTo(1);
        assertThat(trace.overheadBatches()).isEqualTo(10);
        assertThat(trace.costs().transferMs()).isEqualTo(2.0);
    }
}
