package io.baton.worker.api;

import io.baton.core.membership.DeviceDescription;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;


/** {@code GET /internal/v1/device}: what this worker drives. */
@RestController
class DeviceController {

    private final DeviceDescription device;

    DeviceController(DeviceDescription device) {
        this.device = device;
    }

    @GetMapping("/internal/v1/device")
    DeviceDescription device() {
        return device;
    }
}
