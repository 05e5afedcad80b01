import { z } from 'zod';
import type { ParameterMap } from './parameter-map.js';

/** A text a driver shows users, in both console languages. */
export const driverTextSchema = z.object({ en: z.string().min(1), 'zh-CN': z.string().min(1) });
export type DriverText = z.output<typeof driverTextSchema>;

/** A driver text from its English and Simplified Chinese wording. */
export function driverText(en: string, zh: string): DriverText {
  return { en, 'zh-CN': zh };
}

/** How a vendor's phones and driver are named in the reasons every vendor driver gives. */
export interface VendorNames {
  /** The phones, as in "<phones> have no equivalent setting" (`Snom D7xx phones`, `Snom D7xx 话机`). */
  phones: DriverText;
  /** The driver, as in "Not mapped by the <driver> driver yet" (`Snom`, `Cisco MPP`). */
  driver: string;
  /** The brand, as in "<brand> writes this …" and "does not reach <brand> phones" (`Snom`). */
  brand: string;
  /** What one vendor setting is called in "in one <unit>" (`value`/`值`, `key`/`配置项`). */
  unit: DriverText;
}

/**
 * The reasons every vendor driver gives in the same words: the phones have no such setting, the
 * vendor writes it inside a value holding other settings too, or the driver does not map it yet.
 */
export function vendorReasons({ phones, driver, brand, unit }: VendorNames) {
  return {
    noKey: driverText(`${phones.en} have no equivalent setting`, `${phones['zh-CN']}没有对应的设置`),
    combined: driverText(
      `${brand} writes this together with other settings in one ${unit.en}; not mapped by this driver`,
      `${brand} 将此项与其他设置合并为一个${unit['zh-CN']}，本驱动未映射`,
    ),
    notMapped: driverText(
      `Not mapped by the ${driver} driver yet: this setting does not reach ${brand} phones`,
      `${driver} 驱动尚未映射此参数：它不会下发到 ${brand} 话机`,
    ),
  };
}

/**
 * Catalogue parameters no model has unless its driver adds them: the phone-key SubType column and
 * the short web-session timeout (10..30 s) that replaces the standard one where a driver renames it.
 */
export const OPTIONAL_PARAMETERS = ['phoneKeys.SubType', 'settings.general.WUISessionTimeoutH2'] as const;
export type OptionalParameter = (typeof OPTIONAL_PARAMETERS)[number];

/** Standard parameters a driver may replace by an optional one (`renames`), with their replacements. */
export const RENAMEABLE_PARAMETERS = {
  'settings.general.WUISessionTimeout': ['settings.general.WUISessionTimeoutH2'],
} as const satisfies Record<string, readonly OptionalParameter[]>;
type Renameable = keyof typeof RENAMEABLE_PARAMETERS;

/**
 * A catalogue path pattern: dotted segments where `*` stands for any one segment
 * (`account.*.advanced.SIPSlaEnable`); a pattern with fewer segments covers everything below it
 * (`network.xvpn`).
 */
const pathPattern = z
  .string()
  .regex(/^(?:\*|[A-Za-z0-9_]+)(?:\.(?:\*|[A-Za-z0-9_]+))*$/, 'must be a dotted path');

/** Whether a catalogue path falls under a pattern of `unsupported`. */
export function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('.');
  const have = path.split('.');
  if (want.length > have.length) return false;
  return want.every((segment, index) => segment === '*' || segment === have[index]);
}

/**
 * What a family's files carry of the standard catalogue (docs/writing-a-driver.md#parameters):
 * the optional parameters it adds, the standard ones it renames to an optional variant, the ones it
 * has no equivalent for (shown disabled with the reason, never sent to its phones), and the map from
 * catalogue paths to its own keys (absent: its files use the catalogue paths as keys).
 */
export const parameterDeclarationsSchema = z.object({
  adds: z.array(z.enum(OPTIONAL_PARAMETERS)).default([]),
  renames: z
    .record(z.string(), z.string())
    .default({})
    .superRefine((renames, ctx) => {
      for (const [from, to] of Object.entries(renames)) {
        const allowed = RENAMEABLE_PARAMETERS[from as Renameable] as readonly string[] | undefined;
        if (!allowed?.includes(to))
          ctx.addIssue({ code: 'custom', message: `cannot rename ${from} to ${to}` });
      }
    }),
  unsupported: z.array(z.object({ path: pathPattern, reason: driverTextSchema })).default([]),
  map: z
    .custom<ParameterMap>(
      (value) => typeof value === 'object' && value !== null && 'entries' in value && 'toVendor' in value,
      { message: 'map must come from mapParameters()' },
    )
    .optional(),
});
export type ParameterDeclarations = z.output<typeof parameterDeclarationsSchema>;
/** One entry of a driver's `unsupported` list: a path pattern and the reason users see. */
export type UnsupportedParameter = ParameterDeclarations['unsupported'][number];

/**
 * The driver's text format: a short name, the text editor's instructions, and, when the console
 * must not offer text editing for the family, the reason shown instead.
 */
export const textDeclarationSchema = z.object({
  format: z.string().min(1),
  instructions: driverTextSchema,
  unsupported: driverTextSchema.optional(),
  /**
   * The format has no escapes: values are single lines without control characters or white space
   * at their edges (render refuses others). The conformance round trip draws such values then.
   */
  plainValues: z.boolean().optional(),
});
export type TextDeclaration = z.output<typeof textDeclarationSchema>;

export const NO_TEXT_FORMAT: DriverText = {
  en: 'The driver of this model declares no text format',
  'zh-CN': '该型号的驱动未声明文本格式',
};

/**
 * The reason a path is unsupported by a driver, or undefined when its phones take it. A path the
 * driver's map covers is supported even under an `unsupported` pattern (a tab declared unsupported
 * with a few parameters mapped).
 */
export function unsupportedReason(
  declarations: Pick<ParameterDeclarations, 'unsupported' | 'map'> | undefined,
  path: string,
): DriverText | undefined {
  if (!declarations || declarations.unsupported.length === 0) return undefined;
  let known = reasonsByDeclarations.get(declarations);
  if (!known) {
    known = new Map();
    reasonsByDeclarations.set(declarations, known);
  }
  const cached = known.get(path);
  if (cached !== undefined) return cached ?? undefined;
  const reason = declarations.map?.entryFor(path)
    ? undefined
    : declarations.unsupported.find((entry) => pathMatches(entry.path, path))?.reason;
  if (known.size >= REASON_CACHE_LIMIT) known.clear();
  known.set(path, reason ?? null);
  return reason;
}

/**
 * Each driver's answer per path, asked for every value of every file it renders: matching a path
 * against some fifty patterns cost a vendor driver's fetch several times an H2 render (the mixed
 * fleet's provisioning bench). Paths are the catalogue's, a finite set; `null` is "supported".
 */
const reasonsByDeclarations = new WeakMap<object, Map<string, DriverText | null>>();
const REASON_CACHE_LIMIT = 20_000;
