package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** One in-process run of {@link Baton#run}: exit status, standard output and standard error. */
record CliRun(int code, String out, String err) {

    static final ObjectMapper JSON = new ObjectMapper();

    static CliRun of(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Baton.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Asserts exit 0 and nothing on stderr; returns stdout parsed as JSON. */
    JsonNode okJson() {
        assertThat(code).as("exit status; stderr: %s", err).isZero();
        assertThat(err).as("stderr").isEmpty();
        assertThat(out.strip().lines().count()).as("stdout is one line: %s", out).isEqualTo(1);
        try {
            return JSON.readTree(out);
        } catch (Exception e) {
            throw new AssertionError("stdout is not JSON: " + out, e);
        }
    }

    /** Asserts exit 2, empty stdout and exactly one stderr line containing every fragment; returns that line. */
    String badInput(String... fragments) {
        assertThat(code).as("exit status; stdout: %s; stderr: %s", out, err).isEqualTo(2);
        assertThat(out).as("stdout").isEmpty();
        assertThat(err).as("stderr ends with a newline").endsWith(System.lineSeparator());
        List<String> lines = err.lines().toList();
        assertThat(lines).as("stderr lines").hasSize(1);
        String line = lines.get(0);
        assertThat(line).startsWith("baton: ").doesNotContain("internal error").doesNotContain("Exception");
        for (String f : fragments) assertThat(line).as("stderr line").contains(f);
        return line;
    }

    static List<String> fieldNames(JsonNode o) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) names.add(it.next());
        return names;
    }
}
