import type { Context } from 'koa';
import { z } from 'zod';
import type { SessionInfo } from '../modules/auth/session-info.js';
import type { Reply } from './envelope.js';

/**
 * Who may call a route: anyone, any signed-in user, or a user whose role grants the power
 * (and, when named, the permission button) of a resource. Checked server-side on every call.
 */
export type Access = 'public' | 'session' | { power: string; button?: string };

export interface RouteInput<Body, Query> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  ctx: Context;
}

export interface SignedInInput<Body, Query> extends RouteInput<Body, Query> {
  session: SessionInfo;
}

type HandlerFor<A extends Access, Body, Query> = A extends 'public'
  ? (input: RouteInput<Body, Query>) => Promise<Reply | RawReply>
  : (input: SignedInInput<Body, Query>) => Promise<Reply | RawReply>;

/** A handler that writes ctx.body itself (files, images); the envelope is skipped. */
export interface RawReply {
  raw: true;
}

export interface RouteDefinition<
  A extends Access = Access,
  BodySchema extends z.ZodType = z.ZodType,
  QuerySchema extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  access: A;
  body?: BodySchema;
  query?: QuerySchema;
  handler: HandlerFor<A, z.output<BodySchema>, z.output<QuerySchema>>;
}

/** Identity function that keeps the handler's input types tied to the schemas. */
export function defineRoute<
  A extends Access,
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
>(route: RouteDefinition<A, B, Q>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export const emptyObject = z.object({}).strict();
