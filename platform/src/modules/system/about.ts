import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AboutDriver, AboutInfo, ReleaseNotes } from '@phonefleet/sdk';
import { projectRoot } from '../../config.js';
import type { Database } from '../../db/database.js';
import { PRODUCT_NAME, PRODUCT_VERSION } from '../../product.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';

/** How many releases the About page shows. */
export const RELEASES_SHOWN = 5;

const CHANGELOG = path.join(projectRoot, 'CHANGELOG.md');

/**
 * `## 0.2.0 — 2026-12-01` (or `## [0.2.0] - 2026-12-01`) starts a release; its `- ` lines are its
 * notes (a continuation line joins the note above). Anything before the first release is ignored.
 */
export function parseChangelog(text: string, limit = RELEASES_SHOWN): ReleaseNotes[] {
  const releases: ReleaseNotes[] = [];
  let current: ReleaseNotes | undefined;
  for (const line of text.split(/\r?\n/)) {
    const heading = /^##\s+\[?([^\]\s]+)\]?(?:\s+[-—–]\s+(\d{4}-\d{2}-\d{2}))?/.exec(line);
    if (heading) {
      if (releases.length === limit) break;
      current = { version: heading[1] ?? '', date: heading[2] ?? '', notes: [] };
      releases.push(current);
      continue;
    }
    if (!current) continue;
    const note = /^[-*]\s+(.*)$/.exec(line);
    if (note) current.notes.push((note[1] ?? '').trim());
    else if (/^\s+\S/.test(line) && current.notes.length > 0)
      current.notes[current.notes.length - 1] += ` ${line.trim()}`;
  }
  return releases;
}

/** The About page's facts: version, drivers and their models with the official firmware, release notes. */
export class AboutService {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;
  private releases: Promise<ReleaseNotes[]> | undefined;

  constructor(deps: { db: Database; driverRegistry: DriverRegistry }) {
    this.db = deps.db;
    this.driverRegistry = deps.driverRegistry;
  }

  async about(): Promise<AboutInfo> {
    // The official list is the platform's own and offered to every tenant: no tenant's data here.
    const rows = await this.db.query<{ model: string; versions: string[] }>(
      `SELECT model, array_agg(version ORDER BY string_to_array(version, '.')::int[] DESC) AS versions
         FROM firmwares, unnest(models) AS model
        WHERE official
        GROUP BY model`,
    );
    const firmware = new Map(rows.map((row) => [row.model, row.versions]));
    const drivers: AboutDriver[] = this.driverRegistry.loaded.map(({ driver }) => ({
      id: driver.id,
      vendor: driver.vendor,
      family: driver.family,
      models: driver.models.map((model) => ({
        id: model.id,
        description: model.description,
        firmware: firmware.get(model.id) ?? [],
      })),
    }));
    return {
      productName: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      drivers,
      releases: await this.releaseNotes(),
    };
  }

  /** Read once per process (the file ships with the release); none when it is missing. */
  private releaseNotes(): Promise<ReleaseNotes[]> {
    this.releases ??= readFile(CHANGELOG, 'utf8').then(
      (text) => parseChangelog(text),
      () => [],
    );
    return this.releases;
  }
}
