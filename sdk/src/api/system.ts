/** `GET /system/about` (spec §2 /about): what this console is and what it drives. */
export interface AboutInfo {
  productName: string;
  /** The console's version (its package.json). */
  version: string;
  /** Every loaded driver, with the models it supports and the firmware the console offers for them. */
  drivers: AboutDriver[];
  /** The newest entries of the console's CHANGELOG.md, newest first. */
  releases: ReleaseNotes[];
}

export interface AboutDriver {
  id: string;
  vendor: string;
  family: string;
  models: AboutModel[];
}

export interface AboutModel {
  id: string;
  description: string;
  /** The official firmware versions for this model (the platform's firmware list), newest first. */
  firmware: string[];
}

export interface ReleaseNotes {
  version: string;
  /** `YYYY-MM-DD`, or '' when the heading gives none. */
  date: string;
  notes: string[];
}
