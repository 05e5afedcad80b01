/** An API credential as the API service lists it (docs/api-service.md); the key is never listed. */
export interface ApiCredentialRow {
  id: number;
  name: string;
  apiId: string;
  roleId: number;
  roleName: string;
  /** Requests a minute this credential may make, counted across every instance. */
  ratePerMinute: number;
  status: 'active' | 'expired' | 'revoked';
  createTime: string;
  rotateTime: string | null;
  /** ISO time; null: never expires. */
  expireTime: string | null;
  revokeTime: string | null;
  lastUseTime: string | null;
  /** The user who created it; requests act as this user, with the credential's role. */
  createdBy: string;
}

/** What creating or rotating answers, once: the key is shown now and never again. */
export interface IssuedApiKey {
  id: number;
  apiId: string;
  apiKey: string;
}
