/**
 * IPA: inference pipeline adaptation (Ghafouri et al., JSys 2024). Read beside the paper:
 * <ul>
 *   <li>§4.1 system model: {@link io.baton.core.ipa.Pipeline}, {@link io.baton.core.ipa.PipelineStage},
 *       {@link io.baton.core.ipa.ModelVariant}, {@link io.baton.core.ipa.StageConfig}.</li>
 *   <li>§4.2 profiling, quadratic fit, SLA = 5 × mean batch-1 latency: {@link io.baton.core.ipa.ModelVariant},
 *       {@link io.baton.core.ipa.PipelineStage#slaMs()}; Eq. 1 base allocation: {@link io.baton.core.ipa.BaseAllocation}.</li>
 *   <li>Eq. 8 PAS and Appendix C's PAS': {@link io.baton.core.ipa.AccuracyMethod}.</li>
 *   <li>§4.4 the integer program (Eqs. 4–10): {@link io.baton.core.ipa.IpaProblem}, solved exactly by
 *       {@link io.baton.core.ipa.EnumerationIpaSolver} and as a MILP by {@link io.baton.core.ipa.MipIpaSolver}.</li>
 *   <li>§4.5 dropping, central queues, round-robin: {@link io.baton.core.ipa.PipelineSimulator}.</li>
 *   <li>§3 adaptation loop: {@link io.baton.core.ipa.IpaAdapter}; load prediction: {@code io.baton.core.ipa.forecast}.</li>
 *   <li>§5.1 baselines FA2 and RIM: {@link io.baton.core.ipa.IpaPolicy}; pipelines and workloads of §5:
 *       {@link io.baton.core.ipa.IpaPipelines}, {@link io.baton.core.ipa.IpaWorkloads}.</li>
 * </ul>
 */
package io.baton.core.ipa;
