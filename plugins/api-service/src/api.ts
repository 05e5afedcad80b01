import type { ApiCredentialRow, IssuedApiKey } from '@phonefleet/sdk';
import { apiFirstRow, apiRequest, type FleetTablePage } from '@phonefleet/sdk/ui';

export interface GivableRole {
  id: number;
  name: string;
  builtin: boolean;
}

export interface NewCredential {
  name: string;
  roleId: number;
  /** Milliseconds since the epoch; null: never expires. */
  expireTime: number | null;
  ratePerMinute: number;
}

export async function listCredentials(): Promise<FleetTablePage<ApiCredentialRow>> {
  const reply = await apiRequest<ApiCredentialRow>('GET', '/apiService/list');
  return { rows: reply.result.rows, total: reply.result.rows.length };
}

export async function givableRoles(): Promise<GivableRole[]> {
  return (await apiRequest<GivableRole>('GET', '/apiService/roles')).result.rows;
}

/** The key in the answer is shown once: the console keeps only its hash. */
export function createCredential(input: NewCredential): Promise<IssuedApiKey> {
  return apiFirstRow<IssuedApiKey>('POST', '/apiService/add', { body: input, silent: true });
}

export function rotateCredential(id: number): Promise<IssuedApiKey> {
  return apiFirstRow<IssuedApiKey>('POST', '/apiService/rotate', { body: { id } });
}

export async function revokeCredential(ids: number[]): Promise<void> {
  for (const id of ids) await apiRequest('POST', '/apiService/revoke', { body: { id } });
}
