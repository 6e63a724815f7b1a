package io.baton.profiler.api;

import java.net.URI;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.profiler.job.JobRequest;
import io.baton.profiler.job.JobView;
import io.baton.profiler.job.ProfilingJob;
import io.baton.profiler.job.ProfilingJobs;

/** {@code /v1/profiling-jobs}: submit (202 + Location), poll, list, cancel ({@code DELETE} or {@code POST …/cancel}). */
@RestController
@RequestMapping("/v1/profiling-jobs")
public record ProfilingJobController(ProfilingJobs jobs) {

    @PostMapping
    @Operation(operationId = "submitProfilingJob", summary = "Start profiling an application's variants")
    @ApiResponse(responseCode = "202", description = "Accepted: the job runs in the background")
    public ResponseEntity<JobView> submit(@RequestBody JobRequest request) {
        ProfilingJob job = jobs.submit(request);
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/v1/profiling-jobs/" + job.id()))
                .body(JobView.of(job));
    }

    @GetMapping
    @Operation(operationId = "listProfilingJobs", summary = "Profiling jobs, with their progress")
    public List<JobView> list() {
        return jobs.list().stream().map(JobView::of).toList();
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getProfilingJob", summary = "A profiling job's state and progress")
    public JobView get(@PathVariable String id) {
        return JobView.of(jobs.get(id));
    }

    @DeleteMapping("/{id}")
    @Operation(operationId = "deleteProfilingJob", summary = "Cancel a profiling job (the same as POST .../cancel)")
    @ApiResponse(responseCode = "202", description = "Accepted: cancellation requested")
    public ResponseEntity<JobView> delete(@PathVariable String id) {
        return cancel(id);
    }

    @PostMapping("/{id}/cancel")
    @Operation(operationId = "cancelProfilingJob", summary = "Cancel a profiling job")
    @ApiResponse(responseCode = "202", description = "Accepted: cancellation requested")
    public ResponseEntity<JobView> cancel(@PathVariable String id) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(JobView.of(jobs.cancel(id)));
    }
}
