package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceArrivalsTest {

    private static final ToIntFunction<String> MODELS = TraceArrivals.modelIndex(List.of("resnet", "bert", "yolo"));

    private static TraceArrivals parse(String text) {
        return new TraceArrivals(new StringReader(text), MODELS);
    }

    private static void assertError(String text, String message) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(TraceFormatException.class).hasMessage(message);
    }

    @Test
    void happyPath() {
        TraceArrivals t = parse("""
                timeMs,model,deadlineMs
                # a comment

                0,resnet
                  1.5 , bert , 30.5
                1.5,yolo,
                # another
                2e3,resnet,NaN
                2000,bert,2100
                """);
        assertThat(t.size()).isEqualTo(5);
        double[][] want = {{0, 0, Double.NaN}, {1.5, 1, 30.5}, {1.5, 2, Double.NaN}, {2000, 0, Double.NaN}, {2000, 1, 2100}};
        for (double[] w : want) {
            assertThat(t.advance()).isTrue();
            assertThat(t.timeMs()).isEqualTo(w[0]);
            assertThat(t.model()).isEqualTo((int) w[1]);
            assertThat(Double.valueOf(t.deadlineMs())).isEqualTo(Double.valueOf(w[2]));
        }
        assertThat(t.advance()).isFalse();
        assertThat(t.advance()).isFalse();
        t.rewind();
        assertThat(t.advance()).isTrue();
        assertThat(t.timeMs()).isZero();
    }

    @Test
    void withoutHeaderOrDeadlinesAndEmpty() {
        TraceArrivals t = parse("5,yolo\r\n7,yolo\r\n");
        assertThat(t.advance()).isTrue();
        assertThat(t.timeMs()).isEqualTo(5);
        assertThat(t.deadlineMs()).isNaN();
        assertThat(t.advance()).isTrue();
        assertThat(t.advance()).isFalse();
        assertThat(parse("").advance()).isFalse();
        assertThat(parse("timeMs,model\n# nothing\n").size()).isZero();
        assertThat(parse("\uFEFFtimeMs,model\n1,bert\n").size()).isEqualTo(1);
    }

    @Test
    void largeTraceGrowsItsArrays() {
        StringBuilder sb = new StringBuilder("timeMs,model,deadlineMs\n");
        for (int i = 0; i < 5000; i++) {
            sb.append(i).append(',').append(i % 2 == 0 ? "bert" : "yolo");
            if (i == 3000) sb.append(',').append(i + 10);
            sb.append('\n');
        }
        TraceArrivals t = parse(sb.toString());
        assertThat(t.size()).isEqualTo(5000);
        for (int i = 0; i < 5000; i++) {
            assertThat(t.advance()).isTrue();
            assertThat(t.timeMs()).isEqualTo(i);
            assertThat(t.model()).isEqualTo(i % 2 == 0 ? 1 : 2);
            if (i == 3000) assertThat(t.deadlineMs()).isEqualTo(3010); else assertThat(t.deadlineMs()).isNaN();
        }
    }

    @Test
    void everyErrorNamesTheLineAndTheField() {
        assertError("timeMs,model\n0,bert\n\n# c\n1,bert\n2,yolo\nabc,bert\n",
                "trace line 7: timeMs 'abc' is not a number");
        assertError("0,bert\n1,foo\n", "trace line 2: unknown model 'foo'");
        assertError("10,bert\n5,bert\n", "trace line 2: timeMs 5 goes back in time (previous 10)");
        assertError("1,bert\n-5,bert\n", "trace line 2: timeMs -5 is negative");
        assertError("1,bert\nNaN,bert\n", "trace line 2: timeMs 'NaN' is not a finite number");
        assertError("1,bert\nInfinity,bert\n", "trace line 2: timeMs 'Infinity' is not a finite number");
        assertError("1,bert\n0x10,bert\n", "trace line 2: timeMs '0x10' is not a number");
        assertError("1,bert\n,bert\n", "trace line 2: timeMs is empty");
        assertError("1,bert\n2, \n", "trace line 2: model is empty");
        assertError("1,bert\n2\n", "trace line 2: expected 2 or 3 comma-separated fields (timeMs,model[,deadlineMs])"
                + " or the 11 of a recorded trace (timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy), got 1");
        assertError("1,bert,3,4\n", "trace line 1: expected 2 or 3 comma-separated fields (timeMs,model[,deadlineMs])"
                + " or the 11 of a recorded trace (timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy), got 4");
        assertError("1,bert,soon\n", "trace line 1: deadlineMs 'soon' is not a number");
        assertError("1,bert,Infinity\n", "trace line 1: deadlineMs 'Infinity' is not a finite number");
        assertError("10,bert,9.5\n", "trace line 1: deadlineMs 9.5 is before timeMs 10");
        assertThatThrownBy(() -> parse("1,bert\n2,nope\n"))
                .isInstanceOfSatisfying(TraceFormatException.class, e -> assertThat(e.line()).isEqualTo(2))
                .isInstanceOf(RuntimeException.class);
    }

    @Test
    void aRecordedTraceReplaysItsFirstThreeColumnsAndAnOldOneStillDoes() {
        TraceArrivals recorded = parse("""
                # baton traffic recording
                timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy
                1000.5,bert,1030.5,1,ontime,,12.25,3,cpu-a,v1,symphony
                # overhead perBatchMs=0.4 perRequestMs=0.01 transferMs=0.8 plannedMs=1.5 batches=20
                1001,yolo,1031,4,dropped,DEADLINE_UNMEETABLE,,,,,symphony
                1002,resnet,1032,1,failed,,,,,v2,work-conserving
                """);
        assertThat(recorded.size()).isEqualTo(3);
        assertThat(recorded.advance()).isTrue();
        assertThat(recorded.timeMs()).isEqualTo(1000.5);
        assertThat(recorded.model()).isEqualTo(1);
        assertThat(recorded.deadlineMs()).isEqualTo(1030.5);
        assertThat(recorded.advance()).isTrue();
        assertThat(recorded.model()).isEqualTo(2);
        assertThat(recorded.deadlineMs()).isEqualTo(1031);

        // A trace written before recorded columns existed replays as it did.
        TraceArrivals old = parse("timeMs,model,deadlineMs\n0,resnet\n1.5,bert,30.5\n");
        assertThat(old.size()).isEqualTo(2);
        assertThat(old.advance() && old.advance()).isTrue();
        assertThat(old.deadlineMs()).isEqualTo(30.5);
        assertError("1,bert,3,1,ontime,,2,1,w,v\n", "trace line 1: expected 2 or 3 comma-separated fields"
                + " (timeMs,model[,deadlineMs])" + " or the 11 of a recorded trace (timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,policy), got 10");
    }

    @Test
    void readsAFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("trace.csv");
        Files.writeString(f, "timeMs,model\n1,resnet\n2,yolo\n");
        TraceArrivals t = TraceArrivals.fromFile(f, MODELS);
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.advance()).isTrue();
        assertThat(t.model()).isZero();
    }
}
