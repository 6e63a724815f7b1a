/**
 * IPA's load prediction (§3, §5.1): the {@link io.baton.core.ipa.forecast.LoadForecaster} seam with the paper's
 * {@link io.baton.core.ipa.forecast.LstmForecaster} and the last-value, moving-max and oracle baselines, scored by
 * {@link io.baton.core.ipa.forecast.Smape} on a {@link io.baton.core.ipa.forecast.SyntheticTrace}.
 */
package io.baton.core.ipa.forecast;
