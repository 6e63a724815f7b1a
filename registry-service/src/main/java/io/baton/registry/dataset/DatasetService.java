package io.baton.registry.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.baton.commons.tensor.Datatype;
import io.baton.registry.application.ApplicationEntity;
import io.baton.registry.application.ApplicationService;
import io.baton.registry.artifact.ArtifactEntity;
import io.baton.registry.artifact.ArtifactService;
import io.baton.registry.tensor.TensorSpec;
import io.baton.registry.tensor.TensorSpecs;
import io.baton.registry.web.ApiException;

/**
 * Validation datasets: checks that the two blobs have exactly the bytes the declared tensor and sample count imply,
 * that the per-sample shape fits the application's first input, and that every label names a class.
 */
@Service
public class DatasetService {

    private final DatasetRepository datasets;
    private final ApplicationService applications;
    private final ArtifactService artifacts;

    public DatasetService(DatasetRepository datasets, ApplicationService applications, ArtifactService artifacts) {
        this.datasets = datasets;
        this.applications = applications;
        this.artifacts = artifacts;
    }

    @Transactional
    public DatasetView create(String applicationName, DatasetRequest request) {
        ApplicationEntity application = applications.forNew(applicationName, "dataset", request.name(),
                datasets::existsByApplicationIdAndName);
        TensorSpec spec = request.inputSpec();
        int count = request.sampleCount();
        if (spec.shape().isEmpty() || spec.shape().get(0) != count) {
            throw ApiException.invalid("inputSpec.shape", "the first dimension must be sampleCount (" + count + ")");
        }
        long elements = 1;
        for (int k = 0; k < spec.rank(); k++) {
            long d = spec.shape().get(k);
            if (d < 0) throw ApiException.invalid("inputSpec.shape", "a dataset's shape is fully known: no -1");
            elements = Math.multiplyExact(elements, d);
        }
        int width = elementBytes(spec.datatype());
        ArtifactEntity inputs = artifacts.requireData("inputsDigest", request.inputsDigest());
        if (inputs.sizeBytes() != elements * width) {
            throw ApiException.unprocessable("inputsDigest", "the inputs blob has " + inputs.sizeBytes()
                    + " bytes; " + spec.datatype() + spec.shape() + " needs " + elements * width);
        }
        ArtifactEntity labels = artifacts.requireData("labelsDigest", request.labelsDigest());
        if (labels.sizeBytes() != 4L * count) {
            throw ApiException.unprocessable("labelsDigest", "the labels blob has " + labels.sizeBytes()
                    + " bytes; " + count + " INT32 labels need " + 4L * count);
        }
        requireLabelsInRange(application, labels);
        TensorSpec sample = new TensorSpec(spec.name(), spec.datatype(),
                java.util.stream.Stream.concat(java.util.stream.Stream.of(-1L), spec.shape().stream().skip(1)).toList());
        if (!application.inputs().isEmpty()) {
            TensorSpecs.requireCompatible("inputSpec", List.of(sample), application.inputs().subList(0, 1),
                    application.name());
        }
        DatasetEntity entity = new DatasetEntity(application.id(), request.name(), inputs.digest(), labels.digest(), count,
                spec, Instant.now());
        return DatasetView.of(datasets.saveAndFlush(entity), application.name());
    }

    @Transactional(readOnly = true)
    public DatasetView get(String applicationName, String name) {
        ApplicationEntity application = applications.get(applicationName);
        return DatasetView.of(entity(application, name), application.name());
    }

    @Transactional(readOnly = true)
    public Page<DatasetView> list(String applicationName, Pageable pageable) {
        ApplicationEntity application = applications.get(applicationName);
        return datasets.findByApplicationId(application.id(), pageable).map(d -> DatasetView.of(d, application.name()));
    }

    /** The blobs stay in the artifact store (they may be shared); delete them there once unused. */
    @Transactional
    public void delete(String applicationName, String name) {
        ApplicationEntity application = applications.get(applicationName);
        datasets.delete(entity(application, name));
        datasets.flush();
    }

    private DatasetEntity entity(ApplicationEntity application, String name) {
        return datasets.findByApplicationIdAndName(application.id(), name).orElseThrow(() ->
                ApiException.notFound("dataset", "application " + application.name() + " has no dataset named " + name));
    }

    private void requireLabelsInRange(ApplicationEntity application, ArtifactEntity labels) {
        int classes = application.classes().size();
        if (classes == 0) return;
        try {
            ByteBuffer buffer = ByteBuffer.wrap(Files.readAllBytes(artifacts.content(labels))).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; buffer.remaining() >= 4; i++) {
                int label = buffer.getInt();
                if (label < 0 || label >= classes) {
                    throw ApiException.unprocessable("labelsDigest", "label " + i + " is " + label
                            + ", not a class index in [0, " + classes + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int elementBytes(String datatype) {
        Datatype d = Datatype.named(datatype);
        if (d == null || !d.fixedWidth()) {
            throw ApiException.invalid("inputSpec.datatype", "a dataset tensor must have a fixed-width "
                    + "numeric datatype, not " + datatype);
        }
        return d.bytes();
    }
}
