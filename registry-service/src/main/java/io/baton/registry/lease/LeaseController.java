package io.baton.registry.lease;

import java.util.regex.Pattern;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.ApiException;
import jakarta.validation.Valid;

/**
 * {@code /internal/v1/leases/{name}}: leader election for services that run more than one replica (the scheduler).
 * Internal like every {@code /internal} route: the suite's secret guards it and the gateway never proxies it.
 */
@RestController
@RequestMapping("/internal/v1/leases")
public record LeaseController(LeaseStore store) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{0,127}");

    @PutMapping("/{name}")
    @Operation(operationId = "acquireLease", summary = "Take or renew a lease for ttlMillis from the registry's now: "
            + "granted to its holder, or to anyone once it has lapsed; 409 naming the holder otherwise")
    @ApiResponse(responseCode = "200", description = "Held by the caller (acquired or renewed)")
    @ApiResponse(responseCode = "409", description = "Held by another until expiresAt (an RFC 7807 problem, type "
            + "urn:baton:problem:lease-held, with holder, holderUrl, epoch and expiresAt)")
    public Lease acquire(@PathVariable String name, @Valid @RequestBody LeaseRequest request) {
        LeaseStore.Outcome outcome = store.acquire(checked(name), request.holder(), request.holderUrl(),
                request.ttlMillis());
        if (outcome.held()) return outcome.lease();
        Lease l = outcome.lease();
        throw new ApiException(HttpStatus.CONFLICT, "lease-held", null, "lease " + name + " is held by "
                + l.holder() + " until " + l.expiresAt())
                .with("holder", l.holder()).with("holderUrl", l.holderUrl()).with("epoch", l.epoch())
                .with("expiresAt", l.expiresAt().toString());
    }

    @GetMapping("/{name}")
    @Operation(operationId = "getLease", summary = "The lease as stored (expired: true once it has lapsed or been "
            + "released); 404 when nobody ever held it")
    public Lease get(@PathVariable String name) {
        return store.find(checked(name)).orElseThrow(() -> ApiException.notFound("name",
                "no lease named " + name));
    }

    @DeleteMapping("/{name}")
    @Operation(operationId = "releaseLease", summary = "The holder gives the lease up at once (a clean shutdown), so "
            + "another may take it without waiting for it to lapse; 204 whether or not the caller held it")
    @ApiResponse(responseCode = "204", description = "Released, or not held by this holder (nothing changed)")
    public ResponseEntity<Void> release(@PathVariable String name, @RequestParam String holder) {
        store.release(checked(name), holder);
        return ResponseEntity.noContent().build();
    }

    private static String checked(String name) {
        if (!NAME.matcher(name).matches()) {
            throw ApiException.invalid("name", "a lease name is 1 to 128 of a-z, 0-9, '.' and '-', starting with a "
                    + "letter or digit, not " + name);
        }
        return name;
    }
}
