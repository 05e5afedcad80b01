import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** A 6800/7800/8800 multiplatform model, its model-wide file (`$PSN.xml`) and its capability table. */
export interface CiscoModel {
  id: string;
  description: string;
  /** `$PSN.xml`, the file of the factory profile rule (`8841-3PCC.xml`). */
  commonFile: string;
  capabilities: DeclaredCapabilities;
}

/**
 * One extension per line key (README.md "Models"): `Extension_N_` binds line key N to extension N.
 * Key expansion modules are not managed by this driver yet.
 */
function model(
  number: string,
  lines: number,
  description: string,
  hardware: Partial<DeclaredCapabilities> = {},
): CiscoModel {
  return {
    id: `CP-${number}`,
    description,
    commonFile: `${number}-3PCC.xml`,
    capabilities: {
      accounts: lines,
      keyAccounts: Math.min(lines, 8),
      programKeys: lines,
      dynamicKeys: 0,
      dssKeys: 0,
      expansionModules: 0,
      keysPerModule: 0,
      wifi: false,
      bluetooth: false,
      usb: false,
      colourScreen: false,
      ...hardware,
    },
  };
}

/** README.md "Models" names the source of each figure. */
export const models: CiscoModel[] = [
  model('6821', 2, '2 lines, mono screen'),
  model('6841', 4, '4 lines, mono screen'),
  model('6851', 4, '4 lines, mono screen'),
  model('6861', 4, '4 lines, mono screen, Wi-Fi', { wifi: true }),
  model('6871', 6, '6 lines, colour screen', { colourScreen: true }),
  model('7811', 1, '1 line, mono screen'),
  model('7821', 2, '2 lines, mono screen'),
  model('7841', 4, '4 lines, mono screen'),
  model('7861', 16, '16 lines, mono screen'),
  model('8811', 10, '10 lines, greyscale screen'),
  model('8841', 10, '10 lines, colour screen', { colourScreen: true }),
  model('8851', 10, '10 lines, colour screen, Bluetooth, USB', {
    colourScreen: true,
    bluetooth: true,
    usb: true,
  }),
  model('8861', 10, '10 lines, colour screen, Wi-Fi, Bluetooth, USB', {
    colourScreen: true,
    wifi: true,
    bluetooth: true,
    usb: true,
  }),
];
