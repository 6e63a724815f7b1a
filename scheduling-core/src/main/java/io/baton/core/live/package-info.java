/**
 * Plumbing for running a policy on its own thread live: {@link io.baton.core.live.Mailbox}, a lock-free multi-producer,
 * single-consumer queue whose consumer parks when it is empty (used by the scheduler's engines and the threaded
 * Symphony dispatcher).
 */
package io.baton.core.live;
