package io.baton.registry.profile;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.core.domain.LatencyProfile;
import io.baton.registry.application.ApplicationEntity;
import io.baton.registry.application.ApplicationService;
import io.baton.registry.persistence.Upsert;
import io.baton.registry.variant.VariantEntity;
import io.baton.registry.variant.VariantService;
import io.baton.registry.web.ApiException;

/**
 * Profiles: one per variant × device kind × execution provider, written by the profiler (CPU and GPU profiles of
 * a variant live side by side). Fits the profiler leaves out are computed here from the p50 points with
 * scheduling-core's {@link LatencyProfile}, so every stored profile carries α, β and the quadratic.
 */
@Service
public class ProfileService {

    /** The profile and whether the PUT created it. */
    public record Put(ProfileView profile, boolean created) {
    }

    private final ProfileRepository profiles;
    private final ApplicationService applications;
    private final VariantService variants;

    public ProfileService(ProfileRepository profiles, ApplicationService applications, VariantService variants) {
        this.profiles = profiles;
        this.applications = applications;
        this.variants = variants;
    }

    /** Creates or replaces; when replacing, a {@code version} in the body must be the current one. */
    @Transactional
    public Put put(String applicationName, String variantName, String deviceKind, String provider, ProfileRequest request) {
        ApplicationEntity application = applications.get(applicationName);
        VariantEntity variant = variants.entity(application, variantName);
        validate(application, request);
        Upsert<ProfileEntity> put = Upsert.of(
                profiles.findByVariantIdAndDeviceKindAndExecutionProvider(variant.id(), deviceKind, provider),
                () -> new ProfileEntity(variant.id(), deviceKind, provider), request.version());
        put.row().apply(request, fit(request), request.measuredAt() == null ? Instant.now() : request.measuredAt());
        applications.changedBelow();
        return new Put(ProfileView.of(profiles.saveAndFlush(put.row())), put.created());
    }

    @Transactional(readOnly = true)
    public List<ProfileView> list(String applicationName, String variantName) {
        ApplicationEntity application = applications.get(applicationName);
        VariantEntity variant = variants.entity(application, variantName);
        return profiles.findByVariantIdOrderByDeviceKindAscExecutionProviderAsc(variant.id()).stream()
                .map(ProfileView::of).toList();
    }

    @Transactional(readOnly = true)
    public ProfileView get(String applicationName, String variantName, String deviceKind, String provider) {
        return ProfileView.of(entity(applicationName, variantName, deviceKind, provider));
    }

    @Transactional
    public void delete(String applicationName, String variantName, String deviceKind, String provider) {
        profiles.delete(entity(applicationName, variantName, deviceKind, provider));
        profiles.flush();
        applications.changedBelow();
    }

    private ProfileEntity entity(String applicationName, String variantName, String deviceKind, String provider) {
        ApplicationEntity application = applications.get(applicationName);
        VariantEntity variant = variants.entity(application, variantName);
        return profiles.findByVariantIdAndDeviceKindAndExecutionProvider(variant.id(), deviceKind, provider)
                .orElseThrow(() -> ApiException.notFound("deviceKind", "variant " + variantName + " has no profile for "
                        + deviceKind + "/" + provider));
    }

    private static void validate(ApplicationEntity application, ProfileRequest request) {
        Set<Integer> sizes = new HashSet<>();
        for (int i = 0; i < request.latency().size(); i++) {
            LatencyPoint p = request.latency().get(i);
            if (!sizes.add(p.batchSize())) {
                throw ApiException.invalid("latency[" + i + "].batchSize", "batch size " + p.batchSize() + " is listed twice");
            }
            if (p.p99Ms() < p.p50Ms()) {
                throw ApiException.invalid("latency[" + i + "].p99Ms", "p99Ms must be ≥ p50Ms");
            }
        }
        InterferenceFeatures f = request.interference();
        if (f != null) {
            finite("interference.soloMs", f.soloMs());
            finite("interference.avgLayerMs", f.avgLayerMs());
            finite("interference.bandwidthGBs", f.bandwidthGBs());
            finite("interference.utilisation", f.utilisation());
            finite("interference.sensitivity", f.sensitivity());
            if (f.pressure() != null) finite("interference.pressure", f.pressure());
        }
        int classes = application.classes().size();
        if (request.classRecall() != null && classes > 0 && request.classRecall().size() != classes) {
            throw ApiException.unprocessable("classRecall", "application " + application.name() + " has " + classes
                    + " classes, classRecall has " + request.classRecall().size() + " values");
        }
        List<List<Long>> matrix = request.confusionMatrix();
        if (matrix != null) {
            int n = classes > 0 ? classes : matrix.size();
            if (matrix.size() != n) {
                throw ApiException.unprocessable("confusionMatrix", "confusionMatrix needs " + n + " rows, one per class");
            }
            for (int r = 0; r < n; r++) {
                if (matrix.get(r).size() != n) {
                    throw ApiException.unprocessable("confusionMatrix[" + r + "]", "row " + r + " needs " + n + " columns");
                }
            }
        }
    }

    /** Bean validation lets infinity through a lower bound (and JSON's {@code 1e999} reads as infinity). */
    private static void finite(String field, double value) {
        if (!Double.isFinite(value)) throw ApiException.invalid(field, field + " must be a finite number");
    }

    /** The fits the request gives, completed from its p50 points where left out. */
    static ProfileEntity.Fit fit(ProfileRequest request) {
        Map<Integer, Double> p50 = new TreeMap<>();
        request.latency().forEach(p -> p50.put(p.batchSize(), p.p50Ms()));
        LatencyProfile fitted = LatencyProfile.measured(p50, LatencyProfile.Fit.LINEAR);
        double[] q = fitted.quadraticFit();
        return new ProfileEntity.Fit(
                request.alphaMs() != null ? request.alphaMs() : fitted.alphaMs(),
                request.betaMs() != null ? request.betaMs() : fitted.betaMs(),
                request.quadratic() != null ? request.quadratic() : List.of(q[0], q[1], q[2]));
    }
}
