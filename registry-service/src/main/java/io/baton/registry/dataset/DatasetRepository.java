package io.baton.registry.dataset;

import java.util.Optional;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

public interface DatasetRepository extends JpaRepository<DatasetEntity, Long> {

    Optional<DatasetEntity> findByApplicationIdAndName(long applicationId, String name);

    boolean existsByApplicationIdAndName(long applicationId, String name);

    Page<DatasetEntity> findByApplicationId(long applicationId, Pageable pageable);

    long countByApplicationId(long applicationId);

    long countByInputsDigestOrLabelsDigest(String inputsDigest, String labelsDigest);
}
