/**
 * Other resources (spec §3 "Resource file", §5 "Resource types"): files pushed to phones. Each type
 * has the spec's extensions and size limit (OpenVPN: shown as 10MB, enforced at 5242880 bytes, as
 * the spec says), and is pushed as its own task type, 7 + the resource type (spec §9: 8–13).
 */
export const ResourceType = {
  contacts: 1,
  ringtone: 2,
  wallpaper: 3,
  clientCertificate: 4,
  trustedCertificate: 5,
  openVpn: 6,
} as const;
export type ResourceType = (typeof ResourceType)[keyof typeof ResourceType];
export type ResourceKind = keyof typeof ResourceType;

export interface ResourceRule {
  kind: ResourceKind;
  /** Lower-case, with the dot. */
  extensions: readonly string[];
  /** What the server enforces. */
  maxBytes: number;
  /** What the upload tip says (the spec's words). */
  shownLimit: string;
}

const KB = 1024;
const MB = 1024 * 1024;

export const RESOURCE_RULES: Readonly<Record<ResourceType, ResourceRule>> = {
  1: { kind: 'contacts', extensions: ['.xml', '.csv'], maxBytes: 5 * MB, shownLimit: '5MB' },
  2: { kind: 'ringtone', extensions: ['.wav'], maxBytes: 200 * KB, shownLimit: '200KB' },
  3: {
    kind: 'wallpaper',
    extensions: ['.png', '.jpg', '.jpeg', '.bmp'],
    maxBytes: 1 * MB,
    shownLimit: '1MB',
  },
  4: { kind: 'clientCertificate', extensions: ['.pem'], maxBytes: 5 * MB, shownLimit: '5MB' },
  5: {
    kind: 'trustedCertificate',
    extensions: ['.pem', '.cer', '.der', '.crt'],
    maxBytes: 5 * MB,
    shownLimit: '5MB',
  },
  6: { kind: 'openVpn', extensions: ['.tar'], maxBytes: 5_242_880, shownLimit: '10MB' },
};

export const RESOURCE_TYPES = Object.keys(RESOURCE_RULES).map(Number) as ResourceType[];

/** Every extension some resource type takes (the upload route's first check; the type's comes after). */
export const RESOURCE_EXTENSIONS: readonly string[] = [
  ...new Set(RESOURCE_TYPES.flatMap((type) => RESOURCE_RULES[type].extensions)),
];
export const RESOURCE_MAX_BYTES = Math.max(...RESOURCE_TYPES.map((type) => RESOURCE_RULES[type].maxBytes));

export function isResourceType(value: number): value is ResourceType {
  return Object.hasOwn(RESOURCE_RULES, value);
}

/** The task type that pushes a resource type (8–13), and back. */
export function resourcePushTaskType(type: ResourceType): number {
  return 7 + type;
}
export function resourceTypeOfTask(taskType: number): ResourceType | undefined {
  const type = taskType - 7;
  return isResourceType(type) ? type : undefined;
}

/** What a phone downloads besides its configuration: a firmware image or a resource of a type. */
export const DOWNLOAD_KINDS = [
  'firmware',
  'contacts',
  'ringtone',
  'wallpaper',
  'clientCertificate',
  'trustedCertificate',
  'openVpn',
] as const satisfies readonly ('firmware' | ResourceKind)[];
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/**
 * Where a phone is told to download each kind of file: the catalogue parameter (dotted path) that
 * carries the file's URL in its configuration. A driver may name others (`fileParameters`).
 */
export const DEFAULT_FILE_PARAMETERS: Readonly<Record<DownloadKind, string>> = {
  firmware: 'maintenance.binaryUpdate.FirmwareUrl',
  contacts: 'directoryHistory.localDirectory.LocalDirectoryUrl',
  ringtone: 'settings.ringing.RingtoneUrl',
  wallpaper: 'settings.screen.WallpaperUrl',
  clientCertificate: 'maintenance.certificateManagement.ClientCertificateUrl',
  trustedCertificate: 'maintenance.certificateManagement.TrustedCertificateUrl',
  openVpn: 'network.openVpn.OpenVpnConfigUrl',
};

/** The kind of file a task type downloads: 3 firmware, 8–13 a resource; undefined for the others. */
export function downloadKindOfTask(taskType: number): DownloadKind | undefined {
  if (taskType === 3) return 'firmware';
  const type = resourceTypeOfTask(taskType);
  return type === undefined ? undefined : RESOURCE_RULES[type].kind;
}
