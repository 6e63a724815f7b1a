package io.baton.registry.reference;

import org.springframework.stereotype.Component;

import io.baton.registry.dataset.DatasetRepository;
import io.baton.registry.ensemble.EnsembleProfileRepository;
import io.baton.registry.plan.PlanRepository;
import io.baton.registry.variant.VariantRepository;
import io.baton.registry.web.ApiException;

/**
 * Counts the rows that point at an application (by id) or an artifact (by digest) and refuses a delete while any
 * does: the caller deletes those first, on purpose, so nothing disappears as a side effect.
 */
@Component
public record References(VariantRepository variants, DatasetRepository datasets, PlanRepository plans,
                         EnsembleProfileRepository ensembleProfiles) {

    /** 409 while variants (and so their profiles), validation datasets, plans or the ensemble profile refer to it. */
    public void requireUnusedApplication(long id, String name) {
        long variantCount = variants.countByApplicationId(id);
        long datasetCount = datasets.countByApplicationId(id);
        long planCount = plans.countByApplicationId(id);
        long ensembleProfileCount = ensembleProfiles.countByApplicationId(id);
        if (variantCount + datasetCount + planCount + ensembleProfileCount > 0) {
            throw ApiException.inUse("application " + name + " is in use: " + variantCount + " variant(s), "
                    + datasetCount + " validation dataset(s), " + planCount + " plan(s), " + ensembleProfileCount
                    + " ensemble profile(s) refer to it; delete them first (nothing is deleted in cascade)");
        }
    }

    /** 409 while a variant, a validation dataset or an ensemble profile (its recorded outputs) refers to it. */
    public void requireUnusedArtifact(String digest) {
        long users = variants.countByArtifactDigest(digest)
                + datasets.countByInputsDigestOrLabelsDigest(digest, digest)
                + ensembleProfiles.countByOutputsDigestOrPredictorDigest(digest, digest);
        if (users > 0) {
            throw ApiException.inUse("artifact " + digest + " is used by " + users
                    + " variant(s), dataset(s) or ensemble profile(s); delete those first");
        }
    }
}
