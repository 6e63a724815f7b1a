package io.baton.registry.variant;

import java.util.List;
import java.util.Optional;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

public interface VariantRepository extends JpaRepository<VariantEntity, Long> {

    Optional<VariantEntity> findByApplicationIdAndName(long applicationId, String name);

    boolean existsByApplicationIdAndName(long applicationId, String name);

    Page<VariantEntity> findByApplicationId(long applicationId, Pageable pageable);

    List<VariantEntity> findByApplicationIdOrderByStageAscNameAsc(long applicationId);

    long countByApplicationId(long applicationId);

    long countByArtifactDigest(String artifactDigest);
}
