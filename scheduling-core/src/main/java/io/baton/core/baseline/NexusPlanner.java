package io.baton.core.baseline;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Nexus's squishy bin packing (Nexus, SOSP'19; as Symphony describes its baseline), on a fixed number
 * of devices.
 *
 * <p>Per model, the batch b* is the largest with 2·ℓ(b) &lt; SLO (Symphony Eq. 1: without coordination a
 * request may wait a whole batch). A model gets ⌊r/T⌋ devices of its own at throughput T = b* ÷ ℓ(b*);
 * its residual rate is packed first-fit-decreasing with other residuals onto shared devices. A shared
 * device runs its sessions round-robin in a duty cycle d; session i batches b_i = r_i·d requests, so
 * Σ ℓ(r_i·d) ≤ d, and each must meet d + ℓ(b_i) ≤ SLO_i. With the linear fit this has the closed form
 * d = Σβ_i / (1 − Σα_i·r_i).
 *
 * <p>Nexus sizes the cluster to the load; here the cluster is given, so the planner finds the largest
 * load factor f (all rates scaled together) whose plan fits the devices, by bisection, and plans for
 * f·r. Rates come from the scenario (perfect knowledge: a choice in Nexus's favour).
 */
public final class NexusPlanner {

    public NexusPlan plan(List<ServedModel> models, double[] ratesPerSec, int devices) {
        double lo = 0, hi = 1;
        while (fits(models, ratesPerSec, hi, devices) && hi < 1e6) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 50; i++) {
            double mid = (lo + hi) / 2;
            if (fits(models, ratesPerSec, mid, devices)) lo = mid; else hi = mid;
        }
        double f = lo > 0 ? lo : 1e-9;
        List<NexusPlan.DevicePlan> plan = pack(models, ratesPerSec, f);
        // Devices the plan leaves free serve nothing (Nexus would release them).
        List<NexusPlan.DevicePlan> out = new ArrayList<>(plan.subList(0, Math.min(plan.size(), devices)));
        for (int d = out.size(); d < devices; d++) out.add(new NexusPlan.DevicePlan(d, List.of(), 0));
        return new NexusPlan(out, f);
    }

    private boolean fits(List<ServedModel> models, double[] rates, double f, int devices) {
        return pack(models, rates, f).size() <= devices;
    }

    static int nexusBatch(ServedModel m) {
        LatencyProfile p = m.profile();
        int b = p.largestBatchWithin(m.sloMs() / 2, m.maxBatch());
        while (b > 1 && 2 * p.latencyMs(b) >= m.sloMs()) b--;
        return Math.max(1, b);
    }

    private List<NexusPlan.DevicePlan> pack(List<ServedModel> models, double[] rates, double f) {
        List<NexusPlan.DevicePlan> out = new ArrayList<>();
        List<double[]> residuals = new ArrayList<>(); // {model, rate per ms}
        for (ServedModel m : models) {
            double r = rates[m.id()] * f / 1000.0;
            int b = nexusBatch(m);
            double t = b / m.latencyMs(b);
            int full = (int) Math.floor(r / t);
            for (int k = 0; k < full; k++) {
                out.add(new NexusPlan.DevicePlan(out.size(), List.of(new NexusPlan.Session(m.id(), b, t * 1000)), m.latencyMs(b)));
            }
            double rest = r - full * t;
            if (rest > 1e-12) residuals.add(new double[] {m.id(), rest});
        }
        residuals.sort(Comparator.comparingDouble((double[] x) -> -x[1] / throughput(models.get((int) x[0]))));
        List<List<double[]>> shared = new ArrayList<>();
        for (double[] res : residuals) {
            boolean placed = false;
            for (List<double[]> bin : shared) {
                bin.add(res);
                if (dutyCycle(models, bin) >= 0) {
                    placed = true;
                    break;
                }
                bin.remove(bin.size() - 1);
            }
            if (!placed) {
                List<double[]> bin = new ArrayList<>();
                bin.add(res);
                shared.add(bin);
            }
        }
        for (List<double[]> bin : shared) {
            double d = Math.max(dutyCycle(models, bin), 0);
            List<NexusPlan.Session> sessions = new ArrayList<>();
            for (double[] res : bin) {
                ServedModel m = models.get((int) res[0]);
                int b = Math.max(1, Math.min(nexusBatch(m), (int) Math.ceil(res[1] * d)));
                sessions.add(new NexusPlan.Session(m.id(), b, res[1] * 1000));
            }
            out.add(new NexusPlan.DevicePlan(out.size(), sessions, d));
        }
        return out;
    }

    private static double throughput(ServedModel m) {
        int b = nexusBatch(m);
        return b / m.latencyMs(b);
    }

    /** The duty cycle of a shared device, or −1 when the sessions do not fit. A lone session always fits. */
    private static double dutyCycle(List<ServedModel> models, List<double[]> bin) {
        double sumAlphaR = 0, sumBeta = 0;
        for (double[] res : bin) {
            LatencyProfile p = models.get((int) res[0]).profile();
            sumAlphaR += p.alphaMs() * res[1];
            sumBeta += p.betaMs();
        }
        if (bin.size() == 1) {
            ServedModel m = models.get((int) bin.get(0)[0]);
            return m.latencyMs(nexusBatch(m));
        }
        if (sumAlphaR >= 1) return -1;
        double d = sumBeta / (1 - sumAlphaR);
        for (double[] res : bin) {
            ServedModel m = models.get((int) res[0]);
            // the whole batch the session will run (pack() plans ⌈r·d⌉, capped at the Nexus batch), not r·d:
            // with the fractional size a planned session could break d + ℓ(b) ≤ SLO by up to α
            int b = (int) Math.max(1, Math.ceil(res[1] * d));
            if (d + m.latencyMs(b) > m.sloMs()) return -1;
        }
        return d;
    }
}
