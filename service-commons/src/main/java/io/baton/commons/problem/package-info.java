/**
 * RFC 7807 problems as every service answers them: the problem types ({@link io.baton.commons.problem.ProblemTypes},
 * {@code urn:baton:problem:<slug>}), the one refusal a route throws ({@link io.baton.commons.problem.ProblemException}:
 * status, slug, detail, extra members such as {@code field}), the advice base that writes it
 * ({@link io.baton.commons.problem.ProblemAdvice}) and the advice of services that read strict JSON and validate it
 * ({@link io.baton.commons.problem.RequestProblemAdvice}).
 */
package io.baton.commons.problem;
