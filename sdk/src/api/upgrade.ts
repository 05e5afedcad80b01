/**
 * What the upgrade API answers (docs/upgrade.md), for the system plugin's `/upgrade` page. One record
 * answers `rows[0]`; `POST /upgrade/execute` answers the operation status (`OperationStatusInfo`).
 */

/**
 * How this console runs: `npm` (the README's `npm start`), `systemd` (the unit in docs/upgrade.md),
 * `container` (an image: upgrading means pulling a newer image, the page says so).
 */
export type UpgradeDeployment = 'npm' | 'systemd' | 'container';

/** A verified installation package waiting in the data folder to be applied. */
export interface StagedRelease {
  version: string;
  /** The release notes the package carries ('' when none). */
  notes: string;
}

/** `GET /upgrade/info`. */
export interface UpgradeInfo {
  currentVersion: string;
  deployment: UpgradeDeployment;
  staged: StagedRelease | null;
}

/** `POST /upgrade/execute`'s body: the staged version to apply. */
export interface UpgradeExecuteBody {
  version: string;
}
