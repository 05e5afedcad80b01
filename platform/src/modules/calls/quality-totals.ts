/**
 * The calls module's small API for the home dashboard: good, fair and poor calls of a scope, read
 * from the hourly site rollup (every call counts there, with or without a phone) instead of counting
 * every call record. `{scope:c.org_id}` is expanded by `TenantScope.query`.
 */
export const QUALITY_TOTALS_SQL = `SELECT coalesce(sum(c.good), 0) AS good, coalesce(sum(c.fair), 0) AS fair,
         coalesce(sum(c.poor), 0) AS poor
    FROM call_site_hours c WHERE {scope:c.org_id}`;
