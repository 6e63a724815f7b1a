package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExitCauseTest {

    @Test
    void aStatusAbove128IsTheSignalThatEndedTheChild() {
        assertThat(ExitCause.of(137, List.of("2026-01-01 INFO ready")).toString()).isEqualTo("killed by SIGKILL (137)");
        assertThat(ExitCause.of(143, List.of()).toString()).isEqualTo("killed by SIGTERM (143)");
        assertThat(ExitCause.of(138, List.of()).toString()).isEqualTo("killed by signal 10 (138)");
    }

    @Test
    void anErrorExitSaysTheLastMeaningfulLineOfItsLog() {
        List<String> log = List.of("starting", "java.lang.IllegalStateException: no model cache",
                "\tat io.baton.worker.X.y(X.java:1)", "\t... 12 more", "", "   ");
        assertThat(ExitCause.of(1, log).toString()).isEqualTo("exited with status 1: java.lang.IllegalStateException: no model cache");
    }

    @Test
    void springBootsStartUpReportGivesItsReasonNotItsAdvice() {
        List<String> log = List.of("", "***************************", "APPLICATION FAILED TO START", "***************************", "",
                "Description:", "", "Binding to target io.baton.worker.WorkerProperties failed:", "",
                "    Property: baton.worker.max-concurrent-batches", "    Value: \"0\"", "    Origin: \"baton.worker.max-concurrent-batches\"",
                "    Reason: must be greater than or equal to 1", "", "", "Action:", "",
                "Update your application's configuration", "");
        assertThat(ExitCause.of(1, log).lastLogLine()).isEqualTo("Reason: must be greater than or equal to 1");
    }

    @Test
    void aCleanExitOrASignalQuotesNoLog() {
        assertThat(ExitCause.of(0, List.of("bye")).toString()).isEqualTo("exited with status 0");
        assertThat(ExitCause.of(137, List.of("Exception: boom")).lastLogLine()).isEmpty();
        assertThat(ExitCause.of(2, List.of()).toString()).isEqualTo("exited with status 2");
    }

    @Test
    void aVeryLongLineIsCut() {
        String line = "x".repeat(1000);
        assertThat(ExitCause.of(1, List.of(line)).lastLogLine()).hasSize(242).endsWith(" …");
    }
}
