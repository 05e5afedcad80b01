import type { LoginInfo } from '@phonefleet/sdk';
import type { TenantScope } from '../tenancy/scope.js';

export interface SessionInfo {
  tokenHash: string;
  login: LoginInfo;
  powers: ReadonlySet<string>;
  scope: TenantScope;
  /**
   * Set when the caller is an API credential rather than a browser session (docs/api-service.md):
   * the request acts for the credential's creator (`login.user`) with the credential's role.
   */
  credential?: ApiPrincipal;
}

export interface ApiPrincipal {
  id: number;
  apiId: string;
  name: string;
}

export function hasButton(session: SessionInfo, power: string, button: string): boolean {
  return session.login.buttons[power]?.includes(button) ?? false;
}
