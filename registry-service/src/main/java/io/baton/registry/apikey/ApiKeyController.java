package io.baton.registry.apikey;

import java.net.URI;

import org.springdoc.core.annotations.ParameterObject;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.web.PageableDefault;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.PageView;
import jakarta.validation.Valid;

/**
 * {@code /v1/api-keys}: the gateway's API keys. Clients reach these through the gateway's admin routes, which need an
 * {@code admin} key once any key exists; the registry itself trusts its callers (it is never exposed directly).
 */
@RestController
@RequestMapping("/v1/api-keys")
public record ApiKeyController(ApiKeyService service) {

    /** The answer carries the key, once: {@code Cache-Control: no-store} keeps it out of every cache on the way. */
    @PostMapping
    @Operation(operationId = "createApiKey", summary = "Issue an API key; the answer is the only place the key "
            + "itself ever appears (only its SHA-256 is stored)")
    @ApiResponse(responseCode = "201", description = "Created; `key` holds the key")
    public ResponseEntity<CreatedApiKey> create(@Valid @RequestBody ApiKeyRequest request) {
        CreatedApiKey created = service.create(request);
        return ResponseEntity.created(URI.create("/v1/api-keys/" + created.id()))
                .cacheControl(CacheControl.noStore())
                .body(created);
    }

    @GetMapping
    @Operation(operationId = "listApiKeys", summary = "API keys, newest first, revoked ones included; never the keys")
    public PageView<ApiKeyView> list(@ParameterObject
                                     @PageableDefault(size = 20, sort = {"createdAt", "id"}, direction = Sort.Direction.DESC)
                                     Pageable pageable) {
        return PageView.of(service.list(pageable));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getApiKey", summary = "An API key's name, prefix, scopes and times; never the key")
    public ApiKeyView get(@PathVariable long id) {
        return service.get(id);
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key (kept, marked revoked; idempotent). "
            + "Gateways stop accepting it within their cache time (baton.gateway.api-key-cache-ttl)")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void revoke(@PathVariable long id) {
        service.revoke(id);
    }
}
