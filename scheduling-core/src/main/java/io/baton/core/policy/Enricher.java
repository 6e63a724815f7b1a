package io.baton.core.policy;

/**
 * Edge-side, per request, before scheduling: derives features from the request's input (a difficulty
 * score for Schemble, class evidence for SneakPeek). Its own latency counts against the deadline,
 * so implementations report it.
 *
 * @param <I> the input the gateway holds (tensors)
 * @param <F> the features attached to {@link io.baton.core.domain.Request#features}
 */
public interface Enricher<I, F> {
    F enrich(I input);
}
