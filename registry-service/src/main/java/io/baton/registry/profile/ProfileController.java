package io.baton.registry.profile;

import java.util.List;

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

import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/** {@code /v1/applications/{app}/variants/{variant}/profiles[/{deviceKind}/{provider}]}. */
@RestController
@RequestMapping("/v1/applications/{app}/variants/{variant}/profiles")
public record ProfileController(ProfileService service) {

    private static final String KEY = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";

    /** Not paged: a variant has one profile per device kind and provider, a handful. */
    @GetMapping
    @Operation(operationId = "listProfiles", summary = "A variant's profiles, one per device kind and execution provider")
    public List<ProfileView> list(@PathVariable String app, @PathVariable String variant) {
        return service.list(app, variant);
    }

    @GetMapping("/{deviceKind}/{provider}")
    @Operation(operationId = "getProfile", summary = "A profile")
    public ProfileView get(@PathVariable String app, @PathVariable String variant, @PathVariable String deviceKind,
                           @PathVariable String provider) {
        return service.get(app, variant, deviceKind, provider);
    }

    /** 201 when created, 200 when replaced. */
    @PutMapping("/{deviceKind}/{provider}")
    @Operation(operationId = "putProfile", summary = "Record a profile: 201 when created, 200 when replaced")
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "Replaced")
    public ResponseEntity<ProfileView> put(@PathVariable String app, @PathVariable String variant,
                                           @PathVariable @Pattern(regexp = KEY, message = "must be a device kind such as cpu or gpu-a100") String deviceKind,
                                           @PathVariable @Pattern(regexp = KEY, message = "must be an execution provider such as cpu or cuda") String provider,
                                           @Valid @RequestBody ProfileRequest request) {
        ProfileService.Put put = service.put(app, variant, deviceKind, provider, request);
        return ResponseEntity.status(put.created() ? HttpStatus.CREATED : HttpStatus.OK).body(put.profile());
    }

    @DeleteMapping("/{deviceKind}/{provider}")
    @Operation(operationId = "deleteProfile", summary = "Delete a profile")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String app, @PathVariable String variant, @PathVariable String deviceKind,
                       @PathVariable String provider) {
        service.delete(app, variant, deviceKind, provider);
    }
}
