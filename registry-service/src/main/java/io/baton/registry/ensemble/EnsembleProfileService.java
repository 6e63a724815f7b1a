package io.baton.registry.ensemble;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.registry.application.ApplicationEntity;
import io.baton.registry.application.ApplicationService;
import io.baton.registry.artifact.ArtifactEntity;
import io.baton.registry.artifact.ArtifactService;
import io.baton.registry.dataset.DatasetRepository;
import io.baton.registry.persistence.Upsert;
import io.baton.registry.variant.VariantRepository;
import io.baton.registry.web.ApiException;

/**
 * Ensemble profiles: one per {@code ensemble} application, written by the profiler, read by whoever schedules the
 * ensemble with {@code schemble}. The body's shapes are checked against each other (m models: m temperatures, m
 * normalisers, 2^m subsets per bin; b bins: b − 1 edges, b counts summing to the samples) and against the
 * application (its models are its variants; its dataset and the outputs blob exist).
 */
@Service
public class EnsembleProfileService {

    /** 2^12 subsets per bin is already far past what Algorithm 1 plans over. */
    public static final int MAX_MODELS = 12;
    public static final int MAX_BINS = 1000;

    /** The profile and whether the PUT created it. */
    public record Put(EnsembleProfileView profile, boolean created) {
    }

    private final EnsembleProfileRepository profiles;
    private final ApplicationService applications;
    private final VariantRepository variants;
    private final DatasetRepository datasets;
    private final ArtifactService artifacts;

    public EnsembleProfileService(EnsembleProfileRepository profiles, ApplicationService applications,
                                  VariantRepository variants, DatasetRepository datasets, ArtifactService artifacts) {
        this.profiles = profiles;
        this.applications = applications;
        this.variants = variants;
        this.datasets = datasets;
        this.artifacts = artifacts;
    }

    /** Creates or replaces; when replacing, a {@code version} in the body must be the current one. */
    @Transactional
    public Put put(String applicationName, EnsembleProfileRequest request) {
        ApplicationEntity application = ensemble(applicationName);
        validateShapes(request);
        validateAgainst(application, request);
        String outputs = null;
        if (request.outputsDigest() != null) {
            ArtifactEntity blob = artifacts.requireData("outputsDigest", request.outputsDigest());
            requireOutputsSize(application, request, blob);
            outputs = blob.digest();
        }
        String predictor = request.predictorDigest() == null ? null
                : artifacts.requireModel("predictorDigest", request.predictorDigest()).digest();
        Upsert<EnsembleProfileEntity> put = Upsert.of(profiles.findByApplicationId(application.id()),
                () -> new EnsembleProfileEntity(application.id()), request.version());
        put.row().apply(request, outputs, predictor, request.measuredAt() == null ? Instant.now() : request.measuredAt());
        return new Put(EnsembleProfileView.of(profiles.saveAndFlush(put.row()), application.name()), put.created());
    }

    @Transactional(readOnly = true)
    public EnsembleProfileView get(String applicationName) {
        ApplicationEntity application = applications.get(applicationName);
        return EnsembleProfileView.of(entity(application), application.name());
    }

    @Transactional
    public void delete(String applicationName) {
        ApplicationEntity application = applications.get(applicationName);
        profiles.delete(entity(application));
        profiles.flush();
    }

    private EnsembleProfileEntity entity(ApplicationEntity application) {
        return profiles.findByApplicationId(application.id()).orElseThrow(() -> ApiException.notFound("app",
                "application " + application.name() + " has no ensemble profile (a profiling job of the whole ensemble writes it)"));
    }

    private ApplicationEntity ensemble(String name) {
        ApplicationEntity application = applications.get(name);
        if (!"ensemble".equals(application.kind())) {
            throw ApiException.unprocessable("app", "application " + name + " is a " + application.kind()
                    + " application; only an ensemble has an ensemble profile");
        }
        return application;
    }

    /** The body against itself: every per-model list has m entries, every bin row 2^m, b − 1 edges for b bins. */
    static void validateShapes(EnsembleProfileRequest r) {
        int m = r.models().size(), subsets = 1 << m, bins = r.binCounts().size();
        if (new HashSet<>(r.models()).size() != m) throw ApiException.invalid("models", "models must be distinct");
        if (r.temperatures().size() != m) {
            throw ApiException.unprocessable("temperatures", "temperatures needs one value per model (" + m + "), has " + r.temperatures().size());
        }
        if (r.meanDistances().size() != m) {
            throw ApiException.unprocessable("meanDistances", "meanDistances needs one value per model (" + m + "), has " + r.meanDistances().size());
        }
        if (r.binEdges().size() != bins - 1) {
            throw ApiException.unprocessable("binEdges", bins + " bins need " + (bins - 1) + " upper edges, binEdges has " + r.binEdges().size());
        }
        for (int i = 0; i < r.binEdges().size(); i++) {
            double e = r.binEdges().get(i);
            if (!Double.isFinite(e)) throw ApiException.invalid("binEdges[" + i + "]", "binEdges[" + i + "] must be a finite number");
            if (i > 0 && e < r.binEdges().get(i - 1)) {
                throw ApiException.unprocessable("binEdges[" + i + "]", "bin edges must be non-decreasing");
            }
        }
        long total = r.binCounts().stream().mapToLong(Long::longValue).sum();
        if (total != r.sampleCount()) {
            throw ApiException.unprocessable("binCounts", "binCounts sum to " + total + ", not sampleCount (" + r.sampleCount() + ")");
        }
        if (r.accuracy().size() != bins) {
            throw ApiException.unprocessable("accuracy", "accuracy needs one row per bin (" + bins + "), has " + r.accuracy().size());
        }
        for (int b = 0; b < bins; b++) {
            if (r.accuracy().get(b).size() != subsets) {
                throw ApiException.unprocessable("accuracy[" + b + "]", "accuracy[" + b + "] needs one value per subset of "
                        + m + " models (" + subsets + "), has " + r.accuracy().get(b).size());
            }
        }
    }

    /** The body against the application: its variants, its dataset. */
    private void validateAgainst(ApplicationEntity application, EnsembleProfileRequest r) {
        List<String> models = r.models();
        for (int k = 0; k < models.size(); k++) {
            if (variants.findByApplicationIdAndName(application.id(), models.get(k)).isEmpty()) {
                throw ApiException.unprocessable("models[" + k + "]", "application " + application.name()
                        + " has no variant named " + models.get(k));
            }
        }
        if (r.dataset() != null && datasets.findByApplicationIdAndName(application.id(), r.dataset()).isEmpty()) {
            throw ApiException.unprocessable("dataset", "application " + application.name() + " has no dataset named " + r.dataset());
        }
    }

    /** FP32 [sample][model][value]: with the application's classes known, exactly 4·n·m·classes bytes. */
    private static void requireOutputsSize(ApplicationEntity application, EnsembleProfileRequest r, ArtifactEntity blob) {
        long perValue = 4L * r.sampleCount() * r.models().size();
        int classes = application.classes().size();
        boolean fits = classes > 0 ? blob.sizeBytes() == perValue * classes : blob.sizeBytes() % perValue == 0 && blob.sizeBytes() > 0;
        if (!fits) {
            throw ApiException.unprocessable("outputsDigest", "the outputs blob has " + blob.sizeBytes() + " bytes; "
                    + r.sampleCount() + " samples × " + r.models().size() + " models × "
                    + (classes > 0 ? classes + " classes" : "the values per output") + " of FP32 need "
                    + (classes > 0 ? String.valueOf(perValue * classes) : "a multiple of " + perValue));
        }
    }
}
