package io.baton.worker.api;

import io.baton.commons.membership.DeviceDescription;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;

/** {@code GET /internal/v1/device}: what this worker drives. */
@RestController
record DeviceController(DeviceDescription device) {

    @GetMapping("/internal/v1/device")
    @Operation(operationId = "device", summary = "The device this worker drives")
    public DeviceDescription device() {
        return device;
    }
}
