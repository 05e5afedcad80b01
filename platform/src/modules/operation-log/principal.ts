import type { SessionInfo } from '../auth/session-info.js';

/** Who a record names, and the organisation it belongs to. */
export interface Principal {
  /** The name the record shows: the user's, or the enterprise's when the user entered one. */
  userName: string;
  /** The signed-in user behind an entered enterprise; undefined when working in the own organisation. */
  realUserName: string | undefined;
  /** The organisation the call acted in (the entered enterprise's, when one was entered). */
  orgId: number;
}

/**
 * The one place a request's principal becomes a record's "who" (docs/operation-log.md "Who"). Every
 * principal the API knows arrives as a session: a signed-in user, or (docs/api-service.md) an API
 * credential acting for the user who created it — recorded as `API <API ID>`, with that user as the
 * real user.
 */
export function principalOf(session: SessionInfo): Principal {
  const { user, entered } = session.login;
  if (session.credential) {
    return {
      userName: `API ${session.credential.apiId}`,
      realUserName: user.userName,
      orgId: session.scope.orgId,
    };
  }
  return entered
    ? { userName: entered.name, realUserName: user.userName, orgId: session.scope.orgId }
    : { userName: user.userName, realUserName: undefined, orgId: session.scope.orgId };
}
