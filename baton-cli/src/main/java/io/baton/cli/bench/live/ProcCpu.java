package io.baton.cli.bench.live;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A process's CPU time and resident memory, and the process that listens on a local TCP port, read from Linux's
 * {@code /proc} (its root a parameter, so that tests can lay out their own): the listening socket's inode from
 * {@code net/tcp} and {@code net/tcp6}, the process whose {@code fd} links to {@code socket:[inode]}, its
 * {@code utime + stime} from {@code PID/stat} and its {@code VmRSS} from {@code PID/status}. Only this machine's
 * processes in this network namespace are visible; a service in a container whose port is published shows as the
 * forwarding proxy, or not at all.
 */
final class ProcCpu {
    /** The clock tick rate assumed when {@code self/auxv} cannot be read: Linux's USER_HZ on every common platform. */
    static final long ASSUMED_TICKS_PER_SECOND = 100;
    /** The auxiliary vector's key for the clock tick rate ({@code sysconf(_SC_CLK_TCK)} reads it from there). */
    private static final long AT_CLKTCK = 17;
    private static final String LISTEN = "0A";

    private final Path root;

    ProcCpu(Path root) {
        this.root = root;
    }

    /** One process's {@code stat}: its name and the CPU time it has spent, in clock ticks. */
    record Stat(long pid, String comm, long utime, long stime) {
        long ticks() {
            return utime + stime;
        }
    }

    boolean readable() {
        return Files.isReadable(root.resolve("net/tcp")) && Files.isDirectory(root.resolve("self"));
    }

    /** Clock ticks per second from this process's auxiliary vector (64-bit entries); null when it cannot be read. */
    Long ticksPerSecond() {
        try {
            ByteBuffer auxv = ByteBuffer.wrap(Files.readAllBytes(root.resolve("self/auxv"))).order(ByteOrder.nativeOrder());
            while (auxv.remaining() >= 16) {
                long key = auxv.getLong(), value = auxv.getLong();
                if (key == AT_CLKTCK && value > 0) return value;
                if (key == 0) break;
            }
        } catch (IOException | RuntimeException e) {
            // unreadable or not Linux: the caller assumes the usual rate and says so
        }
        return null;
    }

    Stat stat(long pid) throws IOException {
        return parseStat(Files.readString(root.resolve(pid + "/stat")));
    }

    /** This process's own {@code stat}. */
    Stat selfStat() throws IOException {
        return parseStat(Files.readString(root.resolve("self/stat")));
    }

    /** The whole machine's CPU: ticks spent busy, summed over its {@code cpus}, since boot. */
    record Machine(long busyTicks, int cpus) {}

    /** The machine's busy ticks and CPU count, from {@code /proc/stat}. */
    Machine machine() throws IOException {
        return parseMachine(Files.readAllLines(root.resolve("stat")));
    }

    /**
     * {@code /proc/stat}: the first line, {@code cpu user nice system idle iowait irq softirq steal ...}, summed over
     * every CPU; busy is all but idle and iowait (guest time is inside user already). One {@code cpuN} line per CPU.
     */
    static Machine parseMachine(List<String> lines) {
        if (lines.isEmpty() || !lines.get(0).startsWith("cpu ")) {
            throw new IllegalArgumentException("not /proc/stat: its first line is not the summed cpu line");
        }
        String[] f = lines.get(0).substring(4).trim().split("\\s+");
        if (f.length < 8) throw new IllegalArgumentException("a /proc/stat cpu line with too few fields: " + lines.get(0));
        long busy = 0;
        for (int i : new int[] {0, 1, 2, 5, 6, 7}) busy += Long.parseLong(f[i]);
        int cpus = (int) lines.stream().filter(l -> l.matches("cpu\\d+ .*")).count();
        return new Machine(busy, Math.max(1, cpus));
    }

    /**
     * A {@code stat} line: {@code pid (comm) state ...}, utime and stime being fields 14 and 15. The name may hold
     * spaces and parentheses, so it ends at the line's last {@code )}.
     */
    static Stat parseStat(String line) {
        int open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open) throw new IllegalArgumentException("not a /proc stat line: " + line);
        String[] rest = line.substring(close + 1).trim().split("\\s+");
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        if (rest.length < 13) throw new IllegalArgumentException("a /proc stat line with too few fields: " + line);
        return new Stat(Long.parseLong(line.substring(0, open).trim()), line.substring(open + 1, close),
                Long.parseLong(rest[11]), Long.parseLong(rest[12]));
    }

    /** The process's resident memory (VmRSS of {@code PID/status}) in KiB. */
    long rssKb(long pid) throws IOException {
        return parseVmRssKb(Files.readAllLines(root.resolve(pid + "/status")));
    }

    /** The {@code VmRSS:   123456 kB} line of a {@code status} file, in KiB. */
    static long parseVmRssKb(List<String> status) {
        for (String line : status) {
            if (!line.startsWith("VmRSS:")) continue;
            String[] f = line.substring("VmRSS:".length()).trim().split("\\s+");
            if (f.length == 2 && f[1].equals("kB")) return Long.parseLong(f[0]);
            throw new IllegalArgumentException("not a VmRSS line in kB: " + line);
        }
        throw new IllegalArgumentException("no VmRSS line (a kernel thread, or a process that has ended)");
    }

    /** The inodes of the sockets listening on {@code port} (IPv4 and IPv6). */
    Set<Long> listeningInodes(int port) throws IOException {
        Set<Long> inodes = new HashSet<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            Path file = root.resolve(table);
            if (Files.isReadable(file)) inodes.addAll(listeningInodes(Files.readAllLines(file), port));
        }
        return inodes;
    }

    /**
     * The listening sockets' inodes in a {@code net/tcp} or {@code net/tcp6} table: {@code sl local_address
     * rem_address st ... inode}, the local address ending in {@code :PORT} (hex), state {@code 0A} being LISTEN.
     */
    static Set<Long> listeningInodes(List<String> lines, int port) {
        Set<Long> inodes = new HashSet<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[0].endsWith(":") || !LISTEN.equals(f[3])) continue;
            String local = f[1];
            int colon = local.lastIndexOf(':');
            if (colon < 0 || Integer.parseInt(local.substring(colon + 1), 16) != port) continue;
            long inode = Long.parseLong(f[9]);
            if (inode != 0) inodes.add(inode);
        }
        return inodes;
    }

    /**
     * The processes that hold these sockets, by inode, in one pass over every process's open files; a process this
     * user may not look into is skipped.
     */
    Map<Long, Long> socketOwners(Set<Long> inodes) throws IOException {
        Map<String, Long> links = new HashMap<>();
        for (Long inode : inodes) links.put("socket:[" + inode + "]", inode);
        Map<Long, Long> owners = new HashMap<>();
        if (links.isEmpty()) return owners;
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(root, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path process : processes) {
                long pid = Long.parseLong(process.getFileName().toString());
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
                    for (Path fd : fds) {
                        Long inode = links.get(linkOf(fd));
                        if (inode != null) owners.putIfAbsent(inode, pid);
                    }
                } catch (IOException | SecurityException e) {
                    // another user's process, or one that ended while we looked
                }
                if (owners.size() == inodes.size()) break;
            }
        }
        return owners;
    }

    private static String linkOf(Path fd) {
        try {
            return Files.isSymbolicLink(fd) ? Files.readSymbolicLink(fd).toString() : "";
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
