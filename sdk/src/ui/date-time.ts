const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * A moment as the console shows it (spec §9): `YYYY/MM/DD HH:mm` in the user's zone offset
 * (`+08:00`). Empty, unreadable values give '' (the table then shows its placeholder).
 */
export function formatDateTime(value: string | number | Date | null | undefined, zoneOffset: string): string {
  if (value === null || value === undefined || value === '') return '';
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const match = OFFSET.exec(zoneOffset);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const local = new Date(time + minutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}/${two(local.getUTCMonth() + 1)}/${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}
