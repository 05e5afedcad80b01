import type { SeedDeps } from '../../module.js';
import { timeZoneList } from './time-zone-list.js';

/** The spec's time zone list, brought up to date at every start. */
export async function seedTimeZones({ db, transaction }: SeedDeps): Promise<undefined> {
  await db.execute(
    `INSERT INTO time_zones (id, description, "offset")
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
     ON CONFLICT (id) DO UPDATE SET description = EXCLUDED.description, "offset" = EXCLUDED."offset"`,
    [
      timeZoneList.map((z) => z.id),
      timeZoneList.map((z) => z.description),
      timeZoneList.map((z) => z.offset),
    ],
    transaction,
  );
  return undefined;
}
