/** Screens of the SIP area (console spec §2). */
export const SERVER_LIST = '/sipServer';
export const ADD_SERVER = '/sipServer/addServer';
export const ACCOUNT_LIST = '/sipAccount';
export const ADD_ACCOUNT = '/sipAccount/addAccount';

export function editServerPath(id: number): string {
  return `/sipServer/editServer?id=${id}`;
}

export function editAccountPath(id: number): string {
  return `/sipAccount/editAccount?id=${id}`;
}

/** A SIP account's own parameters (docs/sip.md "An account's own parameters"). */
export function accountParamPath(id: number): string {
  return `/sipAccount/setParam?id=${id}`;
}
