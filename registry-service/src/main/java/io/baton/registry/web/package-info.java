/**
 * The registry's HTTP plumbing: RFC 7807 problems ({@link io.baton.registry.web.ApiException},
 * {@link io.baton.registry.web.ProblemHandler}), strict JSON reading ({@link io.baton.registry.web.StrictJsonTypes},
 * {@link io.baton.registry.web.FiniteJson}, {@link io.baton.registry.web.Bounded},
 * {@link io.baton.registry.web.JsonPaths}), paging ({@link io.baton.registry.web.PageView},
 * {@link io.baton.registry.web.PagingParameters}), and {@link io.baton.registry.web.JsonErrorEcho}, which keeps parse
 * errors from echoing a misquoted API key into logs.
 */
package io.baton.registry.web;
