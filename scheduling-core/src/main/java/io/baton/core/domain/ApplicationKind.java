package io.baton.core.domain;

/** The three shapes of application Baton serves. */
public enum ApplicationKind {
    /** One model with interchangeable variants (SneakPeek, Symphony): each request is served by one. */
    SINGLE,
    /** A deep ensemble (Schemble): a request runs on a subset of base models, outputs aggregated. */
    ENSEMBLE,
    /** A linear pipeline of stages (IPA): each stage's output feeds the next. */
    PIPELINE
}
