// Numbers, durations and dates as the chosen language writes them. Units come
// from the locale files (common.units), so they are translated too. The
// renderer (useFormat) and main's reports word figures with the same code.

import { msDecimals } from '../duration';

/** The part of i18next's `t` this needs: a translation by key. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface Formatters {
  /** Milliseconds: whole from 100 up (sub-ms digits there are noise), one decimal below. */
  ms(value: number | null | undefined): string;
  /** Milliseconds without the unit (a column's header gives it), rounded as `ms`. */
  msValue(value: number | null | undefined): string;
  /** Tokens per second, one decimal. */
  tps(value: number | null | undefined): string;
  /** A count, or a median of counts (then it may end in .5). */
  count(value: number | null | undefined): string;
  /** A plain number with the given decimals. */
  number(value: number | null | undefined, decimals?: number): string;
  percent(ratio: number | null | undefined): string;
  /** An ISO instant as a local date and time. */
  dateTime(iso: string): string;
}

/** What an absent figure reads as: a dash, not a zero. */
export const MISSING = '–';

// One formatter per language and number of decimals: building an
// Intl.NumberFormat costs far more than using one, and a live run formats
// hundreds of figures a second.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}\u0000${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // A value that rounds to zero reads 0, whatever its sign ("-0.0" is float noise).
      signDisplay: 'negative',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A figure in milliseconds as `locale` writes it, without its unit: rounded once (msDecimals). */
export function msNumber(locale: string, value: number): string {
  return numberFormat(locale, msDecimals(value)).format(value);
}

/** Every figure's wording in `locale`, with the units `t` gives. */
export function makeFormatters(t: Translate, locale: string): Formatters {
  const fixed = (value: number, decimals: number): string =>
    numberFormat(locale, decimals).format(value);
  const present = (value: number | null | undefined): value is number =>
    value !== null && value !== undefined && Number.isFinite(value);
  return {
    ms: (value) => {
      if (!present(value)) return MISSING;
      return t('common.units.ms', { value: msNumber(locale, value) });
    },
    msValue: (value) => (present(value) ? msNumber(locale, value) : MISSING),
    tps: (value) => (present(value) ? t('common.units.tps', { value: fixed(value, 1) }) : MISSING),
    count: (value) => (present(value) ? fixed(value, Number.isInteger(value) ? 0 : 1) : MISSING),
    number: (value, decimals = 2) => (present(value) ? fixed(value, decimals) : MISSING),
    percent: (ratio) =>
      present(ratio) ? t('common.units.percent', { value: fixed(ratio * 100, 0) }) : MISSING,
    dateTime: (iso) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
  };
}
