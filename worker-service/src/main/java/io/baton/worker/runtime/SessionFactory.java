package io.baton.worker.runtime;

import java.util.EnumSet;
import java.util.Map;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import io.baton.commons.runtime.ExecutionProvider;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.ExternalDataScanner;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.ModelArchive;
import io.baton.core.onnx.ModelArchiveException;
import io.baton.core.onnx.ModelDirectory;

/**
 * Opens ONNX Runtime sessions with this worker's execution provider and thread settings.
 *
 * <p>The provider is checked when the factory is built, i.e. at start-up, by running a probe model: a worker
 * configured for CUDA on a runtime without the CUDA provider (the default {@code onnxruntime} artifact is CPU-only)
 * or without a working CUDA installation refuses to start with an {@link ExecutionProviderUnavailableException}
 * naming the problem, rather than silently serving on the CPU.
 *
 * <p>A model is opened only from a private directory holding its own files ({@link ModelDirectory}; removed when the
 * session is closed, {@link OpenedModel}), and only after its protobuf has been read: a plain model one of whose
 * tensors points outside it, or an archive whose locations are not all its own data files ({@link ModelArchive}), is
 * refused ({@link RefusedModelException}) before ONNX Runtime sees it, since ONNX Runtime would read any file such a
 * tensor names. The registry checks the same at upload; this is the worker's own check of what it is handed.
 *
 * <p>Each session gets its own intra-op thread pool of {@code intraOpThreads} threads. A process-wide pool would
 * save idle threads when many models are resident, but ONNX Runtime fixes it when the environment is first
 * created, once per process, so it could not honour the setting of a second worker in the same JVM (tests).
 */
public final class SessionFactory implements AutoCloseable {

    private static final String CUDA_ACTION = "Run the worker with the GPU runtime (build with `mvn -Pcuda`, which "
            + "puts com.microsoft.onnxruntime:onnxruntime_gpu on the class path) on a machine with an NVIDIA driver, "
            + "CUDA 12 and cuDNN 9, or set baton.worker.provider=cpu.";

    private final OrtEnvironment environment;
    private final ExecutionProvider provider;
    private final int cudaDeviceId;
    private final int intraOpThreads;
    private final boolean cpuArena;
    private final SessionOptions options;
    private final java.nio.file.Path modelDir;

    public SessionFactory(ExecutionProvider provider, int cudaDeviceId, int intraOpThreads) {
        this(provider, cudaDeviceId, intraOpThreads, false, null);
    }

    /**
     * @param cpuArena whether sessions keep freed CPU memory in ONNX Runtime's arena. Off, a run's buffers are
     *                 returned to the C allocator when the run ends, so that the worker's resident memory comes back
     *                 down after a request that made a model allocate gigabytes (the Java API cannot cap an arena:
     *                 it has no {@code OrtArenaCfg})
     * @param modelDir where models' private directories are made (null: the system's temporary directory)
     */
    public SessionFactory(ExecutionProvider provider, int cudaDeviceId, int intraOpThreads, boolean cpuArena,
                          java.nio.file.Path modelDir) {
        this.modelDir = modelDir;
        this.environment = OrtEnvironment.getEnvironment();
        this.provider = provider;
        this.cudaDeviceId = cudaDeviceId;
        this.intraOpThreads = intraOpThreads;
        this.cpuArena = cpuArena;
        this.options = buildOptions();
        probe();
    }

    /**
     * Opens and runs a one-node model at start-up. On CUDA this is what proves the provider works on this machine
     * (driver, device, libraries), since appending the provider alone may succeed without a usable GPU; on either
     * provider it also pays ONNX Runtime's one-time initialisation here, so that the first real model's load time
     * and resident-memory delta are its own.
     */
    private void probe() {
        GraphBuilder g = new GraphBuilder("baton-probe");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.relu(x), "y", Dim.BATCH, Dim.of(4));
        try (OpenedModel model = open(g.build().toBytes());
             OnnxTensor input = OnnxTensor.createTensor(environment, new float[][] {{-1, 0, 1, 2}});
             OrtSession.Result ignored = model.session().run(Map.of("x", input))) {
            // ran: the provider works
        } catch (OrtException | RuntimeException e) {
            options.close();
            if (provider == ExecutionProvider.CUDA) {
                throw new ExecutionProviderUnavailableException("baton.worker.provider=cuda, but a probe model "
                        + "failed to run on CUDA device " + cudaDeviceId + ": " + e.getMessage(), CUDA_ACTION, e);
            }
            throw new IllegalStateException("ONNX Runtime cannot run a probe model: " + e.getMessage(), e);
        }
    }

    private SessionOptions buildOptions() {
        SessionOptions opts = new SessionOptions();
        try {
            if (intraOpThreads > 0) {
                opts.setIntraOpNumThreads(intraOpThreads);
            }
            opts.setCPUArenaAllocator(cpuArena);
            if (provider == ExecutionProvider.CUDA) {
                addCuda(opts);
            }
            return opts;
        } catch (OrtException e) {
            opts.close();
            throw new IllegalStateException("ONNX Runtime session options rejected: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            opts.close();
            throw e;
        }
    }

    private void addCuda(SessionOptions opts) {
        EnumSet<OrtProvider> available = availableProviders();
        if (!available.contains(OrtProvider.CUDA)) {
            throw new ExecutionProviderUnavailableException(
                    "baton.worker.provider=cuda, but this ONNX Runtime build has no CUDA execution provider "
                            + "(available: " + available + ")", CUDA_ACTION, null);
        }
        try {
            opts.addCUDA(cudaDeviceId);
        } catch (OrtException | RuntimeException e) {
            throw new ExecutionProviderUnavailableException(
                    "baton.worker.provider=cuda, but the CUDA execution provider could not start on device "
                            + cudaDeviceId + ": " + e.getMessage(), CUDA_ACTION, e);
        }
    }

    /**
     * Opens a session on an artifact: one ONNX model, or a zip archive of a model and its data files. The caller
     * closes it.
     *
     * @throws RefusedModelException                    a tensor points outside the model, or the archive is refused
     * @throws io.baton.core.onnx.MalformedModelException the bytes are not a well-formed ONNX protobuf
     */
    public OpenedModel open(byte[] artifact) throws OrtException {
        ModelDirectory directory = privateDirectory(artifact);
        try {
            return new OpenedModel(environment.createSession(directory.model().toString(), options), directory);
        } catch (OrtException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    private ModelDirectory privateDirectory(byte[] artifact) {
        if (ModelArchive.isArchive(artifact)) {
            try {
                return ModelArchive.extract(artifact, modelDir, ModelArchive.Limits.DEFAULT);
            } catch (ModelArchiveException e) {
                throw new RefusedModelException(e.getMessage());
            }
        }
        ExternalDataScanner.Result scan = ExternalDataScanner.scan(artifact);
        if (scan.pointsOutside()) throw new RefusedModelException("the model points outside itself: " + scan.describe());
        return ModelDirectory.of(artifact, modelDir);
    }

    public OrtEnvironment environment() {
        return environment;
    }

    public ExecutionProvider provider() {
        return provider;
    }

    public int cudaDeviceId() {
        return cudaDeviceId;
    }

    public int intraOpThreads() {
        return intraOpThreads;
    }

    public String runtimeVersion() {
        return environment.getVersion();
    }

    public static EnumSet<OrtProvider> availableProviders() {
        return OrtEnvironment.getAvailableProviders();
    }

    @Override
    public void close() {
        options.close();
    }
}
