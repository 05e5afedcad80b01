import type { LoginInfo } from '@phonefleet/sdk';
import type { TenantScope } from '../tenancy/scope.js';

export interface SessionInfo {
  tokenHash: string;
  login: LoginInfo;
  powers: ReadonlySet<string>;
  scope: TenantScope;
}

export function hasButton(session: SessionInfo, power: string, button: string): boolean {
  return session.login.buttons[power]?.includes(button) ?? false;
}
