/**
 * Symphony's ideal-batching analysis (§4.2, Eqs. 1–3, Table 4) and the {@code symphony-sizing} planner built on
 * it: the largest batch that meets the SLO on N devices without coordination (Eq. 1) or with staggered,
 * centrally dispatched execution (Eq. 2), the throughput N·b/ℓ(b) (Eq. 3), and the smallest N that carries a
 * model's rate ({@link io.baton.core.symphony.sizing.SymphonySizing}).
 */
package io.baton.core.symphony.sizing;
