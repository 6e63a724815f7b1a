package io.baton.registry.profile;

import java.time.Instant;
import java.util.List;

import io.baton.registry.persistence.JsonConverters;
import io.baton.registry.persistence.VersionedRow;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code profiles}: what one variant measured on one device kind with one execution provider. */
@Entity
@Table(name = "profiles")
public class ProfileEntity extends VersionedRow {

    @Column(name = "variant_id", nullable = false)
    private long variantId;

    @Column(name = "device_kind", nullable = false)
    private String deviceKind;

    @Column(name = "execution_provider", nullable = false)
    private String executionProvider;

    @Column(nullable = false)
    @Convert(converter = JsonConverters.LatencyPoints.class)
    private List<LatencyPoint> latency;

    @Embedded
    private Fit fit;

    @Column(name = "load_ms")
    private Double loadMs;

    @Column(name = "memory_bytes")
    private Long memoryBytes;

    @Column(name = "dynamic_memory_bytes")
    private Long dynamicMemoryBytes;

    private Double accuracy;

    @Column(name = "class_recall")
    @Convert(converter = JsonConverters.Doubles.class)
    private List<Double> classRecall;

    @Column(name = "confusion_matrix")
    @Convert(converter = JsonConverters.LongMatrix.class)
    private List<List<Long>> confusionMatrix;

    @Convert(converter = JsonConverters.Interference.class)
    private InterferenceFeatures interference;

    @Column(name = "measured_at", nullable = false)
    private Instant measuredAt;

    protected ProfileEntity() {
    }

    public ProfileEntity(long variantId, String deviceKind, String executionProvider) {
        this.variantId = variantId;
        this.deviceKind = deviceKind;
        this.executionProvider = executionProvider;
    }

    /** Replaces the measurements; the fits are already completed by the service. */
    void apply(ProfileRequest r, Fit fit, Instant measuredAt) {
        this.latency = r.latency();
        this.fit = fit;
        this.loadMs = r.loadMs();
        this.memoryBytes = r.memoryBytes();
        this.dynamicMemoryBytes = r.dynamicMemoryBytes();
        this.accuracy = r.accuracy();
        this.classRecall = r.classRecall();
        this.confusionMatrix = r.confusionMatrix();
        this.interference = r.interference() == null ? null : r.interference().at(measuredAt);
        this.measuredAt = measuredAt;
    }

    /** The linear and quadratic fits of ℓ(b) as stored (a row without any reads back as no fit at all). */
    @Embeddable
    record Fit(
            @Column(name = "alpha_ms") Double alphaMs,
            @Column(name = "beta_ms") Double betaMs,
            @Convert(converter = JsonConverters.Doubles.class) List<Double> quadratic) {

        private static final Fit NONE = new Fit(null, null, null);
    }

    private Fit fit() { return fit == null ? Fit.NONE : fit; }

    public long variantId() { return variantId; }
    public String deviceKind() { return deviceKind; }
    public String executionProvider() { return executionProvider; }
    public List<LatencyPoint> latency() { return latency; }
    public Double alphaMs() { return fit().alphaMs(); }
    public Double betaMs() { return fit().betaMs(); }
    public List<Double> quadratic() { return fit().quadratic(); }
    public Double loadMs() { return loadMs; }
    public Long memoryBytes() { return memoryBytes; }
    public Long dynamicMemoryBytes() { return dynamicMemoryBytes; }
    public Double accuracy() { return accuracy; }
    public List<Double> classRecall() { return classRecall; }
    public List<List<Long>> confusionMatrix() { return confusionMatrix; }
    public InterferenceFeatures interference() { return interference; }
    public Instant measuredAt() { return measuredAt; }
}
