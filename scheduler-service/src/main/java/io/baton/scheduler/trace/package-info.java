/**
 * Request traces inside the scheduler: the stamps one request collects on its way through (its
 * {@link io.baton.scheduler.trace.RequestTrace}: arrival, and the {@link io.baton.scheduler.trace.BatchTrace} of the
 * batch it ran in, with the worker's own timing; a Schemble ensemble query one per base model that ran it), kept for the last few thousand requests by
 * {@link io.baton.scheduler.trace.RequestTimelines} and served to the gateway as spans (queue, dispatch, transfer,
 * execution) by {@link io.baton.scheduler.trace.TraceController}. Stamps are {@link System#nanoTime()} values in
 * fields; spans are built only when a timeline is read.
 */
package io.baton.scheduler.trace;
