package io.baton.cli.bench.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A soak's plot as a standalone SVG, written by hand (no plotting library): on top, each service's resident memory
 * (MiB) by minute; below, goodput (requests/s, left axis) and miss rate (%, right axis) by minute. Every series is a
 * {@code <g class="series" data-series="...">} holding its line and a dot per minute (so that a one-minute run still
 * shows its points): {@code rss:SERVICE}, {@code goodput} and {@code miss-rate}.
 */
public final class SoakSvg {
    static final int WIDTH = 960, PANEL_HEIGHT = 300, LEFT = 80, RIGHT = 200, TOP = 40, GAP = 70, BOTTOM = 50;
    private static final String[] COLOURS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf"};

    private SoakSvg() {}

    /** The plot of {@code minutes} (at least one), memory drawn for each of {@code services}. */
    public static String render(List<SoakMinute> minutes, List<String> services, String title) {
        StringBuilder svg = new StringBuilder();
        int height = TOP + 2 * PANEL_HEIGHT + GAP + BOTTOM;
        svg.append(String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3.org/2000/svg\""
                + " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height, WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        svg.append(text(WIDTH / 2.0, 22, "middle", title, "font-size=\"15\""));

        Panel rss = new Panel(TOP, minutes.size(), max(minutes, services));
        rss.frame(svg, "resident memory (MiB)", "MiB", null);
        for (int i = 0; i < services.size(); i++) {
            String s = services.get(i);
            rss.series(svg, "rss:" + s, colour(i), minutes, m -> m.rssKb().containsKey(s) ? m.rssKb().get(s) / 1024.0 : Double.NaN, false);
            legend(svg, rss, i, colour(i), s);
        }

        double goodputMax = minutes.stream().mapToDouble(SoakMinute::goodput).max().orElse(0);
        double missMax = minutes.stream().mapToDouble(m -> 100 * m.missRate()).max().orElse(0);
        Panel load = new Panel(TOP + PANEL_HEIGHT + GAP, minutes.size(), goodputMax);
        Panel miss = new Panel(TOP + PANEL_HEIGHT + GAP, minutes.size(), Math.max(1, missMax));
        load.frame(svg, "goodput (answers within the SLO per second) and miss rate ((late + dropped) / sent)", "req/s", miss);
        load.series(svg, "goodput", colour(0), minutes, SoakMinute::goodput, false);
        miss.series(svg, "miss-rate", colour(3), minutes, m -> 100 * m.missRate(), true);
        legend(svg, load, 0, colour(0), "goodput (req/s, left)");
        legend(svg, load, 1, colour(3), "miss rate (%, right)");
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static double max(List<SoakMinute> minutes, List<String> services) {
        double max = 0;
        for (SoakMinute m : minutes) {
            for (String s : services) {
                Long kb = m.rssKb().get(s);
                if (kb != null) max = Math.max(max, kb / 1024.0);
            }
        }
        return max;
    }

    private static String colour(int i) {
        return COLOURS[i % COLOURS.length];
    }

    private static void legend(StringBuilder svg, Panel p, int row, String colour, String label) {
        double x = WIDTH - RIGHT + 50, y = p.top + 14 + 18 * row;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                x, y - 4, x + 18, y - 4, colour));
        svg.append(text(x + 24, y, "start", label, ""));
    }

    /** A panel's plot area: minutes 1..n across, 0..top of a rounded-up scale down. */
    private static final class Panel {
        final double top, yMax;
        final int n;

        Panel(double top, int n, double max) {
            this.top = top;
            this.n = n;
            this.yMax = niceCeiling(max);
        }

        double x(int minute) {
            return n == 1 ? LEFT + (WIDTH - LEFT - RIGHT) / 2.0 : LEFT + (minute - 1) * (double) (WIDTH - LEFT - RIGHT) / (n - 1);
        }

        double y(double v) {
            return top + PANEL_HEIGHT - v / yMax * PANEL_HEIGHT;
        }

        void frame(StringBuilder svg, String title, String unit, Panel right) {
            svg.append(text(LEFT, top - 8, "start", title, "font-weight=\"bold\""));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>%n",
                    LEFT, top, WIDTH - LEFT - RIGHT, PANEL_HEIGHT));
            for (int i = 0; i <= 4; i++) {
                double v = yMax * i / 4, y = y(v);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n", LEFT, y, WIDTH - RIGHT, y));
                svg.append(text(LEFT - 6, y + 4, "end", label(v), ""));
                if (right != null) svg.append(text(WIDTH - RIGHT + 6, y + 4, "start", label(right.yMax * i / 4), ""));
            }
            svg.append(text(16, top + PANEL_HEIGHT / 2.0, "middle", unit,
                    String.format(Locale.ROOT, "transform=\"rotate(-90 16 %.1f)\"", top + PANEL_HEIGHT / 2.0)));
            if (right != null) {
                double x = WIDTH - RIGHT + 40;
                svg.append(text(x, top + PANEL_HEIGHT / 2.0, "middle", "%",
                        String.format(Locale.ROOT, "transform=\"rotate(-90 %.1f %.1f)\"", x, top + PANEL_HEIGHT / 2.0)));
            }
            int step = Math.max(1, (int) Math.ceil(n / 15.0));
            for (int m = 1; m <= n; m += step) {
                svg.append(text(x(m), top + PANEL_HEIGHT + 16, "middle", Integer.toString(m), ""));
            }
            svg.append(text(LEFT + (WIDTH - LEFT - RIGHT) / 2.0, top + PANEL_HEIGHT + 34, "middle", "minute", ""));
        }

        void series(StringBuilder svg, String name, String colour, List<SoakMinute> minutes, ToDoubleFunction<SoakMinute> value, boolean dashed) {
            svg.append("<g class=\"series\" data-series=\"").append(escape(name)).append("\">\n");
            List<String> points = new ArrayList<>();
            StringBuilder dots = new StringBuilder();
            for (SoakMinute m : minutes) {
                double v = value.applyAsDouble(m);
                if (Double.isNaN(v)) continue;
                String at = String.format(Locale.ROOT, "%.1f,%.1f", x(m.minute()), y(v));
                points.add(at);
                dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s minute %d: %s</title></circle>%n",
                        x(m.minute()), y(v), colour, escape(name), m.minute(), String.format(Locale.ROOT, "%.4g", v)));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n", colour,
                    dashed ? " stroke-dasharray=\"6 3\"" : "", String.join(" ", points)));
            svg.append(dots).append("</g>\n");
        }
    }

    /** 1, 2, 2.5 or 5 × a power of ten at or above {@code v} + 5% (1 for nothing to show). */
    static double niceCeiling(double v) {
        if (!(v > 0)) return 1;
        double scaled = v * 1.05, p = Math.pow(10, Math.floor(Math.log10(scaled)));
        for (double f : new double[] {1, 2, 2.5, 5, 10}) {
            if (f * p >= scaled) return f * p;
        }
        return 10 * p;
    }

    /** An axis label: whole numbers as they are, quarters of a scale step to two decimals at most (3.75, not 3.8). */
    static String label(double v) {
        if (v >= 100 || v == Math.rint(v)) return String.format(Locale.ROOT, "%.0f", v);
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4f", v)).stripTrailingZeros().toPlainString();
    }

    private static String text(double x, double y, String anchor, String content, String attributes) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>%n", x, y, anchor,
                attributes.isEmpty() ? "" : " " + attributes, escape(content));
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> b.append(c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '?' : c);
            }
        }
        return b.toString();
    }
}
