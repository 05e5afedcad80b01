/** What the resource APIs answer (docs/resources.md). Lists answer `rows[0] = { list, total }`. */

/** A resource row and `GET /tb-resource/query`. */
export interface ResourceRow {
  id: number;
  /** The resource's name (spec §5 "file name", required, ≤ 128). */
  name: string;
  description: string;
  /** 1 local contacts … 6 OpenVPN configuration (the sdk's `ResourceType`). */
  type: number;
  siteId: number;
  siteName: string;
  /** The uploaded file's name, size in bytes and SHA-256 (hex). */
  fileName: string;
  size: number;
  sha256: string;
  createTime: string;
}
