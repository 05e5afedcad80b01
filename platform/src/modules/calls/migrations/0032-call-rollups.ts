import { CallQuality } from '@phonefleet/sdk';
import type { Migration } from '../../../module.js';

/** What every rollup row holds: calls by quality, and sums, counts and maxima of the figures. */
const MEASURES = `good integer NOT NULL, fair integer NOT NULL, poor integer NOT NULL,
  delay_sum double precision NOT NULL, delay_count integer NOT NULL, delay_max real,
  jitter_sum double precision NOT NULL, jitter_count integer NOT NULL, jitter_max real,
  loss_sum double precision NOT NULL, loss_count integer NOT NULL, loss_max real`;
const MEASURE_COLUMNS = [
  'good',
  'fair',
  'poor',
  'delay_sum',
  'delay_count',
  'delay_max',
  'jitter_sum',
  'jitter_count',
  'jitter_max',
  'loss_sum',
  'loss_count',
  'loss_max',
];
const isMaximum = (column: string) => column.endsWith('_max');
/** Sums (and maxima) of finer rollup rows. */
const SUMMED = MEASURE_COLUMNS.map((c) => (isMaximum(c) ? `max(${c})` : `sum(${c})`)).join(', ');
/** An upsert adds to a row that exists (greatest ignores a NULL maximum). */
const ADDED = MEASURE_COLUMNS.map((c) =>
  isMaximum(c) ? `${c} = greatest(r.${c}, EXCLUDED.${c})` : `${c} = r.${c} + EXCLUDED.${c}`,
).join(', ');

/**
 * Adds the calls of `source` (the trigger's transition table, or `call_records` for the backfill)
 * to the three rollups in one statement. Each call counts under its organisation and the site its
 * phone was in when the call was stored (0: no phone). Rows go in one order, time first: two
 * concurrent batches lock shared rows in the same order, and a backfill lays rows out by time as
 * the trigger does, so a range reads few pages.
 */
function addToRollups(source: string): string {
  const columns = MEASURE_COLUMNS.join(', ');
  return `
  WITH per_hour AS (
    SELECT c.org_id, coalesce(d.site_id, 0) AS site_id, c.device_id, date_trunc('hour', c.ended_at, 'UTC') AS hour,
           count(*) FILTER (WHERE c.quality = ${CallQuality.good}) AS good,
           count(*) FILTER (WHERE c.quality = ${CallQuality.fair}) AS fair,
           count(*) FILTER (WHERE c.quality = ${CallQuality.poor}) AS poor,
           coalesce(sum(c.delay_avg_ms::float8), 0) AS delay_sum, count(c.delay_avg_ms) AS delay_count,
           max(c.delay_max_ms) AS delay_max,
           coalesce(sum(c.jitter_avg_ms::float8), 0) AS jitter_sum, count(c.jitter_avg_ms) AS jitter_count,
           max(c.jitter_max_ms) AS jitter_max,
           coalesce(sum(c.loss_avg_percent::float8), 0) AS loss_sum, count(c.loss_avg_percent) AS loss_count,
           max(c.loss_max_percent) AS loss_max
      FROM ${source} c LEFT JOIN devices d ON d.id = c.device_id
     GROUP BY 1, 2, 3, 4),
  device_hours AS (
    INSERT INTO call_device_hours AS r (org_id, site_id, device_id, hour, ${columns})
    SELECT org_id, site_id, device_id, hour, ${columns} FROM per_hour WHERE device_id IS NOT NULL
     ORDER BY hour, device_id, org_id, site_id
    ON CONFLICT (device_id, hour, org_id, site_id) DO UPDATE SET ${ADDED}),
  device_days AS (
    INSERT INTO call_device_days AS r (org_id, site_id, device_id, day, ${columns})
    SELECT org_id, site_id, device_id, date_trunc('day', hour, 'UTC'), ${SUMMED}
      FROM per_hour WHERE device_id IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 4, device_id, org_id, site_id
    ON CONFLICT (device_id, day, org_id, site_id) DO UPDATE SET ${ADDED})
  INSERT INTO call_site_hours AS r (org_id, site_id, hour, ${columns})
  SELECT org_id, site_id, hour, ${SUMMED} FROM per_hour
   GROUP BY 1, 2, 3 ORDER BY hour, org_id, site_id
  ON CONFLICT (org_id, hour, site_id) DO UPDATE SET ${ADDED}`;
}

/** Rolls up every stored call (the migration's backfill; tests compare it with what the trigger kept). */
export const rollUpEveryCall = addToRollups('call_records');

/**
 * Call statistics rollups (docs/call-statistics.md): `call_site_hours` answers the figures over
 * time, the distribution and the worst sites; `call_device_days` (whole UTC days) with
 * `call_device_hours` (the hours at the ends of a range, and keyword searches) the worst devices.
 * Derived rows without foreign keys: deleting a device or a site keeps its calls counted. A
 * statement trigger on `call_records` keeps them current; existing calls are rolled up here.
 * `call_records_ended_idx` serves the detail list of a caller spanning organisations.
 */
const sql = `
CREATE TABLE call_site_hours (
  org_id bigint NOT NULL,
  site_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  ${MEASURES},
  PRIMARY KEY (org_id, hour, site_id)
);
CREATE INDEX call_site_hours_hour_idx ON call_site_hours (hour);

CREATE TABLE call_device_hours (
  org_id bigint NOT NULL,
  site_id bigint NOT NULL,
  device_id bigint NOT NULL,
  hour timestamptz NOT NULL,
  ${MEASURES},
  PRIMARY KEY (device_id, hour, org_id, site_id)
);
CREATE INDEX call_device_hours_hour_idx ON call_device_hours (hour);

CREATE TABLE call_device_days (
  org_id bigint NOT NULL,
  site_id bigint NOT NULL,
  device_id bigint NOT NULL,
  day timestamptz NOT NULL,
  ${MEASURES},
  PRIMARY KEY (device_id, day, org_id, site_id)
);
CREATE INDEX call_device_days_day_idx ON call_device_days (day);

CREATE INDEX call_records_ended_idx ON call_records (ended_at);

CREATE FUNCTION call_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${addToRollups('new_calls')};
  RETURN NULL;
END $$;
CREATE TRIGGER call_records_roll_up AFTER INSERT ON call_records
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION call_rollups_add();

${rollUpEveryCall};
`;

export const callRollups: Migration = {
  name: '0032-call-rollups',
  async up(db, transaction) {
    await db.execute(sql, [], transaction);
  },
};
