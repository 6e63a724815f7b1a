package io.baton.registry.ensemble;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface EnsembleProfileRepository extends JpaRepository<EnsembleProfileEntity, Long> {

    Optional<EnsembleProfileEntity> findByApplicationId(long applicationId);

    long countByApplicationId(long applicationId);

    long countByOutputsDigestOrPredictorDigest(String outputsDigest, String predictorDigest);
}
