/**
 * ISO-8601 date-times to Unix seconds, without Date.parse (whose handling of anything but the
 * exact ISO format is implementation-defined). Accepts `YYYY-MM-DD`, then optionally `T` or a
 * space, `hh:mm[:ss[.fraction]]`, and `Z`, `UTC` or `±hh[:mm]`. No zone means UTC.
 */
import type { SplitTime } from './importCommon.ts';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?$/;

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Looks like a date at all (so a bad one gets a date-specific message). */
export function looksLikeIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(text);
}

/** Unix time of an ISO-8601 string, or an error message. */
export function parseIsoTime(text: string): SplitTime | string {
  const m = ISO.exec(text);
  if (!m) return `'${text.slice(0, 40)}' is not an ISO-8601 date-time (e.g. 2024-05-01T12:00:00Z)`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (month < 1 || month > 12) return `month ${month} is out of range`;
  if (day < 1 || day > daysInMonth(year, month))
    return `day ${day} does not exist in ${m[1]}-${m[2]}`;
  if (hour > 23 || minute > 59 || second > 59)
    return `time ${m[4]}:${m[5]}:${m[6] ?? '00'} is out of range`;
  let offsetSeconds = 0;
  const zone = m[8];
  if (zone !== undefined && /^[+-]/.test(zone)) {
    const digits = zone.slice(1).replace(':', '');
    const zoneHours = Number(digits.slice(0, 2));
    const zoneMinutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (zoneHours > 23 || zoneMinutes > 59) return `time zone offset ${zone} is out of range`;
    offsetSeconds = (zone[0] === '-' ? -1 : 1) * (zoneHours * 3600 + zoneMinutes * 60);
  }
  const whole =
    daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds;
  const frac = m[7] ? Number(`0.${m[7]}`) : 0;
  return { whole, frac };
}
