package io.baton.registry.variant;

import java.net.URI;

import org.springdoc.core.annotations.ParameterObject;
import org.springframework.data.domain.Pageable;
import org.springframework.data.web.PageableDefault;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.PageView;
import jakarta.validation.Valid;

/** {@code /v1/applications/{app}/variants}. */
@RestController
@RequestMapping("/v1/applications/{app}/variants")
public record VariantController(VariantService service) {

    @PostMapping
    @Operation(operationId = "createVariant", summary = "Add a variant (one model) to an application")
    @ApiResponse(responseCode = "201", description = "Created")
    public ResponseEntity<VariantView> create(@PathVariable String app, @Valid @RequestBody VariantRequest request) {
        VariantView created = service.create(app, request);
        return ResponseEntity.created(URI.create("/v1/applications/" + app + "/variants/" + created.name())).body(created);
    }

    /** Variants without their profiles, by stage then name unless {@code sort} says otherwise. */
    @GetMapping
    @Operation(operationId = "listVariants", summary = "An application's variants (without profiles), by stage then name")
    public PageView<VariantView> list(@PathVariable String app,
                                      @ParameterObject @PageableDefault(size = 20, sort = {"stage", "name"}) Pageable pageable) {
        return PageView.of(service.list(app, pageable));
    }

    @GetMapping("/{name}")
    @Operation(operationId = "getVariant", summary = "A variant")
    public VariantView get(@PathVariable String app, @PathVariable String name) {
        return service.get(app, name);
    }

    @PutMapping("/{name}")
    @Operation(operationId = "updateVariant", summary = "Replace a variant's definition")
    public VariantView update(@PathVariable String app, @PathVariable String name,
                              @Valid @RequestBody VariantRequest request) {
        return service.update(app, name, request);
    }

    @DeleteMapping("/{name}")
    @Operation(operationId = "deleteVariant", summary = "Delete a variant")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String app, @PathVariable String name) {
        service.delete(app, name);
    }
}
