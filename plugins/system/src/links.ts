/** Screens of the system area (console spec §2 System). */
export const BACKUP = '/backup';
export const UPGRADE = '/upgrade';
export const ABOUT = '/about';
