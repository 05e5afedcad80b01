/** The spec's state numbers (§4), named once for the platform's SQL and the plugins' labels. */

export const DeviceStatus = { offline: 0, online: 1, abnormal: 2 } as const;

/** A device's own SIP line: whether its bound account is registered. */
export const DeviceAccountStatus = { none: 0, normal: 1, abnormal: 2 } as const;

/** A SIP account's registration, counted on the home page. */
export const AccountStatus = { unassigned: 0, registered: 1, unregistered: 2 } as const;

export const CallQuality = { good: 0, fair: 1, poor: 2 } as const;
export type CallQuality = (typeof CallQuality)[keyof typeof CallQuality];

/**
 * Task types (spec §9: 1 reboot … 7 global configuration, 8–13 resource pushes) and ours: 14, the
 * configuration of listed devices (a device's Save and update, MAC file pushes), which the spec's
 * types do not name (docs/tasks.md "Task types").
 */
export const TaskType = {
  reboot: 1,
  factoryReset: 2,
  firmwareUpgrade: 3,
  modelConfig: 4,
  groupConfig: 5,
  siteConfig: 6,
  globalConfig: 7,
  contactsPush: 8,
  ringtonePush: 9,
  wallpaperPush: 10,
  clientCertificatePush: 11,
  trustedCertificatePush: 12,
  openVpnPush: 13,
  deviceConfig: 14,
} as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];

/** The highest task type number the console knows. */
export const LAST_TASK_TYPE = TaskType.deviceConfig;
