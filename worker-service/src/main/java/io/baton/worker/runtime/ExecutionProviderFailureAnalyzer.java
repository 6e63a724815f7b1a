package io.baton.worker.runtime;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a missing execution provider into Spring Boot's short "APPLICATION FAILED TO START" report. */
class ExecutionProviderFailureAnalyzer extends AbstractFailureAnalyzer<ExecutionProviderUnavailableException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, ExecutionProviderUnavailableException cause) {
        return new FailureAnalysis(cause.getMessage(), cause.action(), cause);
    }
}
