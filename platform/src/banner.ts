import { ADMIN_USER_NAME } from './modules/auth/administrator.js';

export interface BannerFacts {
  url: string;
  /** This start created the administrator with this generated password. */
  generatedAdminPassword: string | undefined;
  /** This start created the administrator with ADMIN_PASSWORD's password. */
  adminPasswordFromEnvironment: boolean;
  /** ADMIN_PASSWORD is set for this start (it only matters at the first one). */
  adminPasswordSet: boolean;
  /** Lines about what else started (`npm run demo`'s fleet). */
  more?: string[];
}

/** What `npm start` prints once the console answers: where it is and how to sign in, no secret but a generated password. */
export function startBanner(facts: BannerFacts): string {
  const password = facts.generatedAdminPassword
    ? `with the generated password: ${facts.generatedAdminPassword}  (shown once; set ADMIN_PASSWORD before the first start to choose it)`
    : facts.adminPasswordFromEnvironment
      ? 'with the password set from ADMIN_PASSWORD (the administrator was created at this start)'
      : facts.adminPasswordSet
        ? 'with the administrator password (ADMIN_PASSWORD only sets it at the first start; it was not changed now)'
        : 'with the administrator password (chosen with ADMIN_PASSWORD or printed at the first start)';
  return [
    '',
    `  PhoneFleet console is running at ${facts.url}`,
    `  Sign in as "${ADMIN_USER_NAME}" ${password}`,
    ...(facts.more ?? []).map((line) => `  ${line}`),
    '  Ctrl-C stops it.',
    '',
    '',
  ].join('\n');
}
