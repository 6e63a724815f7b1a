package io.baton.cli.zoo;

import io.baton.core.onnx.GraphBuilder;

/** The layers zoo networks are made of (NCHW, float32, row-major), with their plain-Java forward passes. */
public final class Layers {
    private Layers() {}

    /**
     * 2-D convolution, stride 1, zero padding {@code pad} on every side; weights [out][in][k][k].
     * Java: per example, im2col then out[m] += Σ_q w[m][q]·col[q] (rows of length H·W, see {@link Blas}).
     */
    public record Conv2d(int inC, int outC, int k, int pad, float[] w, float[] b) implements Layer {
        public Conv2d {
            if (w.length != outC * inC * k * k || b.length != outC) throw new IllegalArgumentException("conv weights do not fit " + outC + "×" + inC + "×" + k + "×" + k);
        }

        @Override
        public Shape outShape(Shape in) {
            if (in.rank() != 3 || in.dim(0) != inC) throw new IllegalArgumentException("conv expects [" + inC + ",H,W], got " + in);
            return Shape.of(outC, in.dim(1) + 2 * pad - k + 1, in.dim(2) + 2 * pad - k + 1);
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            Shape out = outShape(in);
            int h = in.dim(1), wd = in.dim(2), oh = out.dim(1), ow = out.dim(2), hw = oh * ow, q = inC * k * k;
            float[] y = new float[batch * out.size()];
            float[] col = new float[q * hw];
            for (int n = 0; n < batch; n++) {
                int xo = n * in.size();
                for (int c = 0; c < inC; c++)
                    for (int ky = 0; ky < k; ky++)
                        for (int kx = 0; kx < k; kx++) {
                            int row = ((c * k + ky) * k + kx) * hw;
                            for (int oy = 0; oy < oh; oy++) {
                                int iy = oy + ky - pad;
                                for (int ox = 0; ox < ow; ox++) {
                                    int ix = ox + kx - pad;
                                    col[row + oy * ow + ox] = iy >= 0 && iy < h && ix >= 0 && ix < wd ? x[xo + (c * h + iy) * wd + ix] : 0f;
                                }
                            }
                        }
                int yo = n * out.size();
                for (int m = 0; m < outC; m++) {
                    int base = yo + m * hw;
                    java.util.Arrays.fill(y, base, base + hw, b[m]);
                    Blas.gemvRows(w, m * q, q, col, 0, hw, y, base, hw);
                }
            }
            return y;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.conv(x, g.weights(prefix + "_w", new long[] {outC, inC, k, k}, w), g.weights(prefix + "_b", new long[] {outC}, b),
                    new long[] {k, k}, new long[] {1, 1}, new long[] {pad, pad, pad, pad}, 1);
        }

        @Override
        public long macs(Shape in) {
            return (long) outShape(in).size() * inC * k * k;
        }

        @Override
        public long parameters() {
            return w.length + b.length;
        }
    }

    public record Relu() implements Layer {
        @Override
        public Shape outShape(Shape in) {
            return in;
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            float[] y = new float[x.length];
            for (int i = 0; i < x.length; i++) y[i] = Math.max(0f, x[i]);
            return y;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.relu(x);
        }
    }

    /** k×k windows, stride k (the image side must be a multiple of k). */
    public record MaxPool(int k) implements Layer {
        @Override
        public Shape outShape(Shape in) {
            return pooled(in, k);
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            return pool(x, batch, in, k, true);
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.maxPool(x, new long[] {k, k}, new long[] {k, k});
        }
    }

    /** k×k windows, stride k, the mean of each window. */
    public record AvgPool(int k) implements Layer {
        @Override
        public Shape outShape(Shape in) {
            return pooled(in, k);
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            return pool(x, batch, in, k, false);
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.averagePool(x, new long[] {k, k}, new long[] {k, k});
        }
    }

    static Shape pooled(Shape in, int k) {
        if (in.rank() != 3 || in.dim(1) % k != 0 || in.dim(2) % k != 0) throw new IllegalArgumentException("pool " + k + " does not divide " + in);
        return Shape.of(in.dim(0), in.dim(1) / k, in.dim(2) / k);
    }

    static float[] pool(float[] x, int batch, Shape in, int k, boolean max) {
        Shape out = pooled(in, k);
        int c = in.dim(0), h = in.dim(1), w = in.dim(2), oh = out.dim(1), ow = out.dim(2);
        float[] y = new float[batch * out.size()];
        for (int n = 0; n < batch; n++)
            for (int ch = 0; ch < c; ch++) {
                int xi = (n * c + ch) * h * w, yi = (n * c + ch) * oh * ow;
                for (int oy = 0; oy < oh; oy++)
                    for (int ox = 0; ox < ow; ox++) {
                        float acc = max ? Float.NEGATIVE_INFINITY : 0f;
                        for (int dy = 0; dy < k; dy++)
                            for (int dx = 0; dx < k; dx++) {
                                float v = x[xi + (oy * k + dy) * w + ox * k + dx];
                                acc = max ? Math.max(acc, v) : acc + v;
                            }
                        y[yi + oy * ow + ox] = max ? acc : acc / (k * k);
                    }
            }
        return y;
    }

    public record Flatten() implements Layer {
        @Override
        public Shape outShape(Shape in) {
            return Shape.of(in.size());
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            return x;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.flatten(x, 1);
        }
    }

    /** Gives each example the shape {@code to} (same size); the data is untouched (row-major). */
    public record Reshape(Shape to) implements Layer {
        @Override
        public Shape outShape(Shape in) {
            if (in.size() != to.size()) throw new IllegalArgumentException("cannot reshape " + in + " to " + to);
            return to;
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            outShape(in);
            return x;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            long[] shape = new long[to.rank() + 1];
            for (int i = 0; i < to.rank(); i++) shape[i + 1] = to.dim(i); // shape[0] = 0: keep the batch dimension
            return g.reshape(x, shape);
        }
    }

    /** y = x·W + b, W stored [in][out] (ONNX Gemm with transB = 0). */
    public record Dense(int in, int out, float[] w, float[] b) implements Layer {
        public Dense {
            if (w.length != in * out || b.length != out) throw new IllegalArgumentException("dense weights do not fit " + in + "×" + out);
        }

        @Override
        public Shape outShape(Shape s) {
            if (s.rank() != 1 || s.dim(0) != in) throw new IllegalArgumentException("dense expects [" + in + "], got " + s);
            return Shape.of(out);
        }

        @Override
        public float[] forward(float[] x, int batch, Shape s) {
            outShape(s);
            float[] y = new float[batch * out], val = new float[in];
            int[] idx = new int[in];
            for (int n = 0; n < batch; n++) {
                int yo = n * out;
                System.arraycopy(b, 0, y, yo, out);
                // ReLU features and images are sparse: gather the non-zero inputs, then add their rows of W four at a time.
                int nz = 0;
                for (int i = 0; i < in; i++) {
                    if (x[n * in + i] != 0f) {
                        idx[nz] = i;
                        val[nz++] = x[n * in + i];
                    }
                }
                int k = 0;
                for (; k + 4 <= nz; k += 4) {
                    Blas.axpy4(val[k], val[k + 1], val[k + 2], val[k + 3], w, idx[k] * out, idx[k + 1] * out, idx[k + 2] * out,
                            idx[k + 3] * out, y, yo, out);
                }
                for (; k < nz; k++) Blas.axpy(val[k], w, idx[k] * out, y, yo, out);
            }
            return y;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.gemm(x, g.weights(prefix + "_w", new long[] {in, out}, w), g.weights(prefix + "_b", new long[] {out}, b));
        }

        @Override
        public long macs(Shape s) {
            return (long) in * out;
        }

        @Override
        public long parameters() {
            return w.length + b.length;
        }
    }

    /** Softmax over the last axis of a [D] example. */
    public record Softmax() implements Layer {
        @Override
        public Shape outShape(Shape in) {
            if (in.rank() != 1) throw new IllegalArgumentException("softmax expects [D], got " + in);
            return in;
        }

        @Override
        public float[] forward(float[] x, int batch, Shape in) {
            int d = in.dim(0);
            float[] y = new float[x.length];
            for (int n = 0; n < batch; n++) {
                float max = Float.NEGATIVE_INFINITY;
                for (int j = 0; j < d; j++) max = Math.max(max, x[n * d + j]);
                double z = 0;
                for (int j = 0; j < d; j++) z += Math.exp(x[n * d + j] - max);
                for (int j = 0; j < d; j++) y[n * d + j] = (float) (Math.exp(x[n * d + j] - max) / z);
            }
            return y;
        }

        @Override
        public String emit(GraphBuilder g, String x, String prefix) {
            return g.softmax(x, 1);
        }
    }
}
