-- Interference features of a profile (issue 8, item 1): per variant x device kind x provider, what the profiler
-- measured of the variant alone and beside the fixed synthetic "bubble" co-runner (the interference paper's section
-- IV-B): solo latency, average layer time, memory-bandwidth use (with the probe that measured it), device
-- utilisation, sensitivity, and when. One JSON document, absent (null) when not measured. Portable like V1
-- (PostgreSQL and H2 in PostgreSQL mode); JSON kept as text.

alter table profiles add column interference varchar;  -- JSON {soloMs, avgLayerMs, layers?, bandwidthGBs, utilisation, sensitivity, probe, measuredAt}
