/** The spec's state numbers (§4), named once for the platform's SQL and the plugins' labels. */

export const DeviceStatus = { offline: 0, online: 1, abnormal: 2 } as const;

/** A device's own SIP line: whether its bound account is registered. */
export const DeviceAccountStatus = { none: 0, normal: 1, abnormal: 2 } as const;

/** A SIP account's registration, counted on the home page. */
export const AccountStatus = { unassigned: 0, registered: 1, unregistered: 2 } as const;

export const CallQuality = { good: 0, fair: 1, poor: 2 } as const;
export type CallQuality = (typeof CallQuality)[keyof typeof CallQuality];
