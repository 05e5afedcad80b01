import type { Language } from '@phonefleet/sdk';
import type { TenantScope } from '../tenancy/scope.js';
import type { RelationPush, TaskAdd, TaskResults, TaskSearch } from './schemas.js';
import {
  type Caller,
  createTask,
  type TaskDefinitionDeps,
  type TaskRequest,
  updateTask,
} from './task-definition.js';
import { immediateTask, type PushedRelation, pushDevice, pushRelation } from './task-pushes.js';
import {
  type DeviceTaskRow,
  deviceTaskHistory,
  searchTasks,
  type TaskDetail,
  type TaskListRow,
  type TaskResultRow,
  taskDetail,
  taskResults,
} from './task-queries.js';
import { resolveDevices, type TaskTargets, targetsOf } from './task-targets.js';
import { cancelTask, pauseTask, removeTasks, runTaskAgain, startTask } from './task-transitions.js';

export type { Caller, TaskRequest } from './task-definition.js';
export type { DeviceTaskRow, TaskDetail, TaskListRow, TaskResultRow } from './task-queries.js';
export type { TaskTargets } from './task-targets.js';

/**
 * Tasks as the API sees them: validation (spec §5), creation with their device rows in one
 * statement (`task-definition.ts`, `task-pushes.ts`), the actions (start, pause, cancel, run again,
 * edit, delete) as conditional state changes (`task-transitions.ts`), and the result views
 * (`task-queries.ts`). The engine (`TaskEngine`) does the running.
 */
export class TaskService {
  private readonly deps: TaskDefinitionDeps;

  constructor(deps: TaskDefinitionDeps) {
    this.deps = {
      db: deps.db,
      configurationService: deps.configurationService,
      driverRegistry: deps.driverRegistry,
    };
  }

  targetsOf(body: TaskAdd): TaskTargets {
    return targetsOf(body);
  }

  resolveDevices(scope: TenantScope, ids: number[], macs: string[]): Promise<number[]> {
    return resolveDevices(this.deps.db, scope, ids, macs);
  }

  create(caller: Caller, request: TaskRequest): Promise<{ id: number; devices: number }> {
    return createTask(this.deps, caller, request);
  }

  update(caller: Caller, id: number, request: TaskRequest): Promise<void> {
    return updateTask(this.deps, caller, id, request);
  }

  pushRelation(
    caller: Caller,
    relation: PushedRelation,
    body: RelationPush,
  ): Promise<{ id: number; devices: number }> {
    return pushRelation(this.deps, caller, relation, body);
  }

  immediate(
    caller: Caller,
    type: number,
    deviceIds: number[],
    name: string,
    params: Record<string, unknown> = {},
  ): Promise<{ id: number; devices: number }> {
    return immediateTask(this.deps, caller, type, deviceIds, name, params);
  }

  pushDevice(caller: Caller, deviceId: number): Promise<{ id: number; devices: number }> {
    return pushDevice(this.deps, caller, deviceId);
  }

  search(scope: TenantScope, query: TaskSearch): Promise<{ list: TaskListRow[]; total: number }> {
    return searchTasks(this.deps.db, scope, query);
  }

  query(scope: TenantScope, id: number): Promise<TaskDetail> {
    return taskDetail(this.deps.db, scope, id);
  }

  start(scope: TenantScope, id: number): Promise<void> {
    return startTask(this.deps.db, scope, id);
  }

  pause(scope: TenantScope, id: number): Promise<void> {
    return pauseTask(this.deps.db, scope, id);
  }

  cancel(scope: TenantScope, id: number): Promise<void> {
    return cancelTask(this.deps.db, scope, id);
  }

  runAgain(scope: TenantScope, id: number): Promise<void> {
    return runTaskAgain(this.deps.db, scope, id);
  }

  remove(scope: TenantScope, ids: number[]): Promise<void> {
    return removeTasks(this.deps.db, scope, ids);
  }

  results(
    scope: TenantScope,
    query: TaskResults,
    language: Language,
  ): Promise<{ list: TaskResultRow[]; total: number; run: number; summary: Record<string, number> }> {
    return taskResults(this.deps.db, scope, query, language);
  }

  deviceHistory(
    scope: TenantScope,
    deviceId: number,
    page: { currentPage: number; pageSize: number },
    language: Language,
  ): Promise<{ list: DeviceTaskRow[]; total: number }> {
    return deviceTaskHistory(this.deps.db, scope, deviceId, page, language);
  }
}
