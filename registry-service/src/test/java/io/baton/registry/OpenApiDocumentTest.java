package io.baton.registry;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import io.baton.commons.test.OpenApiDocuments;
import io.baton.registry.support.PostgresHttpTest;

/**
 * The document served at {@code /v3/api-docs} is the one committed as {@code openapi/registry-service.yaml}
 * ({@link OpenApiDocuments}). The service runs against PostgreSQL ({@link PostgresHttpTest}).
 */
class OpenApiDocumentTest extends PostgresHttpTest {

    @Test
    void servedDocumentIsTheCommittedOne() throws IOException {
        OpenApiDocuments.assertServedIsCommitted(http, "registry-service");
    }
}
