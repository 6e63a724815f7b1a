package io.baton.registry.artifact;

import java.io.IOException;
import java.net.URI;

import org.springdoc.core.annotations.ParameterObject;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.web.PageableDefault;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.registry.web.ApiException;
import io.baton.registry.web.PageView;
import jakarta.servlet.http.HttpServletRequest;

/**
 * {@code /v1/artifacts}: raw bytes in ({@code application/octet-stream}), content-addressed by SHA-256.
 * {@code ?type=onnx} (default) must be a model ONNX Runtime can open, none of whose tensors points outside it;
 * {@code ?type=data} is stored as is. A model that keeps tensors in data files comes as one zip archive
 * ({@code application/zip}, {@code ?type=onnx}) of the {@code .onnx} file and those files, and is served back as it
 * came, with that content type.
 */
@RestController
@RequestMapping("/v1/artifacts")
public record ArtifactController(ArtifactService service) {

    static final String ZIP = "application/zip";

    /** The servlet input stream is read directly, so an upload is never held in memory whole. */
    @PostMapping(consumes = {MediaType.APPLICATION_OCTET_STREAM_VALUE, ZIP})
    @Operation(operationId = "uploadArtifact", summary = "Upload an artifact: an ONNX model (checked to open, and "
            + "refused when a tensor points outside it), a zip archive of one ONNX model and its external-data files "
            + "(application/zip, type=onnx), or data; 201 when new, 200 when the digest is already stored",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = {
                    @Content(mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE,
                            schema = @Schema(type = "string", format = "binary")),
                    @Content(mediaType = ZIP, schema = @Schema(type = "string", format = "binary"))}))
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "Already stored under this digest")
    public ResponseEntity<ArtifactView> upload(@RequestParam(defaultValue = "onnx") String type,
                                               HttpServletRequest request) throws IOException {
        ArtifactEntity.MediaType mediaType = switch (type) {
            case "onnx" -> ArtifactEntity.MediaType.onnx;
            case "data" -> ArtifactEntity.MediaType.data;
            default -> throw ApiException.invalid("type", "type must be onnx or data, not '" + type + "'");
        };
        boolean archive = MediaType.parseMediaType(request.getContentType()).isCompatibleWith(MediaType.parseMediaType(ZIP));
        if (archive && mediaType != ArtifactEntity.MediaType.onnx) {
            throw ApiException.invalid("type", "a zip archive is a model with its data files: upload it with type=onnx");
        }
        ArtifactService.Upload upload = service.upload(mediaType, archive, request.getInputStream(),
                request.getContentLengthLong());
        ArtifactView view = ArtifactView.of(upload.artifact());
        return ResponseEntity.status(upload.created() ? HttpStatus.CREATED : HttpStatus.OK)
                .location(URI.create("/v1/artifacts/" + view.digest()))
                .body(view);
    }

    @GetMapping
    @Operation(operationId = "listArtifacts", summary = "Artifacts, newest first")
    public PageView<ArtifactView> list(@ParameterObject
                                       @PageableDefault(size = 20, sort = "createdAt", direction = Sort.Direction.DESC)
                                       Pageable pageable) {
        return PageView.of(service.list(pageable), ArtifactView::of);
    }

    @GetMapping("/{digest}")
    @Operation(operationId = "getArtifact", summary = "An artifact's metadata")
    public ArtifactView get(@PathVariable String digest) {
        return ArtifactView.of(service.get(digest));
    }

    /** The stored bytes; immutable, so cacheable forever under their digest. A model archive is application/zip. */
    @GetMapping("/{digest}/content")
    @Operation(operationId = "getArtifactContent", summary = "An artifact's bytes (immutable, cacheable); a model "
            + "archive as application/zip")
    @ApiResponse(responseCode = "200", description = "OK", content = {
            @Content(mediaType = MediaType.APPLICATION_OCTET_STREAM_VALUE, schema = @Schema(type = "string", format = "binary")),
            @Content(mediaType = ZIP, schema = @Schema(type = "string", format = "binary"))})
    public ResponseEntity<Resource> content(@PathVariable String digest) {
        ArtifactEntity artifact = service.get(digest);
        java.nio.file.Path file = service.content(artifact);
        boolean archive = artifact.mediaType() == ArtifactEntity.MediaType.onnx && io.baton.core.onnx.ModelArchive.isArchive(file);
        return ResponseEntity.ok()
                .contentType(archive ? MediaType.parseMediaType(ZIP) : MediaType.APPLICATION_OCTET_STREAM)
                .contentLength(artifact.sizeBytes())
                .eTag("\"" + artifact.digest() + "\"")
                .cacheControl(CacheControl.maxAge(java.time.Duration.ofDays(365)).cachePublic().immutable())
                .body(new FileSystemResource(file));
    }

    @DeleteMapping("/{digest}")
    @Operation(operationId = "deleteArtifact", summary = "Delete an artifact")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void delete(@PathVariable String digest) {
        service.delete(digest);
    }
}
