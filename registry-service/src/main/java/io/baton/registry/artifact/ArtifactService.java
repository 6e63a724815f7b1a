package io.baton.registry.artifact;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.registry.RegistryProperties;
import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.reference.References;
import io.baton.registry.web.ApiException;

/**
 * Uploads into the content-addressed store. An ONNX upload is read ({@link OnnxInspector}: refused when a tensor
 * points outside the model) and opened with ONNX Runtime before anything is kept; uploading bytes that are already
 * stored answers the existing artifact and writes nothing.
 */
@Service
public class ArtifactService {

    /** The artifact and whether this upload created it (201) or found it already stored (200). */
    public record Upload(ArtifactEntity artifact, boolean created) {
    }

    private final ArtifactRepository artifacts;
    private final References references;
    private final ArtifactStore store;
    private final OnnxInspector inspector;
    private final long maxUploadBytes;

    public ArtifactService(ArtifactRepository artifacts, References references, ArtifactStore store,
                           OnnxInspector inspector, RegistryProperties properties) {
        this.artifacts = artifacts;
        this.references = references;
        this.store = store;
        this.inspector = inspector;
        this.maxUploadBytes = properties.maxUploadSize().toBytes();
    }

    /**
     * Not transactional while the body streams in: the database is touched only once the bytes are checked.
     * {@code archive}: the body is a zip archive of one ONNX model and its data files (Content-Type
     * {@code application/zip}), stored as it came; otherwise one model file (or data).
     */
    public Upload upload(ArtifactEntity.MediaType type, boolean archive, InputStream body, long declaredLength) {
        if (declaredLength > maxUploadBytes) throw tooLarge();
        ArtifactStore.Staged staged;
        try {
            staged = store.stage(body, maxUploadBytes);
        } catch (ArtifactStore.TooLargeException e) {
            throw tooLarge();
        }
        try {
            if (staged.sizeBytes() == 0) throw ApiException.invalid("body", "the upload is empty");
            var existing = artifacts.findById(staged.digest());
            if (existing.isPresent()) {
                if (existing.get().mediaType() != type) {
                    throw ApiException.unprocessable("type", "these bytes are already stored as a "
                            + existing.get().mediaType() + " artifact");
                }
                if (type == ArtifactEntity.MediaType.onnx) {
                    // Stored by an older registry, the bytes may have passed checks that were weaker then.
                    try {
                        inspector.recheck(staged.file());
                    } catch (OnnxInspector.InvalidModelException | OnnxInspector.RefusedModelException e) {
                        throw ApiException.unprocessable("body", "these bytes are stored already (artifact "
                                + staged.digest() + ") but are refused now: " + e.getMessage());
                    }
                }
                if (store.find(staged.digest()).isEmpty()) store.commit(staged); // restore a file lost from disk
                return new Upload(existing.get(), false);
            }
            TensorSignature signature = null;
            if (type == ArtifactEntity.MediaType.onnx) {
                try {
                    signature = archive ? inspector.inspectArchive(staged.file()) : inspector.inspect(staged.file());
                } catch (OnnxInspector.InvalidModelException e) {
                    throw ApiException.unprocessable("body", "ONNX Runtime cannot open the model: " + e.getMessage());
                } catch (OnnxInspector.RefusedModelException e) {
                    throw ApiException.unprocessable("body", e.getMessage());
                } catch (IllegalArgumentException e) {
                    throw ApiException.unprocessable("body", e.getMessage());
                }
            }
            store.commit(staged);
            ArtifactEntity saved = artifacts.save(new ArtifactEntity(staged.digest(), type, staged.sizeBytes(), signature,
                    Instant.now()));
            return new Upload(saved, true);
        } finally {
            store.discard(staged); // gone already when committed
        }
    }

    @Transactional(readOnly = true)
    public ArtifactEntity get(String digest) {
        return artifacts.findById(normalize("digest", digest)).orElseThrow(() ->
                ApiException.notFound("digest", "no artifact " + digest));
    }

    /** The ONNX artifact a variant points at; a missing or non-ONNX one is the variant's fault (422). */
    @Transactional(readOnly = true)
    public ArtifactEntity requireModel(String field, String digest) {
        return require(field, digest, ArtifactEntity.MediaType.onnx, "upload the model first (POST /v1/artifacts)",
                "an ONNX model");
    }

    /** A data blob a dataset points at. */
    @Transactional(readOnly = true)
    public ArtifactEntity requireData(String field, String digest) {
        return require(field, digest, ArtifactEntity.MediaType.data, "upload it first (POST /v1/artifacts?type=data)",
                "data");
    }

    /** The artifact {@code field} names, of media type {@code type} (422 otherwise); {@code upload} says how to add it. */
    private ArtifactEntity require(String field, String digest, ArtifactEntity.MediaType type, String upload,
                                   String typeName) {
        ArtifactEntity artifact = artifacts.findById(normalize(field, digest)).orElseThrow(() ->
                ApiException.unprocessable(field, "no artifact " + digest + ": " + upload));
        if (artifact.mediaType() != type) {
            throw ApiException.unprocessable(field, "artifact " + digest + " is " + artifact.mediaType() + ", not "
                    + typeName);
        }
        return artifact;
    }

    public Path content(ArtifactEntity artifact) {
        return store.find(artifact.digest()).orElseThrow(() -> new ApiException(HttpStatus.INTERNAL_SERVER_ERROR,
                "artifact-missing", null, "artifact " + artifact.digest() + " is recorded but its file is missing"));
    }

    @Transactional(readOnly = true)
    public Page<ArtifactEntity> list(Pageable pageable) {
        return artifacts.findAll(pageable);
    }

    /** Refused (409) while a variant, a validation dataset or an ensemble profile (its recorded outputs) refers to it. */
    @Transactional
    public void delete(String digest) {
        ArtifactEntity artifact = get(digest);
        references.requireUnusedArtifact(artifact.digest());
        artifacts.delete(artifact);
        artifacts.flush();
        store.delete(artifact.digest());
    }

    private static String normalize(String field, String digest) {
        String d = digest == null ? "" : digest.toLowerCase(java.util.Locale.ROOT);
        if (d.startsWith("sha256:")) d = d.substring("sha256:".length());
        if (!d.matches("[0-9a-f]{64}")) {
            throw ApiException.invalid(field, "'" + digest + "' is not a SHA-256 digest (64 hex digits)");
        }
        return d;
    }

    private ApiException tooLarge() {
        return new ApiException(HttpStatus.PAYLOAD_TOO_LARGE, "too-large", "body",
                "the upload exceeds the limit of " + maxUploadBytes + " bytes (baton.registry.max-upload-size)");
    }
}
