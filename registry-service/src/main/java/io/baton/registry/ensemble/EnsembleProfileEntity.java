package io.baton.registry.ensemble;

import java.time.Instant;
import java.util.List;

import io.baton.registry.persistence.JsonConverters.DoubleMatrix;
import io.baton.registry.persistence.JsonConverters.Doubles;
import io.baton.registry.persistence.JsonConverters.Longs;
import io.baton.registry.persistence.JsonConverters.Strings;
import io.baton.registry.persistence.ApplicationRow;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A row of {@code ensemble_profiles}: an ensemble application's Schemble profile (see {@link EnsembleProfileRequest}). */
@Entity
@Table(name = "ensemble_profiles")
public class EnsembleProfileEntity extends ApplicationRow {

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

    protected EnsembleProfileEntity() {
    }

    public EnsembleProfileEntity(long applicationId) {
        super(applicationId);
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
}
