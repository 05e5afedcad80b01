/**
 * `npm run demo`: the console with a simulated fleet (docs/first-hour.md): an enterprise with three
 * sites, model templates and groups, 50 phones of every model of every driver added as devices,
 * some of them silent (offline), calls of each quality, and every 30 seconds a few more calls.
 * Its data lives in `.demo-data/` (PHONEFLEET_DATA_DIR chooses another folder), apart from
 * `npm start`'s. Ctrl-C stops the phones and the console.
 */
import path from 'node:path';
import { startBanner } from '../platform/src/banner.js';
import { runConsole, terminalLogger } from '../platform/src/cli.js';
import { projectRoot } from '../platform/src/config.js';
import { startDemoFleet } from '../platform/src/demo/demo-fleet.js';
import { DEMO_ORGANIZATION } from '../platform/src/demo/demo-seed.js';

const PHONES = 50;
const CALLS_EVERY_MS = 30_000;

const logger = terminalLogger();
await runConsole(
  logger,
  async (running) => {
    // Phones send from their own loopback addresses: they reach the console on IPv4 loopback.
    const host = running.config.host === '0.0.0.0' ? '127.0.0.1' : running.config.host;
    const consoleUrl = `http://${host}:${new URL(running.url).port}`;
    const demo = await startDemoFleet(running.cradle, {
      consoleUrl,
      count: PHONES,
      addressBase: '127.1.0.0',
      macBase: '02d3a0000000',
      offlineEvery: 6,
    });
    const models = [...new Set(demo.fleet.phones.map((phone) => phone.options.model))].sort();
    const where = running.config.databaseUrl
      ? ''
      : `; data in ${path.relative(projectRoot, running.config.dataDir)}/`;
    process.stdout.write(
      startBanner({
        url: running.config.publicUrl ?? running.url,
        generatedAdminPassword: running.generatedAdminPassword,
        adminPasswordFromEnvironment: running.adminPasswordFromEnvironment,
        adminPasswordSet: running.config.adminPassword !== undefined,
        more: [
          `Demo fleet: ${PHONES} simulated phones (${models.join(', ')}) of "${DEMO_ORGANIZATION}" in ${demo.organization.siteIds.length} sites,`,
          `${demo.online.length} online and ${demo.offline.length} offline (never heard from); ${demo.calls} calls so far, a few more every ${CALLS_EVERY_MS / 1000} s.`,
          `${demo.added > 0 ? `Added ${demo.added} devices` : 'Its devices were added by an earlier demo start'}${where}.`,
        ],
      }),
    );
    const talk = setInterval(() => {
      demo.converse(0.1).catch((error: unknown) => logger.warn({ err: error }, 'demo calls failed'));
    }, CALLS_EVERY_MS);
    return async () => {
      clearInterval(talk);
      await demo.stop();
    };
  },
  { dataDir: process.env.PHONEFLEET_DATA_DIR || path.join(projectRoot, '.demo-data') },
);
