package io.baton.worker.runtime;

import java.util.EnumSet;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;

/**
 * Opens ONNX Runtime sessions with this worker's execution provider and thread settings.
 *
 * <p>The provider is checked when the factory is built, i.e. at start-up: a worker configured for CUDA on a
 * runtime without the CUDA provider (the default {@code onnxruntime} artifact is CPU-only) or without a working
 * CUDA installation refuses to start with an {@link ExecutionProviderUnavailableException} naming the problem,
 * rather than silently serving on the CPU.
 *
 * <p>Each session gets its own intra-op thread pool of {@code intraOpThreads} threads. A process-wide pool would
 * save idle threads when many models are resident, but ONNX Runtime fixes it when the environment is first
 * created, once per process, so it could not honour the setting of a second worker in the same JVM (tests).
 */
public final class SessionFactory implements AutoCloseable {

    private final OrtEnvironment environment;
    private final ExecutionProvider provider;
    private final int cudaDeviceId;
    private final int intraOpThreads;
    private final SessionOptions options;

    public SessionFactory(ExecutionProvider provider, int cudaDeviceId, int intraOpThreads) {
        this.environment = OrtEnvironment.getEnvironment();
        this.provider = provider;
        this.cudaDeviceId = cudaDeviceId;
        this.intraOpThreads = intraOpThreads;
        this.options = buildOptions();
    }

    private SessionOptions buildOptions() {
        SessionOptions opts = new SessionOptions();
        try {
            if (intraOpThreads > 0) {
                opts.setIntraOpNumThreads(intraOpThreads);
            }
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
        String action = "Run the worker with the GPU runtime (build with `mvn -Pcuda`, which puts "
                + "com.microsoft.onnxruntime:onnxruntime_gpu on the class path) on a machine with an NVIDIA driver, "
                + "CUDA 12 and cuDNN 9, or set baton.worker.provider=cpu.";
        if (!available.contains(OrtProvider.CUDA)) {
            throw new ExecutionProviderUnavailableException(
                    "baton.worker.provider=cuda, but this ONNX Runtime build has no CUDA execution provider "
                            + "(available: " + available + ")", action, null);
        }
        try {
            opts.addCUDA(cudaDeviceId);
        } catch (OrtException | RuntimeException e) {
            throw new ExecutionProviderUnavailableException(
                    "baton.worker.provider=cuda, but the CUDA execution provider could not start on device "
                            + cudaDeviceId + ": " + e.getMessage(), action, e);
        }
    }

    /** Opens a session on the model bytes. The caller closes it. */
    public OrtSession open(byte[] onnxModel) throws OrtException {
        return environment.createSession(onnxModel, options);
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
