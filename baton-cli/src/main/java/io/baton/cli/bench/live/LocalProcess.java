package io.baton.cli.bench.live;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.util.Map;
import java.util.Set;

/**
 * The process on this machine that answers on a service's URL: the one listening on its port, found through
 * {@code /proc} ({@link ProcCpu}). A service elsewhere, behind docker-proxy, or owned by a user this one cannot look
 * into has no process here, and {@link #why} says so; nothing here throws.
 *
 * @param pid the process, or null when it cannot be found
 * @param why why it cannot be found; null when it was
 */
record LocalProcess(Long pid, String why) {

    static LocalProcess of(ProcCpu proc, URI url) {
        try {
            String host = url.getHost();
            if (host == null || !isLocal(InetAddress.getByName(host))) return none(url.getAuthority() + " is not on this machine");
            int port = url.getPort() >= 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
            Set<Long> inodes = proc.listeningInodes(port);
            if (inodes.isEmpty()) return none("no process in this network namespace listens on port " + port);
            Map<Long, Long> owners = proc.socketOwners(inodes);
            if (owners.isEmpty()) return none("port " + port + " belongs to a process this user cannot look into");
            long pid = owners.values().iterator().next();
            if (proc.stat(pid).comm().startsWith("docker-proxy")) {
                return none("port " + port + " is forwarded by docker-proxy (the service runs in a container)");
            }
            return new LocalProcess(pid, null);
        } catch (IOException | RuntimeException e) {
            return none("reading /proc failed: " + e);
        }
    }

    private static LocalProcess none(String why) {
        return new LocalProcess(null, why);
    }

    private static boolean isLocal(InetAddress address) throws IOException {
        return address.isLoopbackAddress() || address.isAnyLocalAddress() || NetworkInterface.getByInetAddress(address) != null;
    }
}
