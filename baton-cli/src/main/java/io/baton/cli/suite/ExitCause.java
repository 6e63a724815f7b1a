package io.baton.cli.suite;

import java.util.List;
import java.util.Map;

/**
 * Why a child exited, in words: {@code exited with status 1: <the last meaningful line of its log>}, or
 * {@code killed by SIGKILL (137)} (a status above 128 is 128 plus the signal that ended it, as the shell reports it).
 * The log's line is given for an error exit only: after a signal it is whatever the child happened to print last.
 */
public record ExitCause(int status, String lastLogLine) {

    private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 4, "SIGILL",
            6, "SIGABRT", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM");
    private static final int LONGEST_LINE = 240;

    /** The cause of an exit with {@code status}, its log's lines (since the start that ended) read for an error exit. */
    public static ExitCause of(int status, List<String> log) {
        return new ExitCause(status, status != 0 && status <= 128 ? lastMeaningfulLine(log) : "");
    }

    /** The signal's name when a signal ended the child ({@code SIGKILL}, or {@code signal 10} for one not named here). */
    public String signal() {
        if (status <= 128) return "";
        int signal = status - 128;
        return SIGNALS.getOrDefault(signal, "signal " + signal);
    }

    @Override
    public String toString() {
        if (status > 128) return "killed by " + signal() + " (" + status + ")";
        return "exited with status " + status + (lastLogLine.isEmpty() ? "" : ": " + lastLogLine);
    }

    /**
     * The last line that says something: not blank, not a stack frame, not a row of asterisks; for Spring Boot's
     * start-up failure report, a line before its {@code Action:} advice (the {@code Reason:} of a refused setting).
     */
    static String lastMeaningfulLine(List<String> log) {
        int end = log.size();
        for (int i = log.size() - 1; i >= 0; i--) {
            if (log.get(i).strip().equals("Action:")) {
                end = i;
                break;
            }
        }
        for (int i = end - 1; i >= 0; i--) {
            String line = log.get(i).strip();
            if (line.isEmpty() || line.startsWith("at ") || line.startsWith("...") || line.matches("\\*+")
                    || line.equals("Description:")) {
                continue;
            }
            return line.length() <= LONGEST_LINE ? line : line.substring(0, LONGEST_LINE) + " …";
        }
        return "";
    }
}
