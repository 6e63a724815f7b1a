package io.baton.registry.dataset;

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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.PageView;
import jakarta.validation.Valid;

/** {@code /v1/applications/{app}/datasets}: validation sets. */
@RestController
@RequestMapping("/v1/applications/{app}/datasets")
public record DatasetController(DatasetService service) {

    @PostMapping
    @Operation(operationId = "createDataset", summary = "Register a validation dataset of an application")
    @ApiResponse(responseCode = "201", description = "Created")
    public ResponseEntity<DatasetView> create(@PathVariable String app, @Valid @RequestBody DatasetRequest request) {
        DatasetView created = service.create(app, request);
        return ResponseEntity.created(URI.create("/v1/applications/" + app + "/datasets/" + created.name())).body(created);
    }

    @GetMapping
    @Operation(operationId = "listDatasets", summary = "An application's validation datasets, by name")
    public PageView<DatasetView> list(@PathVariable String app,
                                      @ParameterObject @PageableDefault(size = 20, sort = "name") Pageable pageable) {
        return PageView.of(service.list(app, pageable));
    }

    @GetMapping("/{name}")
    @Operation(operationId = "getDataset", summary = "A validation dataset")
    public DatasetView get(@PathVariable String app, @PathVariable String name) {
        return service.get(app, name);
    }

    @DeleteMapping("/{name}")
    @Operation(operationId = "deleteDataset", summary = "Delete a validation dataset")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String app, @PathVariable String name) {
        service.delete(app, name);
    }
}
