package io.baton.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.baton.gateway.security.AccessRules.Access;

class AccessRulesTest {

    @Test
    void adminInferenceAndPublicRoutes() {
        assertThat(AccessRules.of("/v1")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("/v1/applications")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("/v1/api-keys/3")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("/admin/api/profiling-jobs")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("//v1//applications")).isEqualTo(Access.ADMIN);

        assertThat(AccessRules.of("/v2")).isEqualTo(Access.INFERENCE);
        assertThat(AccessRules.of("/v2/models/a/infer")).isEqualTo(Access.INFERENCE);
        assertThat(AccessRules.of("/v2/repository/index")).isEqualTo(Access.INFERENCE);
        assertThat(AccessRules.of("/v2/health/live")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.of("/v2/health/ready")).isEqualTo(Access.PUBLIC);

        assertThat(AccessRules.of("/v2/trace/setting")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("/v2/models/a/trace/setting")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("//v2/models/a//trace/setting")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.of("/v2/models/trace/setting/infer")).isEqualTo(Access.INFERENCE);

        assertThat(AccessRules.of("/actuator/health")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.of("/v3/api-docs")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.of("/v10/x")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.of("/v1x")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.of("/admin/")).isEqualTo(Access.PUBLIC); // the page itself; its API calls need keys
        assertThat(AccessRules.of("/")).isEqualTo(Access.PUBLIC);
    }
}
