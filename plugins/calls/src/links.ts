/** The call statistics page's route and power (spec §2 /callStatistics). */
export const PAGE_PATH = '/callStatistics';
export const POWER = 'callStatistics';
