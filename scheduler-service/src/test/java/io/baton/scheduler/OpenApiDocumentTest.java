package io.baton.scheduler;

import io.baton.commons.test.ServedOpenApiDocumentTest;

/** The document served at {@code /v3/api-docs} is the one committed as {@code openapi/scheduler-service.yaml}. */
class OpenApiDocumentTest extends ServedOpenApiDocumentTest {

    OpenApiDocumentTest() {
        super("scheduler-service");
    }
}
