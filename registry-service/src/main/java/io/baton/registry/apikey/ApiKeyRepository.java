package io.baton.registry.apikey;

import java.time.Instant;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

public interface ApiKeyRepository extends JpaRepository<ApiKeyEntity, Long> {

    Optional<ApiKeyEntity> findByKeyHashAndRevokedAtIsNull(String keyHash);

    long countByRevokedAtIsNull();

    /** One statement, no read-modify-write: concurrent verifications of one key need no version check. */
    @Modifying
    @Query("update ApiKeyEntity k set k.lastUsedAt = :at where k.id = :id")
    void markUsed(@Param("id") long id, @Param("at") Instant at);
}
