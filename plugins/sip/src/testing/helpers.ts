import type { SipAccountRow } from '@phonefleet/sdk';

/** The kit's screen test helpers, and this area's row fixture. */
export {
  buttonNamed,
  byTestId,
  choiceOf,
  choose,
  cleanup,
  click,
  errorOf,
  renderInConsole,
  type StubReply,
  settle,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '@phonefleet/sdk/testing/ui';

/** A SIP account as the platform answers it (Reception, 2001 on PBX, Lobby, unbound), with changes. */
export function accountRow(changes: Partial<SipAccountRow> = {}): SipAccountRow {
  return {
    id: 21,
    labelName: 'Reception',
    registerName: '2001',
    displayName: 'Front desk',
    userName: '2001',
    hasPassword: true,
    serverId: 8,
    serverName: 'PBX',
    model: 'H2P',
    siteId: 3,
    siteName: 'Lobby',
    status: 0,
    binding: null,
    createTime: '2026-01-01T00:00:00Z',
    ...changes,
  };
}
