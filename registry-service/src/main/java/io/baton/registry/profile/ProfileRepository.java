package io.baton.registry.profile;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface ProfileRepository extends JpaRepository<ProfileEntity, Long> {

    Optional<ProfileEntity> findByVariantIdAndDeviceKindAndExecutionProvider(long variantId, String deviceKind,
                                                                            String executionProvider);

    List<ProfileEntity> findByVariantIdOrderByDeviceKindAscExecutionProviderAsc(long variantId);

    /** All profiles of many variants in one query: the hot read uses it to avoid one query per variant. */
    List<ProfileEntity> findByVariantIdInOrderByDeviceKindAscExecutionProviderAsc(Collection<Long> variantIds);

    long deleteByVariantId(long variantId);
}
