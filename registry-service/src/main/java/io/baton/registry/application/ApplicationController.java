package io.baton.registry.application;

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

/** {@code /v1/applications}. */
@RestController
@RequestMapping("/v1/applications")
public record ApplicationController(ApplicationService service, ApplicationViewCache cache) {

    @PostMapping
    @Operation(operationId = "createApplication", summary = "Create an application")
    @ApiResponse(responseCode = "201", description = "Created")
    public ResponseEntity<ApplicationView> create(@Valid @RequestBody ApplicationRequest request) {
        ApplicationEntity created = service.create(request);
        return ResponseEntity.created(URI.create("/v1/applications/" + created.name()))
                .body(ApplicationView.of(created, java.util.List.of()));
    }

    /** Summaries (no variants), sorted by name unless {@code sort} says otherwise. */
    @GetMapping
    @Operation(operationId = "listApplications", summary = "Applications (summaries without variants), by name")
    public PageView<ApplicationView> list(@ParameterObject @PageableDefault(size = 20, sort = "name") Pageable pageable) {
        return PageView.of(service.list(pageable), a -> ApplicationView.of(a, null));
    }

    /** The application with its variants and their profiles, in one read. */
    @GetMapping("/{name}")
    @Operation(operationId = "getApplication", summary = "An application with its variants and their profiles")
    public ApplicationView get(@PathVariable String name) {
        return cache.get(name, service::detail);
    }

    @PutMapping("/{name}")
    @Operation(operationId = "updateApplication", summary = "Replace an application's definition")
    public ApplicationView update(@PathVariable String name, @Valid @RequestBody ApplicationRequest request) {
        service.update(name, request);
        return service.detail(name);
    }

    @DeleteMapping("/{name}")
    @Operation(operationId = "deleteApplication", summary = "Delete an application")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String name) {
        service.delete(name);
    }
}
