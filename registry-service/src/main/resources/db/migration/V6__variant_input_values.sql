-- A variant's inputValues: per input name, the one JSON scalar every element of that input takes in synthetic
-- requests (profiling, bench live). JSON as text like every JSON column here, so it runs on PostgreSQL and H2.
alter table model_variants add column input_values varchar default '{}' not null;
