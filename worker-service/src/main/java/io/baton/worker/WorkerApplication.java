package io.baton.worker;

import org.springframework.boot.autoconfigure.SpringBootApplication;

import io.baton.commons.boot.BatonService;
import io.baton.commons.boot.InternalService;

/** One process per device (a GPU or a CPU slice): ONNX Runtime sessions, a model cache with a memory budget, batch execution. */
@SpringBootApplication
@InternalService(settings = WorkerProperties.class)
public class WorkerApplication {

    public static void main(String[] args) {
        BatonService.run(WorkerApplication.class, args);
    }
}
