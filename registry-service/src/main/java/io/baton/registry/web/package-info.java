/**
 * The registry's HTTP plumbing: its refusals ({@link io.baton.registry.web.ApiException}, answered by
 * {@link io.baton.registry.web.ProblemHandler} on service-commons' problem advice), checks of what strict JSON reading
 * lets through ({@link io.baton.registry.web.FiniteJson}, {@link io.baton.registry.web.Bounded}), paging
 * ({@link io.baton.registry.web.PageView}, {@link io.baton.registry.web.PagingParameters}), and
 * {@link io.baton.registry.web.JsonErrorEcho}, which keeps parse errors from echoing a misquoted API key into logs.
 */
package io.baton.registry.web;
