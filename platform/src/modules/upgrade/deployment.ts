import type { UpgradeDeployment } from '@phonefleet/sdk';

/**
 * How this console runs (docs/upgrade.md): PHONEFLEET_DEPLOYMENT when set (a container image sets
 * `container`: a container cannot replace its own image); systemd when it started the process (it
 * sets INVOCATION_ID); else the README's `npm start`. Being inside some container is no sign: CI and
 * development machines often are, and run `npm start` there.
 */
export function detectDeployment(env: NodeJS.ProcessEnv = process.env): UpgradeDeployment {
  const chosen = env.PHONEFLEET_DEPLOYMENT;
  if (chosen === 'npm' || chosen === 'systemd' || chosen === 'container') return chosen;
  if (env.INVOCATION_ID) return 'systemd';
  return 'npm';
}
