import { describe, expect, it } from 'vitest';
import { CAPABILITY_NAMES, checkedCapabilities } from './capability-table.js';
import { buildParameterTree } from './catalogue/index.js';
import { modelCapabilitiesSchema } from './driver.js';

const deskPhone = {
  accounts: 6,
  keyAccounts: 6,
  programKeys: 10,
  dynamicKeys: 4,
  dssKeys: 0,
  expansionModules: 3,
  keysPerModule: 40,
  wifi: true,
  bluetooth: false,
  usb: true,
  colourScreen: true,
  keySubtype: false,
  textEditing: true,
  shortWebSession: false,
};

describe('the capability table the browser checks models against without zod', () => {
  it('names exactly the capabilities of the drivers’ schema', () => {
    expect(CAPABILITY_NAMES).toEqual(Object.keys(modelCapabilitiesSchema.shape).sort());
  });

  it('accepts and refuses the same capabilities as the drivers’ schema, keeping only the capabilities', () => {
    const cases = [
      deskPhone,
      { ...deskPhone, accounts: 21 },
      { ...deskPhone, keyAccounts: 0 },
      { ...deskPhone, keysPerModule: 2.5 },
      { ...deskPhone, wifi: 'yes' },
      { ...deskPhone, textEditing: undefined },
    ];
    for (const model of cases) {
      const byZod = modelCapabilitiesSchema.safeParse(model);
      if (byZod.success) expect(checkedCapabilities(model)).toEqual(byZod.data);
      else expect(() => checkedCapabilities(model)).toThrow(RangeError);
    }
    expect(checkedCapabilities({ ...deskPhone, firmware: '1.0' })).toEqual(deskPhone);
  });

  it('builds no tree for a model out of range, naming the capability', () => {
    expect(() => buildParameterTree({ ...deskPhone, accounts: 21 })).toThrow(
      'capabilities.accounts: an integer from 1 to 20, not 21',
    );
  });
});
