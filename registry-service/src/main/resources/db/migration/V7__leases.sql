-- Leases: who holds a named role for a while (the active scheduler among its replicas). A holder renews before
-- expires_at; once that has passed anyone may take it. epoch is the fencing token: it grows by one each time the
-- lease passes to another holder, never on a renewal, and a released lease keeps its row (and its epoch), so the
-- token only ever grows. Times are the registry's clock, never the caller's.
-- Portable like V1: PostgreSQL and H2 in PostgreSQL mode.

create table leases (
    name         varchar(128)  not null primary key,
    holder       varchar(256)  not null,
    holder_url   varchar(2048),
    epoch        bigint        not null,
    acquired_at  timestamp with time zone not null,    -- when this holder took it (renewals keep it)
    expires_at   timestamp with time zone not null
);
