package io.baton.registry;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

import io.baton.commons.boot.BatonService;
import io.baton.commons.boot.InternalService;
import io.baton.commons.json.StrictJsonRequests;

/** The durable state of the suite: applications, variants, ONNX artifacts, profiles and plans. */
@SpringBootApplication
@InternalService(settings = RegistryProperties.class)
@Import(StrictJsonRequests.class) // request bodies read strictly
public class RegistryApplication {

    public static void main(String[] args) {
        BatonService.run(RegistryApplication.class, args);
    }
}
