import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** A T4x/T5x model, its common file's number (`y000000000066.cfg`) and its capability table. */
export interface YealinkModel {
  id: string;
  description: string;
  commonFile: string;
  capabilities: DeclaredCapabilities;
}

function capabilities(overrides: Partial<DeclaredCapabilities>): DeclaredCapabilities {
  return {
    accounts: 16,
    keyAccounts: 8,
    programKeys: 27,
    dynamicKeys: 4,
    dssKeys: 0,
    expansionModules: 3,
    keysPerModule: 60,
    wifi: false,
    bluetooth: false,
    usb: true,
    colourScreen: true,
    ...overrides,
  };
}

const mono = { colourScreen: false, expansionModules: 0, keysPerModule: 0 };

/** README.md "Models" names the source of each figure. */
export const models: YealinkModel[] = [
  {
    id: 'T41S',
    description: '6 accounts, 15 line-key features, mono screen',
    commonFile: '068',
    capabilities: capabilities({ accounts: 6, keyAccounts: 6, programKeys: 15, ...mono }),
  },
  {
    id: 'T42S',
    description: '12 accounts, 15 line-key features, mono screen',
    commonFile: '067',
    capabilities: capabilities({ accounts: 12, programKeys: 15, ...mono }),
  },
  {
    id: 'T46S',
    description: '16 accounts, 27 line-key features, colour screen',
    commonFile: '066',
    capabilities: capabilities({}),
  },
  {
    id: 'T48S',
    description: '16 accounts, 29 line-key features, colour touch screen',
    commonFile: '065',
    capabilities: capabilities({ programKeys: 29 }),
  },
  {
    id: 'T53',
    description: '12 accounts, 21 line-key features',
    commonFile: '095',
    capabilities: capabilities({ accounts: 12, programKeys: 21, colourScreen: false }),
  },
  {
    id: 'T53W',
    description: '12 accounts, 21 line-key features, Wi-Fi and Bluetooth',
    commonFile: '095',
    capabilities: capabilities({
      accounts: 12,
      programKeys: 21,
      colourScreen: false,
      wifi: true,
      bluetooth: true,
    }),
  },
  {
    id: 'T54W',
    description: '16 accounts, 27 line-key features, colour screen, Wi-Fi and Bluetooth',
    commonFile: '096',
    capabilities: capabilities({ wifi: true, bluetooth: true }),
  },
  {
    id: 'T57W',
    description: '16 accounts, 29 line-key features, colour touch screen, Wi-Fi and Bluetooth',
    commonFile: '097',
    capabilities: capabilities({ programKeys: 29, wifi: true, bluetooth: true }),
  },
  {
    id: 'T46U',
    description: '16 accounts, 27 line-key features, colour screen, two USB ports',
    commonFile: '108',
    capabilities: capabilities({}),
  },
  {
    id: 'T48U',
    description: '16 accounts, 29 line-key features, colour touch screen, two USB ports',
    commonFile: '109',
    capabilities: capabilities({ programKeys: 29 }),
  },
];

/** The common files, one per number: T53 and T53W share `y000000000095.cfg`. */
export const commonFiles = [...new Set(models.map((model) => model.commonFile))].map((number) => ({
  name: `y000000000${number}.cfg`,
  models: models.filter((model) => model.commonFile === number).map((model) => model.id),
}));
