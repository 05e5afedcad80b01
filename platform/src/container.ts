import {
  type AwilixContainer,
  asFunction,
  asValue,
  createContainer,
  InjectionMode,
  type Resolver,
} from 'awilix';
import type { AnyModule, ServiceDefinition } from './module.js';
import type { Cradle } from './modules/index.js';

type AnyService = ServiceDefinition<unknown, object>;

function servicesOf(
  modules: readonly AnyModule[],
): [name: string, definition: AnyService, moduleId: string][] {
  return modules.flatMap((module) =>
    Object.entries(module.services ?? {}).map(
      ([name, definition]) =>
        [name, definition as unknown as AnyService, module.id] as [string, AnyService, string],
    ),
  );
}

/**
 * Built once at boot from the values that exist before it and every module's services. Every
 * registration is resolved now, so a missing dependency fails the boot, never a request; then
 * the services' `start` hooks run in module order.
 */
export async function buildContainer(
  bootCradle: object,
  modules: readonly AnyModule[],
): Promise<AwilixContainer<Cradle>> {
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  const registrations: Record<string, Resolver<unknown>> = {};
  for (const [name, value] of Object.entries(bootCradle)) registrations[name] = asValue(value);
  const services = servicesOf(modules);
  for (const [name, definition, moduleId] of services) {
    if (name in registrations)
      throw new Error(`module ${moduleId} provides "${name}", which is already provided`);
    const resolver = asFunction((cradle: object) => definition.create(cradle)).singleton();
    const { dispose } = definition;
    registrations[name] = dispose ? resolver.disposer((service) => dispose(service)) : resolver;
  }
  container.register(registrations as { [K in keyof Cradle]: Resolver<Cradle[K]> });
  try {
    for (const name of Object.keys(registrations)) container.resolve(name);
    for (const [name, definition] of services) await definition.start?.(container.resolve(name));
  } catch (error) {
    await container.dispose().catch(() => undefined);
    throw error;
  }
  return container;
}
