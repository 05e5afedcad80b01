import type { Transaction } from 'sequelize';
import type { Database } from '../database.js';
import { foundation } from './0001-foundation.js';
import { configuration } from './0002-configuration.js';
import { configChangeNotifications } from './0003-config-change-notifications.js';
import { deviceSearch } from './0004-device-search.js';
import { fleetStructure } from './0005-fleet-structure.js';
import { deviceInventory } from './0006-device-inventory.js';
import { deviceEvents } from './0007-device-events.js';
import { tasks } from './0008-tasks.js';

export interface Migration {
  name: string;
  up(db: Database, transaction: Transaction): Promise<void>;
}

/** In order of application; names sort in the same order. */
export const migrations: Migration[] = [
  foundation,
  configuration,
  configChangeNotifications,
  deviceSearch,
  fleetStructure,
  deviceInventory,
  deviceEvents,
  tasks,
];
