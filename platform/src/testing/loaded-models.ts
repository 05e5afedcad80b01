import { unsupportedReason } from '@phonefleet/sdk';
import type { RunningConsole } from '../app.js';

/**
 * What the loaded drivers say, for tests that name models: derived from the driver registry so that
 * adding a driver does not change what a test asserts about the console's behaviour.
 */

/** Every loaded model, in load order (driver by driver, as the editor lists them). */
export function loadedModelIds(running: RunningConsole): string[] {
  return running.cradle.driverRegistry.models().map(({ model }) => model.id);
}

/**
 * The models a pushed `path` will not reach, grouped by their driver's reason in load order: what a
 * shared screen's `notSentTo` says of that parameter.
 */
export function notSentGroups(
  running: RunningConsole,
  path: string,
): { models: string[]; reason: { en: string; zh: string } }[] {
  const groups = new Map<string, { models: string[]; reason: { en: string; zh: string } }>();
  for (const { driver, model } of running.cradle.driverRegistry.models()) {
    const reason = unsupportedReason(driver.parameters, path);
    if (!reason) continue;
    const group = groups.get(reason.en) ?? { models: [], reason: { en: reason.en, zh: reason['zh-CN'] } };
    group.models.push(model.id);
    groups.set(reason.en, group);
  }
  return [...groups.values()];
}
