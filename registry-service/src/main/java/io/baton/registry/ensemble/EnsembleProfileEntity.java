package io.baton.registry.ensemble;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.type.TypeReference;

import io.baton.registry.persistence.JsonColumn;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Converter;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/** A row of {@code ensemble_profiles}: an ensemble application's Schemble profile (see {@link EnsembleProfileRequest}). */
@Entity
@Table(name = "ensemble_profiles")
public class EnsembleProfileEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "application_id", nullable = false)
    private long applicationId;

    @Column(nullable = false)
    @Convert(converter = Strings.class)
    private List<String> models;

    @Column(nullable = false)
    private String aggregator;

    @Column(name = "dataset_name")
    private String datasetName;

    @Column(name = "sample_count", nullable = false)
    private int sampleCount;

    @Column(nullable = false)
    @Convert(converter = Doubles.class)
    private List<Double> temperatures;

    @Column(name = "mean_distances", nullable = false)
    @Convert(converter = Doubles.class)
    private List<Double> meanDistances;

    @Column(name = "bin_edges", nullable = false)
    @Convert(converter = Doubles.class)
    private List<Double> binEdges;

    @Column(name = "bin_counts", nullable = false)
    @Convert(converter = Longs.class)
    private List<Long> binCounts;

    @Column(nullable = false)
    @Convert(converter = DoubleMatrix.class)
    private List<List<Double>> accuracy;

    @Column(name = "outputs_digest")
    private String outputsDigest;

    @Column(name = "predictor_digest")
    private String predictorDigest;

    @Column(name = "measured_at", nullable = false)
    private Instant measuredAt;

    @Version
    private long version;

    protected EnsembleProfileEntity() {
    }

    public EnsembleProfileEntity(long applicationId) {
        this.applicationId = applicationId;
    }

    void apply(EnsembleProfileRequest r, String outputsDigest, String predictorDigest, Instant measuredAt) {
        this.models = r.models();
        this.aggregator = r.aggregator();
        this.datasetName = r.dataset();
        this.sampleCount = r.sampleCount();
        this.temperatures = r.temperatures();
        this.meanDistances = r.meanDistances();
        this.binEdges = r.binEdges();
        this.binCounts = r.binCounts();
        this.accuracy = r.accuracy();
        this.outputsDigest = outputsDigest;
        this.predictorDigest = predictorDigest;
        this.measuredAt = measuredAt;
    }

    public Long id() { return id; }
    public long applicationId() { return applicationId; }
    public List<String> models() { return models; }
    public String aggregator() { return aggregator; }
    public String datasetName() { return datasetName; }
    public int sampleCount() { return sampleCount; }
    public List<Double> temperatures() { return temperatures; }
    public List<Double> meanDistances() { return meanDistances; }
    public List<Double> binEdges() { return binEdges; }
    public List<Long> binCounts() { return binCounts; }
    public List<List<Double>> accuracy() { return accuracy; }
    public String outputsDigest() { return outputsDigest; }
    public String predictorDigest() { return predictorDigest; }
    public Instant measuredAt() { return measuredAt; }
    public long version() { return version; }

    // The JSON column types this table adds (JPA needs a concrete converter class per type).

    @Converter
    public static class Strings extends JsonColumn<List<String>> {
        public Strings() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Doubles extends JsonColumn<List<Double>> {
        public Doubles() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class Longs extends JsonColumn<List<Long>> {
        public Longs() { super(new TypeReference<>() { }); }
    }

    @Converter
    public static class DoubleMatrix extends JsonColumn<List<List<Double>>> {
        public DoubleMatrix() { super(new TypeReference<>() { }); }
    }
}
