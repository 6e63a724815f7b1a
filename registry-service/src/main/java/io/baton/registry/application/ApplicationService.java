package io.baton.registry.application;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.core.registry.ApplicationPolicies;
import io.baton.registry.profile.ProfileEntity;
import io.baton.registry.profile.ProfileRepository;
import io.baton.registry.profile.ProfileView;
import io.baton.registry.reference.References;
import io.baton.registry.variant.VariantEntity;
import io.baton.registry.variant.VariantRepository;
import io.baton.registry.variant.VariantView;
import io.baton.registry.web.ApiException;

/** Applications: create, read (alone or with everything under them), update under optimistic locking, delete. */
@Service
public class ApplicationService {

    private final ApplicationRepository applications;
    private final VariantRepository variants;
    private final ProfileRepository profiles;
    private final References references;
    private final ApplicationViewCache cache;

    public ApplicationService(ApplicationRepository applications, VariantRepository variants, ProfileRepository profiles,
                              References references, ApplicationViewCache cache) {
        this.applications = applications;
        this.variants = variants;
        this.profiles = profiles;
        this.references = references;
        this.cache = cache;
    }

    @Transactional
    public ApplicationEntity create(ApplicationRequest request) {
        if (applications.existsByName(request.name())) {
            throw ApiException.duplicate("name", "an application named " + request.name() + " exists already");
        }
        validate(request);
        ApplicationEntity entity = new ApplicationEntity(request.name(), request.kind(), Instant.now());
        entity.apply(request, entity.createdAt());
        return applications.saveAndFlush(entity);
    }

    @Transactional(readOnly = true)
    public ApplicationEntity get(String name) {
        return applications.findByName(name).orElseThrow(() ->
                ApiException.notFound("name", "no application named " + name));
    }

    /** Whether an application (by id) already has a row of some kind with a given name. */
    @FunctionalInterface
    public interface NameTaken {
        boolean test(long applicationId, String name);
    }

    /**
     * The application a new {@code what} (a variant, a dataset) named {@code name} goes under, once no {@code what}
     * of it has that name yet (409 otherwise).
     */
    @Transactional(readOnly = true)
    public ApplicationEntity forNew(String applicationName, String what, String name, NameTaken taken) {
        ApplicationEntity application = get(applicationName);
        if (taken.test(application.id(), name)) {
            throw ApiException.duplicate("name", "application " + applicationName + " has a " + what + " named "
                    + name + " already");
        }
        return application;
    }

    /**
     * The hot read: the application, its variants and all their profiles, in three indexed queries whatever the
     * number of variants (the profiles of every variant come in one {@code IN} query).
     */
    @Transactional(readOnly = true)
    public ApplicationView detail(String name) {
        ApplicationEntity application = get(name);
        List<VariantEntity> rows = variants.findByApplicationIdOrderByStageAscNameAsc(application.id());
        Map<Long, List<ProfileView>> byVariant = new LinkedHashMap<>();
        rows.forEach(v -> byVariant.put(v.id(), new ArrayList<>()));
        if (!rows.isEmpty()) {
            for (ProfileEntity p : profiles.findByVariantIdInOrderByDeviceKindAscExecutionProviderAsc(byVariant.keySet())) {
                byVariant.get(p.variantId()).add(ProfileView.of(p));
            }
        }
        List<VariantView> views = rows.stream()
                .map(v -> VariantView.of(v, application.name(), byVariant.get(v.id())))
                .toList();
        return ApplicationView.of(application, views);
    }

    @Transactional(readOnly = true)
    public Page<ApplicationEntity> list(Pageable pageable) {
        return applications.findAll(pageable);
    }

    /** Replaces the application's fields; {@code version} must be the current one (else 409). */
    @Transactional
    public ApplicationEntity update(String name, ApplicationRequest request) {
        ApplicationEntity entity = get(name);
        if (!name.equals(request.name())) {
            throw ApiException.unprocessable("name", "an application cannot be renamed (path " + name + ", body "
                    + request.name() + ")");
        }
        requireVersion(request.version(), entity.version());
        if (!entity.kind().equals(request.kind())) {
            throw ApiException.unprocessable("kind", "the kind of an application is fixed once created (it is "
                    + entity.kind() + ")");
        }
        validate(request);
        entity.apply(request, Instant.now());
        cache.invalidateAfterCommit();
        return applications.saveAndFlush(entity);
    }

    /**
     * Refused with 409 while anything refers to the application: variants (and so their profiles), validation
     * datasets, plans, or its ensemble profile. Nothing is cascaded; the caller deletes those first, on purpose.
     */
    @Transactional
    public void delete(String name) {
        ApplicationEntity entity = get(name);
        references.requireUnusedApplication(entity.id(), name);
        applications.delete(entity);
        applications.flush();
        cache.invalidateAfterCommit();
    }

    /** For writes below an application (variants, profiles): the hot read must be recomputed once they commit. */
    public void changedBelow() {
        cache.invalidateAfterCommit();
    }

    /** Optimistic locking for PUT: the body carries the version the client read. */
    public static void requireVersion(Long given, long current) {
        if (given == null) {
            throw ApiException.invalid("version", "version is required to update: send the version you last read");
        }
        if (given != current) throw ApiException.staleVersion(given, current);
    }

    private static void validate(ApplicationRequest request) {
        ApplicationPolicies.problem(request.policy(), request.kind()).ifPresent(why -> {
            throw ApiException.invalid("policy", why);
        });
        if (!request.policyParams().isObject()) {
            throw ApiException.invalid("policyParams", "policyParams must be a JSON object");
        }
        io.baton.registry.web.FiniteJson.require("policyParams", request.policyParams());
        if (request.classes().stream().distinct().count() != request.classes().size()) {
            throw ApiException.invalid("classes", "class labels must be distinct");
        }
        requireUniqueNames("inputs", request.inputs());
        requireUniqueNames("outputs", request.outputs());
    }

    private static void requireUniqueNames(String field, List<io.baton.registry.tensor.TensorSpec> specs) {
        if (specs.stream().map(io.baton.registry.tensor.TensorSpec::name).distinct().count() != specs.size()) {
            throw ApiException.invalid(field, field + " names must be distinct");
        }
    }
}
