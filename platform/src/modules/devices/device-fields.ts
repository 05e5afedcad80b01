import { type MessageKey, normaliseMac } from '@phonefleet/sdk';
import type { DriverRegistry } from '../extensions/driver-registry.js';

export const NAME_MAX = 128;
export const FIRMWARE_MAX = 128;
/** S/N rule (the spec only says "S/N must be valid"): 1-32 letters, digits or hyphens; optional. */
export const SERIAL_NUMBER = /^[A-Za-z0-9-]{1,32}$/;
/**
 * The MAC forms `normaliseMac` reads (12 hex digits; colons, dashes or dots), as one pattern the
 * request schemas and the OpenAPI document carry.
 */
export const MAC_PATTERN =
  /^(?:[0-9a-fA-F]{12}|[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){5}|[0-9a-fA-F]{2}(?:-[0-9a-fA-F]{2}){5}|[0-9a-fA-F]{4}(?:\.[0-9a-fA-F]{4}){2})$/;

export interface DeviceFieldsText {
  macAddress: string;
  serialNumber: string;
  deviceName: string;
  deviceModel: string;
  firmwareVersion: string;
}

/** A device's own fields, checked and normalised: MAC as 12 lower-case hex digits, model as the driver names it. */
export interface DeviceFields {
  mac: string;
  serialNumber: string | null;
  deviceName: string;
  model: string;
  firmware: string;
}

export type FieldsCheck =
  | { ok: true; fields: DeviceFields }
  | { ok: false; messageKey: MessageKey; field: keyof DeviceFieldsText };

/**
 * The one check of a device's fields, for the add and edit screens and every row of an import
 * (the site is checked by the caller: an id there, a name here). The first failing field wins.
 */
export function checkDeviceFields(input: DeviceFieldsText, drivers: DriverRegistry): FieldsCheck {
  const fail = (messageKey: MessageKey, field: keyof DeviceFieldsText): FieldsCheck => ({
    ok: false,
    messageKey,
    field,
  });
  const macText = input.macAddress.trim();
  if (!macText) return fail('fieldRequired', 'macAddress');
  const mac = normaliseMac(macText);
  if (!mac) return fail('invalidMac', 'macAddress');
  const serialNumber = input.serialNumber.trim();
  if (serialNumber && !SERIAL_NUMBER.test(serialNumber)) return fail('invalidSerialNumber', 'serialNumber');
  const deviceName = input.deviceName.trim();
  if (deviceName.length > NAME_MAX) return fail('nameTooLong', 'deviceName');
  const modelText = input.deviceModel.trim();
  if (!modelText) return fail('fieldRequired', 'deviceModel');
  const model = drivers.model(modelText)?.model.id;
  if (!model) return fail('unknownModel', 'deviceModel');
  const firmware = input.firmwareVersion.trim();
  if (!firmware) return fail('fieldRequired', 'firmwareVersion');
  if (firmware.length > FIRMWARE_MAX) return fail('nameTooLong', 'firmwareVersion');
  return { ok: true, fields: { mac, serialNumber: serialNumber || null, deviceName, model, firmware } };
}
