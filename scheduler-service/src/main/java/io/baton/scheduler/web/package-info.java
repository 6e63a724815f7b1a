/**
 * RFC 7807 problems: {@link io.baton.scheduler.web.ApiException} (status, slug, extra members such as a drop's
 * {@code reason}) written by {@link io.baton.scheduler.web.ProblemHandler}, on service-commons' problem advice.
 */
package io.baton.scheduler.web;
