package io.baton.registry.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.registry.ApplicationPolicies;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationRequestSchemaTest {

    /** The OpenAPI document's enum is written out in an annotation; it must list what the service accepts. */
    @Test
    void theDocumentedPolicyIdsAreTheAcceptedOnes() throws NoSuchMethodException {
        Schema schema = ApplicationRequest.class.getRecordComponents()[2].getAccessor().getAnnotation(Schema.class);
        assertThat(ApplicationRequest.class.getRecordComponents()[2].getName()).isEqualTo("policy");
        assertThat(schema).isNotNull();
        assertThat(List.of(schema.allowableValues())).isEqualTo(ApplicationPolicies.ids());
    }
}
