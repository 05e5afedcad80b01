import { driverConformance } from '@phonefleet/sdk/testing';
import { describe, it } from 'vitest';
import driver from './index.js';

describe(`${driver.id} driver conformance`, () => {
  for (const check of driverConformance(driver, `@phonefleet/driver-${driver.id}`)) it(check.name, check.run);
});
