package io.baton.core.interference;

import java.util.List;

/** "w/o itf pred" (§VI-A): the same scheduler believing every model runs at its solo latency. */
public final class NoInterference implements InterferencePredictor {
    public static final NoInterference INSTANCE = new NoInterference();

    private NoInterference() {}

    @Override
    public String name() {
        return "none";
    }

    @Override
    public double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
        return 1.0;
    }
}
