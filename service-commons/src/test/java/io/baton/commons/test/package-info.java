/**
 * Fixtures the services' tests share, shipped as service-commons' test-jar: the OpenAPI drift check
 * ({@link io.baton.commons.test.ServedOpenApiDocumentTest}, {@link io.baton.commons.test.OpenApiDocuments}), the
 * PostgreSQL the tests run against ({@link io.baton.commons.test.TestDatabase}: Testcontainers where Docker answers,
 * otherwise {@code BATON_TEST_DB_URL} or the local server), and a stub of the registry's hot read
 * ({@link io.baton.commons.test.RegistryStub}).
 */
package io.baton.commons.test;
