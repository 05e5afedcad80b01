import type { DeclaredCapabilities } from '@phonefleet/sdk';

/** A model as the phone names itself (`VVX_450`, `Edge_E450`) and its capability table. */
export interface PolyModel {
  id: string;
  description: string;
  capabilities: DeclaredCapabilities;
}

/**
 * A VVX has as many line keys as lines; program key n is its n-th BLF entry, which the phone shows on
 * the line keys its registrations leave free. Expansion modules are not managed (README "What is not mapped").
 */
function capabilities(lines: number, overrides: Partial<DeclaredCapabilities> = {}): DeclaredCapabilities {
  return {
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
    colourScreen: true,
    ...overrides,
  };
}

/**
 * Poly Edge E phones whose User-Agent the sources show (README.md "Models"). No source at hand gives
 * their line counts: one line is declared, the least any of them has, until one does; the series has
 * colour screens; USB, Bluetooth and Wi-Fi are not declared for want of a source.
 */
const edge = (digits: string): PolyModel => ({
  id: `Edge_E${digits}`,
  description: `Poly Edge E${digits}: colour screen; 1 line declared (its count is not in the sources)`,
  capabilities: capabilities(1),
});

/** README.md "Models" names the source of each figure. */
export const models: PolyModel[] = [
  {
    id: 'VVX_150',
    description: 'Poly VVX 150: 2 lines, mono screen',
    capabilities: capabilities(2, { colourScreen: false }),
  },
  {
    id: 'VVX_250',
    description: 'Poly VVX 250: 4 lines, colour screen, USB',
    capabilities: capabilities(4, { usb: true }),
  },
  {
    id: 'VVX_350',
    description: 'Poly VVX 350: 6 lines, colour screen, USB',
    capabilities: capabilities(6, { usb: true }),
  },
  {
    id: 'VVX_450',
    description: 'Poly VVX 450: 12 lines, colour screen, USB',
    capabilities: capabilities(12, { usb: true }),
  },
  ...['220', '350', '400', '450'].map(edge),
];
