package io.baton.core.policy;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;
import java.util.List;

/**
 * Everything a {@link Dispatcher} may touch: the clock, its timers, the devices it schedules over,
 * the model table requests index into, and the sink for its decisions. The same dispatcher object
 * runs against the simulator's context (virtual time) and the live scheduler's (wall time).
 */
public record DispatchContext(Clock clock, Timers timers, List<Device> devices, List<ServedModel> models,
                              DispatchSink sink) {

    public DispatchContext {
        devices = List.copyOf(devices);
        models = List.copyOf(models);
        for (int i = 0; i < devices.size(); i++) {
            if (devices.get(i).id() != i) throw new IllegalArgumentException("device ids must be 0..n-1 in order");
        }
        for (int i = 0; i < models.size(); i++) {
            if (models.get(i).id() != i) throw new IllegalArgumentException("model ids must be 0..n-1 in order");
        }
    }

    public double nowMs() {
        return clock.nowMs();
    }
}
