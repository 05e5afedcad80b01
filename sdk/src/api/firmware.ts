/** What the firmware APIs answer (docs/firmware.md). Lists answer `rows[0] = { list, total }`. */

/** A firmware row and `GET /tb-firmware/selectFrimwareById`. */
export interface FirmwareRow {
  id: number;
  firmwareName: string;
  /** Four dotted numbers (spec §5). */
  firmwareVersion: string;
  /** Models it is for. */
  supportModel: string[];
  description: string;
  /** The image's file name, size in bytes and SHA-256 (hex). */
  fileName: string;
  size: number;
  sha256: string;
  /** Official (the platform's, for everyone) or a customer firmware of `orgName`. */
  official: boolean;
  orgName: string;
  createTime: string;
}

/** A model a firmware can be for (`GET /tb-firmware/selectFiltList`). */
export interface FirmwareModelOption {
  model: string;
  family: string;
}
