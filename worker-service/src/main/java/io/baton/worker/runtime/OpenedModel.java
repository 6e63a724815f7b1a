package io.baton.worker.runtime;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.baton.core.onnx.ModelDirectory;

/** A session and the private directory it was opened from; closing it closes the session, then removes the files. */
public record OpenedModel(OrtSession session, ModelDirectory directory) implements AutoCloseable {

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            // a session that fails to close has nothing left to give back; its files go all the same
        } finally {
            directory.close();
        }
    }
}
