package io.baton.registry.apikey;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.ApiException;
import jakarta.validation.Valid;

/**
 * {@code /internal/v1/api-keys}: what the gateway asks when a request carries a key it was not configured with. Not
 * part of the admin API: the gateway never proxies {@code /internal}.
 */
@RestController
@RequestMapping("/internal/v1/api-keys")
public record ApiKeyVerificationController(ApiKeyService service) {

    /** Unknown and revoked keys get the same 401, so an answer never tells a guesser which it was. */
    @PostMapping("/verify")
    @Operation(operationId = "verifyApiKey", summary = "The active key's id, name and scopes, or 401 (for the "
            + "gateway; the key travels in the body, never in a URL)")
    @ApiResponse(responseCode = "200", description = "An active key")
    @ApiResponse(responseCode = "401", description = "Unknown or revoked (an RFC 7807 problem, type "
            + "urn:baton:problem:unauthorized)")
    public VerifiedApiKey verify(@Valid @RequestBody VerifyApiKeyRequest request) {
        return service.verify(request.key()).orElseThrow(() -> new ApiException(HttpStatus.UNAUTHORIZED,
                "unauthorized", "key", "the API key is unknown or revoked"));
    }

    @GetMapping("/summary")
    @Operation(operationId = "apiKeySummary", summary = "How many API keys are active (the gateway keeps its admin "
            + "routes open only while none is and none is configured in it)")
    public ApiKeySummary summary() {
        return service.summary();
    }
}
