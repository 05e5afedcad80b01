import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** An X-series model, its model-wide file and its capability table (README.md "Models"). */
export interface FanvilModel {
  id: string;
  description: string;
  /** The common file the model requests before its `<mac>.cfg`. */
  commonFile: string;
  capabilities: DeclaredCapabilities;
}

function capabilities(overrides: Partial<DeclaredCapabilities>): DeclaredCapabilities {
  return {
    accounts: 6,
    keyAccounts: 6,
    programKeys: 6,
    dynamicKeys: 0,
    dssKeys: 0,
    expansionModules: 0,
    keysPerModule: 0,
    wifi: false,
    bluetooth: false,
    usb: false,
    colourScreen: true,
    ...overrides,
  };
}

/** `f0<model>hw1.100.cfg` is Fanvil's common-file pattern; X210 asks for `F0V00X200000.cfg`. */
const common = (model: string) => `f0${model}hw1.100.cfg`;

export const models: FanvilModel[] = [
  {
    id: 'X3U',
    description: '6 accounts, 6 DSS keys, colour screen',
    commonFile: common('X3U'),
    capabilities: capabilities({}),
  },
  {
    id: 'X4U',
    description: '12 accounts, 30 DSS keys, colour screen',
    commonFile: common('X4U'),
    capabilities: capabilities({ accounts: 12, keyAccounts: 8, programKeys: 30, usb: true }),
  },
  {
    id: 'X5U',
    description: '16 accounts, 32 DSS keys, colour screen',
    commonFile: common('X5U'),
    capabilities: capabilities({ accounts: 16, keyAccounts: 8, programKeys: 32, usb: true }),
  },
  {
    id: 'X6U',
    description: '20 accounts, 36 DSS keys, colour screen, expansion modules',
    commonFile: common('X6U'),
    capabilities: capabilities({
      accounts: 20,
      keyAccounts: 8,
      programKeys: 36,
      expansionModules: 3,
      keysPerModule: 20,
      usb: true,
    }),
  },
  {
    id: 'X7',
    description: '20 accounts, 36 DSS keys, colour touch screen, Wi-Fi and Bluetooth',
    commonFile: common('X7'),
    capabilities: capabilities({
      accounts: 20,
      keyAccounts: 8,
      programKeys: 36,
      usb: true,
      wifi: true,
      bluetooth: true,
    }),
  },
  {
    id: 'X210',
    description: '20 accounts, 36 DSS keys, three colour screens, expansion modules',
    commonFile: 'F0V00X200000.cfg',
    capabilities: capabilities({
      accounts: 20,
      keyAccounts: 8,
      programKeys: 36,
      expansionModules: 3,
      keysPerModule: 20,
      usb: true,
    }),
  },
  {
    id: 'X301',
    description: '2 accounts, mono screen',
    commonFile: common('X301'),
    capabilities: capabilities({ accounts: 2, keyAccounts: 2, programKeys: 0, colourScreen: false }),
  },
  {
    id: 'X303',
    description: '4 accounts, 4 DSS keys, colour screen',
    commonFile: common('X303'),
    capabilities: capabilities({ accounts: 4, keyAccounts: 4, programKeys: 4 }),
  },
];
