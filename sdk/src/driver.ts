import { z } from 'zod';
import { assertSdkSatisfied, ContractError, describeIssues } from './plugin.js';

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
});

export const driverManifestSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case'),
  vendor: z.string().min(1),
  /** Model group shown in the console (spec §9 "Model groups"). */
  family: z.string().min(1),
  sdk: z.string().min(1),
  models: z.array(modelSchema).min(1),
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
  return driver;
}
