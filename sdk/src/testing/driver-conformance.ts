import fc from 'fast-check';
import { type DriverManifest, matchConfigFile, parseDriver } from '../driver.js';
import { diagnosticsConformance } from './diagnostics-conformance.js';
import { coverageConformance, mappedEntries, mappedUnits, plainValue } from './mapping-conformance.js';

export interface ConformanceCheck {
  name: string;
  run(): void;
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const parameterPath = fc
  .array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('.'));
const hostileValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'a\nevil = 1',
    '" override="true"/><setting id="evil" value="1',
    '&amp;<>\'"',
    '  padded  ',
    '\\n',
    '',
  ),
);

/**
 * Checks every driver package can run (the sdk's driver conformance suite):
 * `for (const check of driverConformance(driver)) it(check.name, check.run)`.
 */
export function driverConformance(candidate: unknown, packageName = 'driver under test'): ConformanceCheck[] {
  const driver: DriverManifest = parseDriver(packageName, candidate);
  const model = driver.models[0];
  const deviceFile = driver.files.find((file) => file.name.includes('{mac}'));
  assert(model !== undefined && deviceFile !== undefined, 'driver needs a model and a device file');
  const context = { model, mac: '001565aabbcc', file: deviceFile };
  const mapped = driver.parameters.map ? mappedEntries(driver.parameters.map) : undefined;
  const composite = new Set(mapped?.filter((item) => item.group !== undefined).map((item) => item.path));

  return [
    {
      name: 'identifies its sample User-Agents',
      run() {
        assert(driver.sampleUserAgents.length > 0, 'declare sampleUserAgents from real phones');
        for (const sample of driver.sampleUserAgents) {
          const identity = driver.identify(sample.userAgent);
          assert(
            JSON.stringify(identity) === JSON.stringify(sample.identity),
            `${sample.userAgent}: got ${JSON.stringify(identity)}, expected ${JSON.stringify(sample.identity)}`,
          );
          assert(
            driver.models.some((m) => m.id === identity?.model),
            `${sample.userAgent}: model ${identity?.model} is not in the model list`,
          );
        }
      },
    },
    {
      name: 'declares push events a phone can tell apart',
      run() {
        const { checkSync, reboot, factoryReset } = driver.pushEvents;
        const events = [checkSync, reboot, ...(factoryReset ? [factoryReset] : [])].map((event) =>
          event.replace(/\s+/g, '').toLowerCase(),
        );
        assert(new Set(events).size === events.length, `push events repeat: ${events.join(', ')}`);
      },
    },
    {
      name: 'ignores User-Agents of other phones and browsers',
      run() {
        for (const userAgent of ['', 'Mozilla/5.0 (X11; Linux x86_64)', 'curl/8.5.0', 'Wget/1.21']) {
          assert(driver.identify(userAgent) === undefined, `claimed ${JSON.stringify(userAgent)}`);
        }
      },
    },
    {
      name: 'matches its device file name with any MAC case',
      run() {
        const name = deviceFile.name.replace('{mac}', '001565AABBCC');
        assert(matchConfigFile(driver, name)?.mac === '001565aabbcc', `${name} not matched`);
        assert(
          matchConfigFile(driver, deviceFile.name.replace('{mac}', '../etc/pass')) === undefined,
          'matched a path trick',
        );
      },
    },
    {
      name: 'parses what it renders (round trip), whatever the values hold',
      run() {
        const plain = driver.text?.plainValues === true;
        const values = plain ? hostileValue.filter(plainValue) : hostileValue;
        const unit = mapped
          ? fc.oneof(...mappedUnits(mapped, values))
          : fc.tuple(parameterPath, values).map((pair) => [pair]);
        const drawn = fc.uniqueArray(unit, { selector: (pairs) => pairs[0]?.[0], maxLength: 30 });
        fc.assert(
          fc.property(drawn, (units) => {
            const values = new Map(units.flat());
            const text = driver.render(values, context);
            const parsed = driver.parse(text);
            for (const key of parsed.keys()) assert(values.has(key), `parsed ${key}, which was not rendered`);
            const dropped: string[] = [];
            for (const [key, value] of values) {
              const back = parsed.get(key);
              if (back === undefined && composite.has(key)) dropped.push(key);
              else
                assert(
                  back === value,
                  `${key}: ${JSON.stringify(value)} came back as ${JSON.stringify(back)}`,
                );
            }
            // A composite may leave out a value its vendor value cannot hold (a key without a type has
            // no line), provided that what it read renders the same file.
            assert(
              dropped.length === 0 || driver.render(parsed, context) === text,
              `${dropped.join(', ')} did not come back, and what came back renders another file`,
            );
          }),
          { numRuns: 200 },
        );
      },
    },
    {
      name: 'renders the same bytes for the same values',
      run() {
        const values = new Map(
          mapped
            ? mapped.slice(0, 5).map((item) => [item.path, item.sample] as const)
            : [
                ['account.1.codec.SIPPreferredVocoder', '0;8;18'],
                ['network.port.MTU', '1500'],
              ],
        );
        assert(
          driver.render(values, context) === driver.render(new Map(values), context),
          'render is not deterministic',
        );
      },
    },
    {
      name: 'refuses parameter names that could inject content',
      run() {
        for (const key of ['a\nb', 'a = b', '<x>', '"q"', '']) {
          let threw = false;
          try {
            driver.render(new Map([[key, '1']]), context);
          } catch {
            threw = true;
          }
          assert(threw, `rendered the name ${JSON.stringify(key)}`);
        }
      },
    },
    ...coverageConformance(driver, context),
    ...diagnosticsConformance(driver),
  ];
}
