import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** A D7xx model, its model-wide file (`snomD785.xml`) and its capability table. */
export interface SnomModel {
  id: string;
  description: string;
  capabilities: DeclaredCapabilities;
}

function capabilities(overrides: Partial<DeclaredCapabilities>): DeclaredCapabilities {
  return {
    accounts: 12,
    keyAccounts: 8,
    programKeys: 0,
    dynamicKeys: 0,
    dssKeys: 0,
    // D7 expansion modules are not managed by the console yet (README "What is not mapped").
    expansionModules: 0,
    keysPerModule: 0,
    wifi: false,
    bluetooth: false,
    usb: true,
    colourScreen: true,
    ...overrides,
  };
}

/** README.md "Models" names the source of each figure. */
export const models: SnomModel[] = [
  {
    id: 'D712',
    description: '4 identities, 4 function keys, mono screen',
    capabilities: capabilities({
      accounts: 4,
      keyAccounts: 4,
      programKeys: 4,
      usb: false,
      colourScreen: false,
    }),
  },
  {
    id: 'D715',
    description: '4 identities, 5 function keys, mono screen, USB',
    capabilities: capabilities({ accounts: 4, keyAccounts: 4, programKeys: 5, colourScreen: false }),
  },
  {
    id: 'D717',
    description: '6 identities, 18 self-labelling function keys (3 per page), colour screen',
    capabilities: capabilities({ accounts: 6, keyAccounts: 6, programKeys: 18 }),
  },
  {
    id: 'D735',
    description: '12 identities, 32 self-labelling function keys (8 per page), colour screen',
    capabilities: capabilities({ programKeys: 32 }),
  },
  {
    id: 'D785',
    description: '12 identities, 24 self-labelling function keys, colour screen, Bluetooth',
    capabilities: capabilities({ programKeys: 24, bluetooth: true }),
  },
];

/** The model-wide files: each D7xx asks for `snom<model>.xml` before its `<mac>.xml`. */
export const modelFiles = models.map((model) => ({ name: `snom${model.id}.xml`, models: [model.id] }));
