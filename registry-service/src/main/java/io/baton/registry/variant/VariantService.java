package io.baton.registry.variant;

import java.time.Instant;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.registry.application.ApplicationEntity;
import io.baton.registry.application.ApplicationService;
import io.baton.registry.artifact.ArtifactEntity;
import io.baton.registry.artifact.ArtifactService;
import io.baton.registry.profile.ProfileRepository;
import io.baton.registry.profile.ProfileView;
import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.tensor.TensorSpecs;
import io.baton.registry.web.ApiException;

/**
 * Model variants of an application. A variant points at an uploaded ONNX artifact; its tensor specs are the
 * model's own (read by ONNX Runtime at upload) unless the client declares them, in which case they must match the
 * model, and they must fit the application's (see {@link #requireFitsApplication}). A model tensor no OIP datatype
 * carries is refused, and {@code maxBatchSize} is checked against (or derived from) the tensors ({@link BatchingRule}), {@code inputValues}
 * against the inputs ({@link InputValues}).
 */
@Service
public class VariantService {

    private final VariantRepository variants;
    private final ProfileRepository profiles;
    private final ApplicationService applications;
    private final ArtifactService artifacts;

    public VariantService(VariantRepository variants, ProfileRepository profiles, ApplicationService applications,
                          ArtifactService artifacts) {
        this.variants = variants;
        this.profiles = profiles;
        this.applications = applications;
        this.artifacts = artifacts;
    }

    @Transactional
    public VariantView create(String applicationName, VariantRequest request) {
        ApplicationEntity application = applications.forNew(applicationName, "variant", request.name(),
                variants::existsByApplicationIdAndName);
        VariantEntity entity = new VariantEntity(application.id(), request.name(), Instant.now());
        apply(entity, application, request);
        applications.changedBelow();
        return view(variants.saveAndFlush(entity), application);
    }

    @Transactional(readOnly = true)
    public VariantView get(String applicationName, String name) {
        ApplicationEntity application = applications.get(applicationName);
        return view(entity(application, name), application);
    }

    @Transactional(readOnly = true)
    public Page<VariantView> list(String applicationName, Pageable pageable) {
        ApplicationEntity application = applications.get(applicationName);
        return variants.findByApplicationId(application.id(), pageable)
                .map(v -> VariantView.of(v, application.name(), List.of()));
    }

    @Transactional
    public VariantView update(String applicationName, String name, VariantRequest request) {
        ApplicationEntity application = applications.get(applicationName);
        VariantEntity entity = entity(application, name);
        if (!name.equals(request.name())) {
            throw ApiException.unprocessable("name", "a variant cannot be renamed (path " + name + ", body "
                    + request.name() + ")");
        }
        ApplicationService.requireVersion(request.version(), entity.version());
        apply(entity, application, request);
        applications.changedBelow();
        return view(variants.saveAndFlush(entity), application);
    }

    /** Deletes the variant together with its own profiles (measurements of this variant and nothing else). */
    @Transactional
    public void delete(String applicationName, String name) {
        ApplicationEntity application = applications.get(applicationName);
        VariantEntity entity = entity(application, name);
        profiles.deleteByVariantId(entity.id());
        variants.delete(entity);
        variants.flush();
        applications.changedBelow();
    }

    /** The variant row, or 404 naming the variant. */
    public VariantEntity entity(ApplicationEntity application, String name) {
        return variants.findByApplicationIdAndName(application.id(), name).orElseThrow(() ->
                ApiException.notFound("variant", "application " + application.name() + " has no variant named " + name));
    }

    private void apply(VariantEntity entity, ApplicationEntity application, VariantRequest request) {
        boolean staged = "pipeline".equals(application.kind());
        if (!staged && request.stage() != 0) {
            throw ApiException.unprocessable("stage", "a " + application.kind() + " application has only stage 0");
        }
        ArtifactEntity model = artifacts.requireModel("artifactDigest", request.artifactDigest());
        TensorSpecs.requireServable("inputs", model.inputs());
        TensorSpecs.requireServable("outputs", model.outputs());
        List<TensorSpec> inputs = declaredOrModel("inputs", request.inputs(), model.inputs());
        List<TensorSpec> outputs = declaredOrModel("outputs", request.outputs(), model.outputs());
        requireFitsApplication(application, request.stage(), inputs, outputs);
        int maxBatchSize = BatchingRule.effective(request.maxBatchSize(), inputs, outputs);
        entity.apply(request.stage(), model.digest(), inputs, outputs, maxBatchSize,
                InputValues.validated(request.inputValues(), inputs), Instant.now());
    }

    private static List<TensorSpec> declaredOrModel(String field, List<TensorSpec> declared, List<TensorSpec> model) {
        if (declared == null) return model;
        TensorSpecs.requireMatchesModel(field, declared, model);
        return declared;
    }

    /**
     * Every variant of a single-model application and every base model of an ensemble takes the application's
     * inputs and gives its outputs (by position); of a pipeline, only stage 0's inputs are the application's (the
     * later stages take what the previous one gives, and the last stage is known only when all are registered).
     */
    static void requireFitsApplication(ApplicationEntity application, int stage, List<TensorSpec> inputs,
                                       List<TensorSpec> outputs) {
        if (!"pipeline".equals(application.kind()) || stage == 0) {
            TensorSpecs.requireCompatible("inputs", inputs, application.inputs(), application.name());
        }
        if (!"pipeline".equals(application.kind())) {
            TensorSpecs.requireCompatible("outputs", outputs, application.outputs(), application.name());
        }
    }

    private VariantView view(VariantEntity v, ApplicationEntity application) {
        List<ProfileView> views = v.id() == null ? List.of()
                : profiles.findByVariantIdOrderByDeviceKindAscExecutionProviderAsc(v.id()).stream().map(ProfileView::of).toList();
        return VariantView.of(v, application.name(), views);
    }
}
