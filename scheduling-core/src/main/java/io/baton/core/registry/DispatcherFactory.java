package io.baton.core.registry;

import io.baton.core.policy.Dispatcher;

/** Builds a fresh dispatcher of one policy for one run. */
@FunctionalInterface
public interface DispatcherFactory {

    /**
     * @param ratesPerSec each served model's expected arrival rate, requests/s, for the policies that plan with it
     *                    (the simulator knows them from its scenario; a live driver passes an empty array)
     */
    Dispatcher create(double[] ratesPerSec);
}
