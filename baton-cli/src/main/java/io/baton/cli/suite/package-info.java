/**
 * The live suite as child processes, shared by {@code bin/baton up} and e2e-tests: {@link io.baton.cli.suite.Suite}
 * starts the services of a {@link io.baton.cli.suite.SuiteSpec} in order ({@link io.baton.cli.suite.ServiceProcess},
 * {@link io.baton.cli.suite.ServiceJars}; each gateway on the {@link io.baton.cli.suite.GatewayPorts} of its own),
 * awaits their health and stops them all.
 * {@link io.baton.cli.suite.ZooRegistration} registers a built zoo's {@link io.baton.cli.suite.DemoApplications} and
 * {@link io.baton.cli.suite.Profiling} profiles what is not profiled yet, through {@link io.baton.cli.suite.JsonHttp}
 * and {@link io.baton.cli.suite.Oip}.
 */
package io.baton.cli.suite;
