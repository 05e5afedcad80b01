import type { OrganisationArea } from './api.js';

/** The screens of the two areas (console spec §2); sendEmail for channels mirrors the enterprises'. */
export const LIST_PATH: Record<OrganisationArea, string> = {
  channel: '/channelManagement',
  enterprise: '/enterpriseManagement',
};

export const ADD_PATH: Record<OrganisationArea, string> = {
  channel: '/channelManagement/addChannel',
  enterprise: '/enterpriseManagement/addEnterprise',
};

export function editPath(area: OrganisationArea, id: number): string {
  return `${LIST_PATH[area]}/${area === 'channel' ? 'editChannel' : 'editEnterprise'}?id=${id}`;
}

/** The notification form for these organisations (their ids stay in the address: a reload keeps them). */
export function sendEmailPath(area: OrganisationArea, ids: readonly number[]): string {
  return `${LIST_PATH[area]}/sendEmail?ids=${ids.join(',')}`;
}

/** `?ids=3,4` → [3, 4]; anything that is not a positive whole number is dropped. */
export function idsOf(value: string | null): number[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    ),
  ];
}
