package io.baton.commons.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.baton.core.security.InternalAuthException;

/** A missing or unreadable internal secret as Spring Boot's short "APPLICATION FAILED TO START" report, no stack trace. */
class InternalAuthFailureAnalyzer extends AbstractFailureAnalyzer<InternalAuthException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InternalAuthException cause) {
        return new FailureAnalysis(cause.getMessage(), "Give every service of the suite the same secret (see the README's "
                + "internal authentication section).", cause);
    }
}
