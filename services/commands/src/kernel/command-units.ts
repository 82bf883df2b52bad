import type { KernelDeps } from './command-handler.ts';

/**
 * What aggregates and workflows ask of each other, by name: whether a suite is live, the usable statuses, the
 * case commands a workflow drives. The folder that can answer declares its port here, by module augmentation in its
 * `commands.ts`, and provides it; the one that needs it names it in its own port and reads it from `ports`. No file
 * wires two aggregates together.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the folders' commands.ts (declaration merging)
export interface Ports {}

/**
 * Every command unit, by name: an aggregate's folder (`statuses`) or a workflow (`workflows/status-deletion`), each
 * `{ resource, handlers }`, declared by module augmentation beside the unit (`UnitOf<typeof commands>`). The command
 * service's type, every `<resource>.<verb>` with its input and answer, is derived from it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the folders' commands.ts (declaration merging)
export interface CommandUnits {}

/** What a unit builds its ports and handlers from: the kernel, and every unit's ports (each built once, when first read). */
export interface UnitContext {
  kernel: KernelDeps;
  ports: Ports;
}

/** A folder's declaration of its commands: the resource they are named under, the ports it answers, its handlers. */
export interface CommandUnit<Resource extends string, Handlers extends object> {
  resource: Resource;
  provides?: { [Port in keyof Ports]?: (context: UnitContext) => Ports[Port] };
  handlers?: (context: UnitContext) => Handlers;
}

/** Declares a unit, keeping its resource's name and its handlers' types for `UnitOf`. */
export function commandUnit<const Resource extends string, Handlers extends object = Record<never, never>>(
  unit: CommandUnit<Resource, Handlers>,
): CommandUnit<Resource, Handlers> {
  return unit;
}

/** What `CommandUnits` holds of a unit. */
export type UnitOf<Unit> = Unit extends CommandUnit<infer Resource, infer Handlers> ? { resource: Resource; handlers: Handlers } : never;

type Unit = CommandUnits[keyof CommandUnits];
/** A unit's handlers named `<resource>.<verb>`. */
type NamedHandlers<U> = U extends { resource: infer R extends string; handlers: infer H }
  ? { [Verb in keyof H & string as `${R}.${Verb}`]: H[Verb] }
  : never;
type Intersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** Every command, named `<resource>.<verb>`: one object type, so a command's input and answer read off it by name. */
export type UnitCommands = { [Name in keyof Intersection<NamedHandlers<Unit>>]: Intersection<NamedHandlers<Unit>>[Name] };

/**
 * The ports the units provide, each built on first read and kept, so every unit reading `cases` drives the same
 * case commands. A port two units provide, one nobody provides, or one that needs itself to be built, is an error
 * at start, naming it.
 */
export function portsOf(units: ReadonlyArray<readonly [name: string, unit: CommandUnit<string, object>]>, kernel: KernelDeps): Ports {
  const providers = new Map<string, { unit: string; build: (context: UnitContext) => unknown }>();
  for (const [name, unit] of units) {
    for (const [port, build] of Object.entries(unit.provides ?? {})) {
      const other = providers.get(port);
      if (other) throw new Error(`the port ${port} is provided by both ${other.unit} and ${name}`);
      providers.set(port, { unit: name, build: build as (context: UnitContext) => unknown });
    }
  }
  const built = new Map<string, unknown>();
  const building = new Set<string>();
  const ports = new Proxy({} as Ports, {
    get(_target, port) {
      if (typeof port !== 'string') return undefined;
      if (built.has(port)) return built.get(port);
      const provider = providers.get(port);
      if (!provider) throw new Error(`no command unit provides the port ${port}`);
      if (building.has(port)) throw new Error(`the port ${port} needs itself to be built (through ${[...building].join(', ')})`);
      building.add(port);
      try {
        const value = provider.build(context);
        built.set(port, value);
        return value;
      } finally {
        building.delete(port);
      }
    },
  });
  const context: UnitContext = { kernel, ports };
  return ports;
}

/**
 * The units' handlers as one service, each named `<resource>.<verb>`. A verb two units define for one resource would
 * silently replace the other (an aggregate's and its workflow's `statuses.delete`), so it fails at start instead.
 */
export function namespaced(groups: ReadonlyArray<readonly [resource: string, handlers: object]>): Record<string, unknown> {
  const service: Record<string, unknown> = Object.create(null);
  for (const [resource, handlers] of groups) {
    for (const [verb, handler] of Object.entries(handlers)) {
      const name = `${resource}.${verb}`;
      if (name in service) throw new Error(`two command handlers are named ${name}`);
      service[name] = handler;
    }
  }
  return service;
}
