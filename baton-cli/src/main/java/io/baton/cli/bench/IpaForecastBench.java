package io.baton.cli.bench;

import io.baton.core.ipa.forecast.LastValueForecaster;
import io.baton.core.ipa.forecast.LoadForecaster;
import io.baton.core.ipa.forecast.LstmForecaster;
import io.baton.core.ipa.forecast.MovingMaxForecaster;
import io.baton.core.ipa.forecast.Smape;
import io.baton.core.ipa.forecast.SyntheticTrace;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code baton bench ipa-forecast}: SMAPE of the load forecasters on held-out trace (§5.1: the paper trains the
 * LSTM on 14 days and tests on 7; its SMAPE is 6.6%). Here: a synthetic per-second trace
 * ({@link SyntheticTrace}) of {@code hours}, the first two thirds for training, the rest for testing; one forecast
 * every 10 s, scored against the maximum load of the next 20 s.
 */
public final class IpaForecastBench {

    private IpaForecastBench() {}

    public record Row(String forecaster, double smape, double trainSeconds) {}

    public static List<Row> run(int hours, long seed) {
        double[] trace = SyntheticTrace.perSecond(hours * 3600, seed);
        int split = trace.length * 2 / 3;
        long t0 = System.nanoTime();
        LstmForecaster lstm = LstmForecaster.train(Arrays.copyOf(trace, split), 10, 30, 7);
        double train = (System.nanoTime() - t0) / 1e9;
        return List.of(row(new LastValueForecaster(), trace, split, 0), row(new MovingMaxForecaster(), trace, split, 0),
                row(lstm, trace, split, train));
    }

    private static Row row(LoadForecaster f, double[] trace, int split, double train) {
        return new Row(f.name(), Smape.evaluate(f, trace, split, trace.length, 10), train);
    }

    public static void print(List<Row> rows, PrintStream out) {
        out.println("IPA load forecasters: SMAPE of the next-20-s maximum on held-out synthetic trace (last third)");
        out.printf("%-16s %8s %10s%n", "forecaster", "SMAPE%", "train s");
        for (Row r : rows) out.printf("%-16s %8.2f %10.1f%n", r.forecaster(), r.smape(), r.trainSeconds());
    }
}
