package io.baton.e2e.deploy;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Prometheus series a module's Micrometer meters appear as, read from its main sources: every
 * {@code Timer|Counter|Gauge|DistributionSummary.builder("name")} and {@code registry.timer|counter|gauge|summary("name")},
 * named as Micrometer's Prometheus naming convention does ({@code baton.request.latency} as a timer:
 * {@code baton_request_latency_seconds_count|_sum|_max}, and {@code _bucket} when it publishes a histogram).
 */
final class PrometheusSeries {

    private static final Pattern BUILDER = Pattern.compile(
            "\\b(Timer|Counter|Gauge|DistributionSummary|FunctionCounter|FunctionTimer|TimeGauge)\\.builder\\(\\s*\"([^\"]+)\"");
    private static final Pattern SHORTCUT = Pattern.compile("\\.(timer|counter|gauge|summary)\\(\\s*\"([^\"]+)\"");
    private static final Pattern BASE_UNIT = Pattern.compile("\\.baseUnit\\(\\s*\"(\\w+)\"");

    private PrometheusSeries() {}

    /**
     * @param sources              the module's main Java sources
     * @param histogramFromConfig  whether a meter name is given a histogram by
     *                             {@code management.metrics.distribution.percentiles-histogram.<name>} in application.yml
     */
    static Set<String> of(List<String> sources, Predicate<String> histogramFromConfig) {
        Set<String> series = new TreeSet<>();
        for (String source : sources) {
            add(BUILDER.matcher(source), source, histogramFromConfig, series);
            add(SHORTCUT.matcher(source), source, histogramFromConfig, series);
        }
        return series;
    }

    private static void add(Matcher m, String source, Predicate<String> histogramFromConfig, Set<String> series) {
        while (m.find()) {
            String kind = m.group(1).toLowerCase();
            String name = m.group(2);
            int end = source.indexOf(';', m.end());
            String statement = source.substring(m.start(), end < 0 ? source.length() : end);
            Matcher unit = BASE_UNIT.matcher(statement);
            String base = name.replace('.', '_').replace('-', '_') + (unit.find() ? "_" + unit.group(1) : "");
            boolean histogram = statement.contains(".publishPercentileHistogram()")
                    || statement.contains(".publishPercentileHistogram(true)") || histogramFromConfig.test(name);
            switch (kind) {
                case "counter", "functioncounter" -> series.add(base + "_total");
                case "gauge" -> series.add(base);
                case "timegauge" -> series.add(base + "_seconds");
                case "timer", "functiontimer" -> distribution(base + "_seconds", histogram, series);
                case "distributionsummary", "summary" -> distribution(base, histogram, series);
                default -> throw new IllegalStateException(kind);
            }
        }
    }

    private static void distribution(String base, boolean histogram, Set<String> series) {
        series.add(base + "_count");
        series.add(base + "_sum");
        series.add(base + "_max");
        if (histogram) {
            series.add(base + "_bucket");
        }
    }
}
