package io.baton.cli.suite;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;

/** A loopback port for a child of the suite: the one preferred by the standard layout when it is free, else any. */
final class FreePort {
    private FreePort() {}

    /**
     * {@code preferred} when it is free and not in {@code avoid} (ports other children are given but may not have
     * bound yet), else any free port; 0 prefers none.
     */
    static int of(int preferred, Set<Integer> avoid) {
        int[] choices = preferred > 0 && preferred <= 65535 && !avoid.contains(preferred) ? new int[] {preferred, 0} : new int[] {0};
        for (int port : choices) {
            try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return s.getLocalPort();
            } catch (IOException taken) {
                // the next choice
            }
        }
        throw new SuiteException("no free port on the loopback interface");
    }
}
