import { z } from 'zod';
import { CAPABILITY_COUNTS } from './capability-table.js';
import { diagnosticsDeclarationSchema } from './diagnostics-schema.js';
import {
  NO_TEXT_FORMAT,
  type ParameterDeclarations,
  parameterDeclarationsSchema,
  type TextDeclaration,
  textDeclarationSchema,
  unsupportedReason,
} from './driver-parameters.js';
import { assertSdkSatisfied, ContractError, describeIssues } from './plugin.js';
import { DEFAULT_FILE_PARAMETERS, DOWNLOAD_KINDS, type DownloadKind } from './resources.js';

/** A count of `CAPABILITY_COUNTS` (capability-table.ts), in its range. */
function count(name: keyof typeof CAPABILITY_COUNTS) {
  const { min, max } = CAPABILITY_COUNTS[name];
  return z.number().int().min(min).max(max);
}

/**
 * Everything that differs between models of a family is read from this one table: counts of
 * accounts and keys, and the hardware. What the editor offers (SubType column, text editor, short
 * web session) is not declared here: it follows from the driver's `parameters` and `text`.
 */
export const declaredCapabilitiesSchema = z.object({
  /** SIP accounts (lines), 1..20. */
  accounts: count('accounts'),
  /** Accounts that keys, forwarding, DND and dialing rules can refer to, 1..8. */
  keyAccounts: count('keyAccounts'),
  programKeys: count('programKeys'),
  dynamicKeys: count('dynamicKeys'),
  dssKeys: count('dssKeys'),
  expansionModules: count('expansionModules'),
  keysPerModule: count('keysPerModule'),
  wifi: z.boolean(),
  bluetooth: z.boolean(),
  usb: z.boolean(),
  /** Colour screen with wallpaper and screensaver. */
  colourScreen: z.boolean(),
});

/** The capabilities the catalogue builds a model's tree from: the declared table and the derived flags. */
export const modelCapabilitiesSchema = declaredCapabilitiesSchema.extend({
  /** The phone-key table has the SubType column: the driver adds `phoneKeys.SubType`. */
  keySubtype: z.boolean(),
  /** The editor offers the text editor: the driver declares a text format without `unsupported`. */
  textEditing: z.boolean(),
  /** The driver renames `settings.general.WUISessionTimeout` to `WUISessionTimeoutH2` (10..30 s). */
  shortWebSession: z.boolean(),
});

export const modelSchema = z.object({
  /** Model name as phones report it and users see it, e.g. `H2P`. */
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  description: z.string().default(''),
  capabilities: declaredCapabilitiesSchema,
  /** This model's diagnostics where they differ from the family's (`diagnostics` of the driver). */
  diagnostics: diagnosticsDeclarationSchema.optional(),
});

/** What a driver reads from a provisioning request. */
export interface DeviceIdentity {
  model: string;
  firmware: string | undefined;
  /** 12 lower-case hex digits when the User-Agent carries it. */
  mac: string | undefined;
}

/** A configuration file a driver serves; `{mac}` stands for the 12 lower-case hex digits. */
export const configFileSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_.{}-]+$/),
  contentType: z.string().min(1),
  /** The models that request this file (a model-wide common file); absent: every model. */
  models: z.array(z.string()).optional(),
  /**
   * Marks a common file "fallback only": the name (holding `{mac}`) of the driver's own file for the
   * phone that it stands in for. The phone asks that file first and this one only when that one is
   * missing (404), as Poly phones ask `000000000000.cfg` only without a `<mac>.cfg`. Absent: the
   * phone asks the common file before its own file every time (Yealink's `y000000000066.cfg`).
   */
  fallbackFor: z
    .string()
    .regex(/^[A-Za-z0-9_.-]*\{mac\}[A-Za-z0-9_.-]*$/, 'must hold {mac}')
    .optional(),
});
export type ConfigFile = z.output<typeof configFileSchema>;

/**
 * Effective configuration handed to a driver: dotted parameter paths of the standard catalogue
 * (`account.1.codec.SIPPreferredVocoder`) to values, pushed parameters only, in catalogue order.
 */
export type ConfigValues = ReadonlyMap<string, string>;

export interface RenderContext {
  model: DriverModel;
  mac: string;
  file: ConfigFile;
}

function fn<T>(name: string) {
  return z.custom<T>((value) => typeof value === 'function', { message: `${name} must be a function` });
}

export const driverManifestSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case'),
  vendor: z.string().min(1),
  /** Model group shown in the console (spec §9 "Model groups"). */
  family: z.string().min(1),
  sdk: z.string().min(1),
  models: z.array(modelSchema).min(1),
  /** Files the driver serves; the first one whose name holds `{mac}` is the device file. */
  files: z.array(configFileSchema).min(1),
  /**
   * SIP NOTIFY `Event:` values (DOMAIN.md): re-fetch, re-fetch with a reboot, and a factory reset
   * for families that accept one by NOTIFY (without it the console refuses factory reset tasks).
   */
  pushEvents: z.object({
    checkSync: z.string().min(1),
    reboot: z.string().min(1),
    factoryReset: z.string().min(1).optional(),
  }),
  /**
   * Where this family's phones read the URL of each file the console pushes (firmware image,
   * contacts, ringtone, …) as catalogue paths; kinds left out use `DEFAULT_FILE_PARAMETERS`. The
   * console puts the URL there while the push waits and tells the phone with `checkSync`.
   */
  fileParameters: z.partialRecord(z.enum(DOWNLOAD_KINDS), z.string().min(1)).optional(),
  /** Reads model, firmware and MAC from a User-Agent; undefined when the phone is not of this family. */
  identify: fn<(userAgent: string) => DeviceIdentity | undefined>('identify'),
  /** Turns values into the file's text. Pure: same input, same bytes (ETags depend on it). */
  render: fn<(values: ConfigValues, context: RenderContext) => string>('render'),
  /** Reads a file's text (or the text editor's) back into values; throws with a line-numbered message. */
  parse: fn<(text: string) => Map<string, string>>('parse'),
  /**
   * Diagnostics over SSH (docs/writing-a-driver.md#diagnostics): the commands and output parsers of
   * the family, or `{ unsupported: reason }`. Without it, the actions are shown disabled.
   */
  diagnostics: diagnosticsDeclarationSchema.optional(),
  /**
   * What the family's files carry of the catalogue (docs/writing-a-driver.md#parameters): optional
   * parameters added, standard ones renamed, ones without equivalent, and the key map.
   */
  parameters: parameterDeclarationsSchema.default({ adds: [], renames: {}, unsupported: [] }),
  /** The text format, the text editor's instructions, and whether the editor offers it. */
  text: textDeclarationSchema.optional(),
  /** User-Agents of real phones of this family, for the conformance suite and the docs. */
  sampleUserAgents: z
    .array(z.object({ userAgent: z.string(), identity: z.custom<DeviceIdentity>() }))
    .default([]),
});

export type DeclaredCapabilities = z.output<typeof declaredCapabilitiesSchema>;
export type ModelCapabilities = z.output<typeof modelCapabilitiesSchema>;
/** A model as the platform holds it: its capabilities completed with the flags its driver implies. */
export type DriverModel = Omit<z.output<typeof modelSchema>, 'capabilities'> & {
  capabilities: ModelCapabilities;
};
export type DriverManifest = Omit<z.output<typeof driverManifestSchema>, 'models'> & {
  models: DriverModel[];
};
export type DriverManifestInput = z.input<typeof driverManifestSchema>;

/** The editor flags a driver's declarations imply for each of its models. */
export function derivedCapabilities(
  declared: DeclaredCapabilities,
  parameters: ParameterDeclarations,
  text: TextDeclaration | undefined,
): ModelCapabilities {
  return {
    ...declared,
    keySubtype: parameters.adds.includes('phoneKeys.SubType'),
    textEditing: text !== undefined && text.unsupported === undefined,
    shortWebSession:
      parameters.renames['settings.general.WUISessionTimeout'] === 'settings.general.WUISessionTimeoutH2',
  };
}

/** Why the text editor is not offered for a driver's models, or undefined when it is. */
export function textEditingRefusal(driver: Pick<DriverManifest, 'text'>) {
  if (!driver.text) return NO_TEXT_FORMAT;
  return driver.text.unsupported;
}

/** Identity function for precise inference; the platform validates the result at load. */
export function defineDriver<const D extends DriverManifestInput>(driver: D): D {
  return driver;
}

/** Validates a driver, naming the package and the first problem on failure. */
export function parseDriver(packageName: string, value: unknown): DriverManifest {
  assertSdkSatisfied(packageName, value);
  const parsed = driverManifestSchema.safeParse(value);
  if (!parsed.success) throw new ContractError(packageName, describeIssues(parsed.error));
  const driver: DriverManifest = {
    ...parsed.data,
    models: parsed.data.models.map((model) => ({
      ...model,
      capabilities: derivedCapabilities(model.capabilities, parsed.data.parameters, parsed.data.text),
    })),
  };
  const seen = new Set<string>();
  for (const model of driver.models) {
    const key = model.id.toUpperCase();
    if (seen.has(key)) throw new ContractError(packageName, `model ${model.id} is listed twice`);
    seen.add(key);
  }
  if (!driver.files.some((file) => file.name.includes('{mac}'))) {
    throw new ContractError(packageName, 'files must include a device file whose name holds {mac}');
  }
  for (const [index, file] of driver.files.entries()) {
    if (file.fallbackFor === undefined) continue;
    if (file.name.includes('{mac}')) {
      throw new ContractError(packageName, `files.${index}: a file holding {mac} cannot be a fallback`);
    }
    if (!driver.files.some((own) => own.name === file.fallbackFor)) {
      throw new ContractError(
        packageName,
        `files.${index}.fallbackFor: ${file.fallbackFor} is not a file this driver declares`,
      );
    }
  }
  return driver;
}

/** The file a request path names, and the MAC in it for device files. */
export function matchConfigFile(
  driver: Pick<DriverManifest, 'files'>,
  fileName: string,
): { file: ConfigFile; mac: string | undefined } | undefined {
  for (const file of driver.files) {
    const [before, after] = file.name.split('{mac}');
    if (after === undefined) {
      if (fileName === file.name) return { file, mac: undefined };
      continue;
    }
    if (
      fileName.length === (before ?? '').length + 12 + after.length &&
      fileName.startsWith(before ?? '') &&
      fileName.endsWith(after)
    ) {
      const mac = fileName.slice((before ?? '').length, (before ?? '').length + 12).toLowerCase();
      if (/^[0-9a-f]{12}$/.test(mac)) return { file, mac };
    }
  }
  return undefined;
}

/** The catalogue path where a driver's phones read the URL of a kind of file. */
export function fileParameter(driver: Pick<DriverManifest, 'fileParameters'>, kind: DownloadKind): string {
  return driver.fileParameters?.[kind] ?? DEFAULT_FILE_PARAMETERS[kind];
}

/**
 * Renders a device's values with its driver, leaving out the parameters the driver declares
 * unsupported (they never reach those phones; the editor says so). Every render goes through here.
 */
export function renderConfig(driver: DriverManifest, values: ConfigValues, context: RenderContext): string {
  const { unsupported } = driver.parameters;
  if (unsupported.length === 0) return driver.render(values, context);
  const kept = new Map<string, string>();
  for (const [path, value] of values) if (!unsupportedReason(driver.parameters, path)) kept.set(path, value);
  return driver.render(kept, context);
}

/**
 * The driver whose text format site, group and global layers are edited in. A layer is not one
 * vendor's file: it must carry every catalogue path, so only drivers whose files use catalogue paths
 * as keys and lack nothing qualify (no `parameters.map`, nothing `unsupported`, text editing
 * offered); among them, the first by driver id, so the choice never depends on load order.
 */
export function shareTextDriver(drivers: readonly DriverManifest[]): DriverManifest | undefined {
  return drivers
    .filter(
      (driver) =>
        !textEditingRefusal(driver) && !driver.parameters.map && driver.parameters.unsupported.length === 0,
    )
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
}

/**
 * The driver a User-Agent belongs to when several claim it (docs/writing-a-driver.md#files-and-identification):
 * a driver that declares the model it read beats one that does not; then a driver whose vendor name
 * is a word of the User-Agent; then the first by driver id. Load order never decides.
 */
export function identifyPhone(
  drivers: readonly DriverManifest[],
  userAgent: string,
): { driver: DriverManifest; identity: DeviceIdentity } | undefined {
  type Claim = { driver: DriverManifest; identity: DeviceIdentity };
  const claims = drivers
    .map((driver) => ({ driver, identity: driver.identify(userAgent) }))
    .filter((entry): entry is Claim => entry.identity !== undefined);
  if (claims.length <= 1) return claims[0];
  const agent = userAgent.toLowerCase();
  const ranked = claims.map((entry) => {
    const model = entry.identity.model.toUpperCase();
    const known = entry.driver.models.some((m) => m.id.toUpperCase() === model) ? 0 : 1;
    const vendor = new RegExp(
      `\\b${entry.driver.vendor.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`,
    );
    return { ...entry, rank: [known, vendor.test(agent) ? 0 : 1] as const };
  });
  ranked.sort(
    (a, b) =>
      a.rank[0] - b.rank[0] ||
      a.rank[1] - b.rank[1] ||
      (a.driver.id < b.driver.id ? -1 : a.driver.id > b.driver.id ? 1 : 0),
  );
  const best = ranked[0];
  return best ? { driver: best.driver, identity: best.identity } : undefined;
}
