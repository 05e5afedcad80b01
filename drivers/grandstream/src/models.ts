import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** A GXP21xx/GRP261x model and its capability table (README.md "Models" names the source of each figure). */
export interface GrandstreamModel {
  id: string;
  description: string;
  capabilities: DeclaredCapabilities;
}

function capabilities(overrides: Partial<DeclaredCapabilities>): DeclaredCapabilities {
  return {
    accounts: 6,
    keyAccounts: 6,
    programKeys: 0,
    dynamicKeys: 0,
    dssKeys: 0,
    expansionModules: 0,
    keysPerModule: 0,
    wifi: false,
    bluetooth: false,
    usb: true,
    colourScreen: true,
    ...overrides,
  };
}

/**
 * `programKeys` counts the physical multi-purpose keys (MPK 1–24) this driver writes; models whose keys
 * are virtual (VPK) only declare none, because their VPK modes are not mapped (README.md).
 */
export const models: GrandstreamModel[] = [
  {
    id: 'GXP2160',
    description: '6 accounts, 24 multi-purpose keys, colour screen, Bluetooth',
    capabilities: capabilities({ programKeys: 24, bluetooth: true }),
  },
  {
    id: 'GXP2170',
    description: '6 accounts, 12 line keys (virtual keys not managed yet), colour screen, Bluetooth',
    capabilities: capabilities({ bluetooth: true }),
  },
  {
    id: 'GRP2612',
    description: '2 accounts, colour screen',
    capabilities: capabilities({ accounts: 2, keyAccounts: 2, usb: false }),
  },
  {
    id: 'GRP2614',
    description: '4 accounts, 24 multi-purpose keys, colour screens, Bluetooth',
    capabilities: capabilities({ accounts: 4, keyAccounts: 4, programKeys: 24, bluetooth: true }),
  },
  {
    id: 'GRP2615',
    description: '5 accounts, colour screen, Wi-Fi and Bluetooth',
    capabilities: capabilities({ accounts: 5, keyAccounts: 5, wifi: true, bluetooth: true }),
  },
  {
    id: 'GRP2616',
    description: '6 accounts, 24 multi-purpose keys, colour screens, Wi-Fi and Bluetooth',
    capabilities: capabilities({ programKeys: 24, wifi: true, bluetooth: true }),
  },
];
