import { z } from 'zod';
import { diagnosticsDeclarationSchema } from './diagnostics-schema.js';
import { assertSdkSatisfied, ContractError, describeIssues } from './plugin.js';
import { DEFAULT_FILE_PARAMETERS, DOWNLOAD_KINDS, type DownloadKind } from './resources.js';

/**
 * Everything that differs between models of a family is read from this one table:
 * counts of accounts and keys, and which editor features the model supports.
 */
export const modelCapabilitiesSchema = z.object({
  /** SIP accounts (lines), 1..20. */
  accounts: z.number().int().min(1).max(20),
  /** Accounts that keys, forwarding, DND and dialing rules can refer to, 1..8. */
  keyAccounts: z.number().int().min(1).max(8),
  programKeys: z.number().int().min(0).max(36),
  dynamicKeys: z.number().int().min(0).max(4),
  dssKeys: z.number().int().min(0).max(2),
  expansionModules: z.number().int().min(0).max(3),
  keysPerModule: z.number().int().min(0).max(60),
  /** Phone-key table shows the SubType column (H2/H2P). */
  keySubtype: z.boolean(),
  /** The parameter editor offers the text editor for this model. */
  textEditing: z.boolean(),
  /** Web session timeout uses WUISessionTimeoutH2 (10..30) instead of WUISessionTimeout. */
  shortWebSession: z.boolean(),
  wifi: z.boolean(),
  bluetooth: z.boolean(),
  usb: z.boolean(),
  /** Colour screen with wallpaper and screensaver. */
  colourScreen: z.boolean(),
});

export const modelSchema = z.object({
  /** Model name as phones report it and users see it, e.g. `H2P`. */
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  description: z.string().default(''),
  capabilities: modelCapabilitiesSchema,
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
  fileParameters: z.record(z.enum(DOWNLOAD_KINDS), z.string().min(1)).optional(),
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
  /** User-Agents of real phones of this family, for the conformance suite and the docs. */
  sampleUserAgents: z
    .array(z.object({ userAgent: z.string(), identity: z.custom<DeviceIdentity>() }))
    .default([]),
});

export type ModelCapabilities = z.output<typeof modelCapabilitiesSchema>;
export type DriverModel = z.output<typeof modelSchema>;
export type DriverManifest = z.output<typeof driverManifestSchema>;
export type DriverManifestInput = z.input<typeof driverManifestSchema>;

/** Identity function for precise inference; the platform validates the result at load. */
export function defineDriver<const D extends DriverManifestInput>(driver: D): D {
  return driver;
}

/** Validates a driver, naming the package and the first problem on failure. */
export function parseDriver(packageName: string, value: unknown): DriverManifest {
  assertSdkSatisfied(packageName, value);
  const parsed = driverManifestSchema.safeParse(value);
  if (!parsed.success) throw new ContractError(packageName, describeIssues(parsed.error));
  const driver = parsed.data;
  const seen = new Set<string>();
  for (const model of driver.models) {
    const key = model.id.toUpperCase();
    if (seen.has(key)) throw new ContractError(packageName, `model ${model.id} is listed twice`);
    seen.add(key);
  }
  if (!driver.files.some((file) => file.name.includes('{mac}'))) {
    throw new ContractError(packageName, 'files must include a device file whose name holds {mac}');
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
