import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BACKUP_CONTENTS,
  type BackupRow,
  type Language,
  OperationStatus,
  type OperationStatusInfo,
  type UpgradeInfo,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import { type ConsoleConfig, projectRoot } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AnyModule } from '../../module.js';
import { PRODUCT_VERSION } from '../../product.js';
import {
  type ReleaseRef,
  readPointer,
  readUpgradeState,
  removeUpgradeState,
  SUPERVISED_ENV,
  type UpgradeState,
  writePointer,
  writeUpgradeState,
} from '../../release/release-state.js';
import { requestRestart } from '../../release/restart.js';
import type { BackupService } from '../backup/backup-service.js';
import type { HeldOperation, OperationLock } from '../backup/operation-lock.js';
import { detectDeployment } from './deployment.js';
import { foreignMigrations, keptRows, recreateSchema } from './roll-back.js';
import type { ReleaseStaging } from './staging.js';

const run = promisify(execFile);

/**
 * The upgrade (docs/upgrade.md): under the operation lock, a pre-upgrade backup, the staged
 * release's migrations, the switch of `releases/current.json` and a restart on the new release;
 * whichever release boots next finishes it (`afterStart`): done on the new one, rolled back on the
 * previous one.
 */
export class UpgradeService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly config: ConsoleConfig;
  private readonly modules: readonly AnyModule[];
  private readonly lock: OperationLock;
  private readonly backups: BackupService;
  private readonly staging: ReleaseStaging;
  private running: Promise<void> | undefined;

  constructor(deps: {
    db: Database;
    logger: Logger;
    config: ConsoleConfig;
    modules: readonly AnyModule[];
    operationLock: OperationLock;
    backupService: BackupService;
    releaseStaging: ReleaseStaging;
  }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.config = deps.config;
    this.modules = deps.modules;
    this.lock = deps.operationLock;
    this.backups = deps.backupService;
    this.staging = deps.releaseStaging;
  }

  async info(): Promise<UpgradeInfo> {
    return {
      currentVersion: PRODUCT_VERSION,
      deployment: detectDeployment(),
      staged: await this.staging.staged(),
    };
  }

  /** Refuses where this console cannot replace its own release. */
  assertUpgradable(): void {
    if (detectDeployment() === 'container') throw AppError.invalid('upgradeInContainer');
  }

  async execute(version: string, language: Language): Promise<OperationStatusInfo> {
    this.assertUpgradable();
    if (process.env[SUPERVISED_ENV] !== '1') throw AppError.invalid('upgradeUnsupervised');
    const staged = await this.staging.staged();
    if (!staged || staged.version !== version) throw AppError.invalid('upgradeNotStaged');
    const held = await this.lock.acquire(OperationStatus.upgrading, {
      cancellable: false,
      step: 'backing up',
      language,
    });
    const work = this.upgrade({ version, dir: this.staging.dirOf(version) }, held);
    this.running = work.finally(() => {
      this.running = undefined;
    });
    return this.lock.status(language);
  }

  async dispose(): Promise<void> {
    await this.running;
  }

  private async upgrade(to: ReleaseRef, held: HeldOperation): Promise<void> {
    const from: ReleaseRef = { version: PRODUCT_VERSION, dir: projectRoot };
    const state: UpgradeState = { from, to, phase: 'backing-up', backup: null, failure: null, kept: null };
    const dataDir = this.config.dataDir;
    try {
      await writeUpgradeState(dataDir, state);
      const backup = await this.backups.writeBackup(
        {
          id: null,
          fileName: 'pre-upgrade',
          content: [...BACKUP_CONTENTS],
          destination: 'local',
          remoteUrl: '',
          username: '',
          password: '',
          hostKey: null,
          keep: 1,
        },
        held,
      );
      await writeUpgradeState(dataDir, { ...state, phase: 'migrating', backup });
      await held.step('migrating');
      await run(
        process.execPath,
        ['--import', 'tsx', path.join('platform', 'src', 'release', 'migrate-release.ts')],
        {
          cwd: to.dir,
          env: { ...process.env, DATABASE_URL: this.db.url },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stderr?: string }) => {
        throw new Error(`The new release's migrations failed: ${error.stderr?.trim() || String(error)}`);
      });
      await writeUpgradeState(dataDir, { ...state, phase: 'switched', backup });
      const pointer = await readPointer(dataDir);
      await writePointer(dataDir, {
        ...to,
        previous: pointer && !pointer.trial ? { version: pointer.version, dir: pointer.dir } : from,
        trial: true,
      });
      await held.step('restarting');
      this.logger.info(
        { from: from.version, to: to.version },
        'upgrade: switched, restarting on the new release',
      );
      requestRestart();
    } catch (error) {
      // Before the switch the schema is the old one (the migrations commit all or nothing).
      const reason = (error as Error).message;
      this.logger.warn({ err: error }, 'upgrade failed before the switch');
      await removeUpgradeState(dataDir).catch(() => undefined);
      await held
        .release(
          'failed',
          `The upgrade to ${to.version} failed: ${reason}; ${from.version} still runs, nothing changed`,
        )
        .catch(() => undefined);
    }
  }

  /**
   * Run once the console listens: finishes an upgrade a previous process started. On the new release:
   * confirms it to the launcher and records the upgrade done. On the previous release (the new one
   * was given up, or the upgrade was killed): rolls the database back when it was migrated and
   * records why.
   */
  async afterStart(): Promise<void> {
    const dataDir = this.config.dataDir;
    const state = await readUpgradeState(dataDir);
    if (!state) return;
    const language = 'en-US';
    if (state.to.version === PRODUCT_VERSION && state.phase === 'switched') {
      const held = await this.lock.adopt(OperationStatus.upgrading, { step: 'confirming', language });
      const pointer = await readPointer(dataDir);
      if (pointer) await writePointer(dataDir, { ...pointer, trial: false });
      await removeUpgradeState(dataDir);
      await held.release('done', `Upgraded from ${state.from.version} to ${state.to.version}`);
      this.logger.info({ from: state.from.version, to: state.to.version }, 'upgrade done');
      return;
    }
    if (state.from.version !== PRODUCT_VERSION) return;
    const holding = {
      held: await this.lock.adopt(OperationStatus.upgrading, { step: 'rolling back', language }),
    };
    const why = state.failure ?? 'The console stopped during the upgrade';
    let message: string;
    try {
      const migrated = (await foreignMigrations(this.db, this.modules)).length > 0 || state.kept !== null;
      if (migrated) await this.rollBack(state, holding);
      await removeUpgradeState(dataDir);
      const ending = migrated
        ? `${state.from.version} runs again with the data of the pre-upgrade backup`
        : `${state.from.version} still runs, nothing changed`;
      message = `The upgrade to ${state.to.version} failed: ${why}; ${ending}`;
    } catch (error) {
      this.logger.error({ err: error }, 'upgrade roll-back failed');
      message = `The upgrade to ${state.to.version} failed (${why}) and its roll-back too: ${(error as Error).message}`;
    }
    await holding.held.release('failed', message).catch(() => undefined);
  }

  /**
   * Drops the newer schema, builds this release's, restores the pre-upgrade backup into it. The lock's
   * row goes with the schema: it is taken again in the new one (`holding` says which hold is current).
   */
  private async rollBack(state: UpgradeState, holding: { held: HeldOperation }): Promise<void> {
    const backup = state.backup as BackupRow | null;
    if (!backup) throw new Error('no pre-upgrade backup was recorded');
    // Saved before the schema goes: a roll-back killed midway starts again from here with them.
    const kept = state.kept ?? (await keptRows(this.db));
    await writeUpgradeState(this.config.dataDir, { ...state, kept });
    await holding.held.release('failed', 'rolling back').catch(() => undefined);
    await recreateSchema(this.db, this.logger, this.modules, kept);
    holding.held = await this.lock.adopt(OperationStatus.upgrading, { step: 'restoring', language: 'en-US' });
    await this.backups.restoreArchive(backup, holding.held);
  }
}
