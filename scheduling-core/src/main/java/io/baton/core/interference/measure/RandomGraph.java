package io.baton.core.interference.measure;

import io.baton.core.onnx.OnnxModel;

/**
 * One generated random DNN: its ONNX graph and what the generator knows of it (for the range checks and the
 * bandwidth probe).
 *
 * @param layers          operator nodes in the graph (the denominator of the average layer time, §IV-B)
 * @param macs            multiply-accumulates of one inference
 * @param weightBytes     bytes of float initializers (read once per inference)
 * @param activationBytes bytes of every intermediate tensor (written once and read once per inference)
 */
public record RandomGraph(String name, OnnxModel model, int blocks, int layers, long macs, long weightBytes, long activationBytes) {
}
