/** The two lists: the caller's customer firmware and the official one (spec §2). */
export type FirmwareList = 'customer' | 'official';

export const LIST_PATH: Record<FirmwareList, string> = {
  customer: '/firmware',
  official: '/adminFirmware',
};

/** The power of each list's menu entry (its buttons decide Upload, Edit, Delete). */
export const LIST_POWER: Record<FirmwareList, string> = {
  customer: 'firmware',
  official: 'adminFirmware',
};

export const uploadPath = (list: FirmwareList) => `${LIST_PATH[list]}/uploadFirmware`;
export const editPath = (list: FirmwareList, id: number) => `${LIST_PATH[list]}/editFirmware?id=${id}`;
