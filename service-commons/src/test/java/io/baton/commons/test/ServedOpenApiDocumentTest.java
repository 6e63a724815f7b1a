package io.baton.commons.test;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;

/**
 * The base of a service's {@code OpenApiDocumentTest}: the service on a random port serves its committed OpenAPI
 * document ({@link OpenApiDocuments}). A subclass in the service's root package names the service.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
public abstract class ServedOpenApiDocumentTest {

    private final String service;

    @Autowired
    private TestRestTemplate http;

    /** {@code service}: the module's name, as the document's file under {@code openapi/} is named. */
    protected ServedOpenApiDocumentTest(String service) {
        this.service = service;
    }

    @Test
    protected void servedDocumentIsTheCommittedOne() throws IOException {
        OpenApiDocuments.assertServedIsCommitted(http, service);
    }
}
