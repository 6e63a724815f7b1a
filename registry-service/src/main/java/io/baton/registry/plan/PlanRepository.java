package io.baton.registry.plan;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

public interface PlanRepository extends JpaRepository<PlanEntity, Long> {

    Page<PlanEntity> findByPolicy(String policy, Pageable pageable);

    Page<PlanEntity> findByApplicationId(long applicationId, Pageable pageable);

    Page<PlanEntity> findByPolicyAndApplicationId(String policy, long applicationId, Pageable pageable);

    long countByApplicationId(long applicationId);
}
