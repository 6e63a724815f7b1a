/**
 * The live suite as child processes, shared by {@code bin/baton up} and e2e-tests: {@link io.baton.core.suite.Suite}
 * starts the services of a {@link io.baton.core.suite.SuiteSpec} in order ({@link io.baton.core.suite.ServiceProcess},
 * {@link io.baton.core.suite.ServiceJars}), awaits their health and stops them all.
 * {@link io.baton.core.suite.ZooRegistration} registers a built zoo's {@link io.baton.core.suite.DemoApplications} and
 * {@link io.baton.core.suite.Profiling} profiles what is not profiled yet, through {@link io.baton.core.suite.JsonHttp}
 * and {@link io.baton.core.suite.Oip}.
 */
package io.baton.core.suite;
