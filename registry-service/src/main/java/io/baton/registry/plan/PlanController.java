package io.baton.registry.plan;

import java.net.URI;

import org.springdoc.core.annotations.ParameterObject;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.web.PageableDefault;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.PageView;
import jakarta.validation.Valid;

/** {@code /v1/plans}: newest first; filter with {@code ?policy=} and {@code ?application=}. */
@RestController
@RequestMapping("/v1/plans")
public record PlanController(PlanService service) {

    @PostMapping
    @Operation(operationId = "createPlan", summary = "Store a plan")
    @ApiResponse(responseCode = "201", description = "Created")
    public ResponseEntity<PlanView> create(@Valid @RequestBody PlanRequest request) {
        PlanView created = service.create(request);
        return ResponseEntity.created(URI.create("/v1/plans/" + created.id())).body(created);
    }

    @GetMapping
    @Operation(operationId = "listPlans", summary = "Stored plans, newest first; optionally of one policy or application")
    public PageView<PlanView> list(@RequestParam(required = false) String policy,
                                   @RequestParam(required = false) String application,
                                   @ParameterObject
                                   @PageableDefault(size = 20, sort = {"createdAt", "id"}, direction = Sort.Direction.DESC)
                                   Pageable pageable) {
        return PageView.of(service.list(policy, application, pageable));
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getPlan", summary = "A stored plan")
    public PlanView get(@PathVariable long id) {
        return service.get(id);
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "deletePlan", summary = "Delete a stored plan")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable long id) {
        service.delete(id);
    }
}
