package io.baton.profiler.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * Top-1 accuracy, per-class recall and the confusion matrix of a classifier on a labelled set.
 *
 * @param confusion counts, row = true class, column = predicted class
 * @param recall    per class: correct / examples of that class; 0 for a class with no examples
 */
public record Evaluation(double accuracy, List<Double> recall, List<List<Long>> confusion) {

    /** From the true and predicted class of every example. */
    public static Evaluation of(int[] labels, int[] predicted, int classes) {
        if (labels.length != predicted.length) throw new IllegalArgumentException("one prediction per label");
        long[][] m = new long[classes][classes];
        long correct = 0;
        for (int i = 0; i < labels.length; i++) {
            m[labels[i]][predicted[i]]++;
            if (labels[i] == predicted[i]) correct++;
        }
        List<Double> recall = new ArrayList<>();
        List<List<Long>> confusion = new ArrayList<>();
        for (int c = 0; c < classes; c++) {
            long row = 0;
            List<Long> r = new ArrayList<>();
            for (int p = 0; p < classes; p++) {
                row += m[c][p];
                r.add(m[c][p]);
            }
            confusion.add(List.copyOf(r));
            recall.add(row == 0 ? 0.0 : (double) m[c][c] / row);
        }
        double accuracy = labels.length == 0 ? 0 : (double) correct / labels.length;
        return new Evaluation(accuracy, List.copyOf(recall), List.copyOf(confusion));
    }

    /** The index of the largest of {@code classes} scores starting at {@code offset} (the first on ties). */
    public static int argmax(float[] scores, int offset, int classes) {
        int best = 0;
        for (int c = 1; c < classes; c++) if (scores[offset + c] > scores[offset + best]) best = c;
        return best;
    }
}
