import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config.js';

/** The product's name and version, shown on the login page, in /health and in the OpenAPI document. */
export const PRODUCT_NAME = 'PhoneFleet';
/** The release's version: its root package.json's (an installation package sets it, docs/upgrade.md). */
export const PRODUCT_VERSION = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;
