package io.baton.registry.ensemble;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import jakarta.validation.Valid;

/** {@code /v1/applications/{app}/ensemble-profile}: an ensemble application's Schemble profile (one per application). */
@RestController
@RequestMapping("/v1/applications/{app}/ensemble-profile")
public record EnsembleProfileController(EnsembleProfileService service) {

    @GetMapping
    @Operation(operationId = "getEnsembleProfile", summary = "An ensemble's profile: score bins and the (bin, subset) accuracy table")
    public EnsembleProfileView get(@PathVariable String app) {
        return service.get(app);
    }

    /** 201 when created, 200 when replaced. */
    @PutMapping
    @Operation(operationId = "putEnsembleProfile", summary = "Record an ensemble's profile: 201 when created, 200 when replaced")
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "Replaced")
    public ResponseEntity<EnsembleProfileView> put(@PathVariable String app, @Valid @RequestBody EnsembleProfileRequest request) {
        EnsembleProfileService.Put put = service.put(app, request);
        return ResponseEntity.status(put.created() ? HttpStatus.CREATED : HttpStatus.OK).body(put.profile());
    }

    @DeleteMapping
    @Operation(operationId = "deleteEnsembleProfile", summary = "Delete an ensemble's profile")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String app) {
        service.delete(app);
    }
}
