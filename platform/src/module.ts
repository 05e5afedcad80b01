import type { Server } from 'node:http';
import type { Language } from '@phonefleet/sdk';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { Transaction } from 'sequelize';
import type { ConsoleConfig } from './config.js';
import type { Database } from './db/database.js';
import type { DeviceRoute } from './http/device-app.js';
import type { RouteDefinition } from './http/route.js';
import type { SessionInfo } from './modules/auth/session-info.js';

/**
 * The contract of a platform module (`modules/<area>/module.ts`). A module declares what it
 * contributes; the container, the API router, the device-facing app, the OpenAPI document, the
 * migration runner and the seed are assembled from the list in `modules/index.ts`. Dependencies
 * are named as plain typed objects (`{ db: Database; siteService: SiteService }`): the index checks
 * at compile time that every name a module needs is provided with a compatible type, and the
 * container resolves every service at boot, so a missing one never waits for a request.
 */

/** What exists before any module: the container's first registrations. */
export interface BootValues {
  config: ConsoleConfig;
  logger: Logger;
  db: Database;
  /** The console's modules, for what reads their declarations (the backup's content parts). */
  modules: readonly AnyModule[];
}

/** The parts a backup's content is chosen from (spec §3 Backup), besides configuration data. */
export type BackupPart = 'configuration' | 'devices' | 'firmware' | 'logs';

/**
 * Where a module's tables go in a backup (docs/backup.md). Tables are discovered from the catalogue;
 * a table named nowhere is configuration data. `transient` tables (sessions, captchas, caches) are
 * never backed up and are emptied by a restore; `untouched` ones (the backup module's own state:
 * the lock, the plans, the list of archives) are neither backed up nor restored.
 */
export type BackupDeclaration = Partial<
  Record<Exclude<BackupPart, 'configuration'> | 'transient' | 'untouched', string[]>
>;

/**
 * Refuses API calls while a cluster-wide operation (backup, restore, upgrade) holds the console:
 * answers the refusal, or undefined to let the call through. Called for every route not marked
 * `openDuringOperation`; it must answer from memory.
 */
export interface ApiGate {
  refusal(language: Language): Error | undefined;
}

/** One finished API call, as a route observer sees it: the validated input and who made it. */
export interface ObservedCall {
  route: RouteDefinition;
  ctx: Context;
  body: unknown;
  query: unknown;
  params: Record<string, string>;
  /** The caller's session (or, for sign-in, the one it opened); undefined for anonymous calls. */
  session: SessionInfo | undefined;
  /** What the handler threw; undefined when it answered. */
  error?: unknown;
}

/**
 * Watches API calls without each route calling it (the operation log). `watch` runs once per route
 * at boot and answers what to call after each call of that route, or undefined to leave the route
 * alone; that function runs on the request's path, so it must only take note (no I/O, no throw).
 */
export interface RouteObserver {
  watch(route: RouteDefinition): ((call: ObservedCall) => void) | undefined;
}

/** One schema change. Names sort in the one global order (`0009-…`); a name is never reused or renamed. */
export interface Migration {
  name: string;
  up(db: Database, transaction: Transaction): Promise<void>;
}

/** What a first start tells the person starting it (printed once by `main.ts`). */
export interface SeedOutcome {
  generatedAdminPassword?: string;
  /** This start created the administrator with the password ADMIN_PASSWORD gave. */
  adminPasswordFromEnvironment?: boolean;
}

/** How the container makes one service; `start` runs once every service exists, `dispose` at shutdown. */
export interface ServiceDefinition<Service, Needs> {
  create(deps: Needs): Service;
  start?(service: Service): Promise<void> | void;
  dispose?(service: Service): Promise<void> | void;
}

/** A service made by `new Class(deps)`, with optional start and dispose hooks. */
export function service<Service, Needs>(
  Class: new (deps: Needs) => Service,
  hooks: Omit<ServiceDefinition<Service, Needs>, 'create'> = {},
): ServiceDefinition<Service, Needs> {
  return { create: (deps) => new Class(deps), ...hooks };
}

/** A periodic job of a module: runs on every instance, at most once at a time per instance. */
export interface JobDefinition {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * A module's part in the console's HTTP server (socket.io, say): attached before the server
 * listens, so its requests and upgrades never reach the API first; closed first at stop, so the
 * long-lived connections it holds do not keep the server from closing. `close` may be called again
 * (from the owning service's dispose hook, say) and must then do nothing.
 */
export interface ServerAttachment {
  attach(server: Server): void | Promise<void>;
  close(): Promise<void>;
}

// `never` parameters accept a function of any parameter type (parameters are contravariant).
interface ModuleShape {
  id: string;
  /**
   * Values that need async work before the container exists (loaded registries, say). Runs while
   * migrations are applied: it must not read or write the schema.
   */
  boot?: (boot: BootValues) => Promise<object>;
  services?: Record<string, ServiceDefinition<unknown, never>>;
  /** Browser-facing routes under `/api`, with access checks, schemas and the envelope. */
  routes?: (deps: never) => RouteDefinition[];
  /** Phone-facing routes (`/prov/…`, `/events/…`): plain HTTP, no session, no envelope. */
  deviceRoutes?: (deps: never) => DeviceRoute[];
  jobs?: (deps: never) => JobDefinition[];
  /** What takes part in the HTTP server beside the routes (the live module's socket.io server). */
  attach?: (deps: never) => ServerAttachment;
  migrations?: Migration[];
  /** Which backup content part each of its tables belongs to (default: configuration data). */
  backup?: BackupDeclaration;
  /** What refuses API calls while the console is held (the backup module's operation lock). */
  gate?: (deps: never) => ApiGate;
  /** What watches every API call after its handler (the operation log). */
  observe?: (deps: never) => RouteObserver;
  /**
   * Idempotent first-start data; runs at every start in module order, in one locked transaction,
   * with the boot values (and what modules' `boot` loaded), before any service exists.
   */
  seed?: (deps: never) => Promise<SeedOutcome | undefined>;
}

/** What a seed gets at least; it may also name values loaded by a module's `boot`. */
export type SeedDeps = BootValues & { transaction: Transaction };

/** Identity function that keeps a module's declarations typed, in the style of `defineDriver`. */
export function defineModule<const M extends ModuleShape>(module: M): M {
  return module;
}

export type AnyModule = ModuleShape;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void
  ? I
  : never;
type Param<F> = F extends (deps: infer D) => unknown ? D : never;

/** The services (and boot values) a module provides, by name. */
export type ProvidesOf<M> = (M extends { services: infer S }
  ? { [K in keyof S]: S[K] extends { create: (deps: never) => infer T } ? T : never }
  : unknown) &
  (M extends { boot: (boot: BootValues) => infer B } ? Awaited<B> : unknown);

/** Everything a module's services, routes and jobs ask for. */
export type NeedsOf<M> = UnionToIntersection<
  | (M extends { services: infer S }
      ? { [K in keyof S]: S[K] extends { create: infer C } ? Param<C> : never }[keyof S]
      : never)
  | (M extends { routes: infer R } ? Param<R> : never)
  | (M extends { deviceRoutes: infer R } ? Param<R> : never)
  | (M extends { jobs: infer J } ? Param<J> : never)
  | (M extends { attach: infer A } ? Param<A> : never)
  | (M extends { gate: infer G } ? Param<G> : never)
  | (M extends { observe: infer O } ? Param<O> : never)
  | BootValues
>;

type IntersectAll<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? Head & IntersectAll<Rest>
  : unknown;

/** The container's contents for a list of modules. */
export type CradleOf<Modules extends readonly AnyModule[]> = BootValues &
  IntersectAll<{ [I in keyof Modules]: ProvidesOf<Modules[I]> }>;

/** What exists before the container: boot values and every module's `boot` output. */
export type BootCradleOf<Modules extends readonly AnyModule[]> = BootValues &
  IntersectAll<{
    [I in keyof Modules]: Modules[I] extends { boot: (boot: BootValues) => infer B } ? Awaited<B> : unknown;
  }>;

type SeedNeedsOf<M> = M extends { seed: infer S } ? Param<S> : unknown;

/** The ids of modules whose needs the cradle does not meet; `never` when all are met. */
export type UnmetModules<Modules extends readonly AnyModule[], Cradle, BootCradle> = {
  [I in keyof Modules]: Cradle extends NeedsOf<Modules[I]>
    ? BootCradle & { transaction: Transaction } extends SeedNeedsOf<Modules[I]>
      ? never
      : Modules[I]['id']
    : Modules[I]['id'];
}[number];
