import type { Context } from 'koa';
import { z } from 'zod';
import type { SessionInfo } from '../modules/auth/session-info.js';
import type { Reply } from './envelope.js';
import type { FileSink, StoredUpload, UploadedFile, UploadRule } from './upload.js';

/**
 * Who may call a route: anyone, any signed-in user (an API credential included), a person signed in
 * in a browser (`'person'`: routes on the person's own account or session, never an API key's), or
 * a user whose role grants the power (and, when named, the permission button) of a resource.
 * Checked server-side on every call.
 */
export type Access = 'public' | 'session' | 'person' | { power: string; button?: string };

export interface RouteInput<Body, Query, File = undefined> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  ctx: Context;
  /** The uploaded file, on routes with an `upload` rule (checked before the handler runs). */
  file: File;
}

export interface SignedInInput<Body, Query, File = undefined> extends RouteInput<Body, Query, File> {
  session: SessionInfo;
}

type HandlerFor<A extends Access, Body, Query, File> = A extends 'public'
  ? (input: RouteInput<Body, Query, File>) => Promise<Reply | RawReply>
  : (input: SignedInInput<Body, Query, File>) => Promise<Reply | RawReply>;

/** A handler that writes ctx.body itself (files, images); the envelope is skipped. */
export interface RawReply {
  raw: true;
}

export interface RouteDefinition<
  A extends Access = Access,
  BodySchema extends z.ZodType = z.ZodType,
  QuerySchema extends z.ZodType = z.ZodType,
  Upload extends UploadRule | undefined = UploadRule | undefined,
> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  access: A;
  /**
   * Answered while a backup, restore or upgrade holds the console (sign-in, the status the blocking
   * dialog polls, Cancel); every other route is refused then with the operation's code.
   */
  openDuringOperation?: true;
  /** Multipart request with one file in field `file`; form fields are validated by `body`. */
  upload?: Upload;
  body?: BodySchema;
  query?: QuerySchema;
  handler: HandlerFor<
    A,
    z.output<BodySchema>,
    z.output<QuerySchema>,
    Upload extends UploadRule ? UploadedAs<Upload> : undefined
  >;
}

/** What a handler gets for an upload rule: the stored file or the bytes; none when optional and left out. */
type UploadedAs<Upload extends UploadRule> =
  | (Upload extends { store: FileSink } ? StoredUpload : UploadedFile)
  | (Upload extends { optional: true } ? undefined : never);

/** Identity function that keeps the handler's input types tied to the schemas. */
export function defineRoute<
  A extends Access,
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  U extends UploadRule | undefined = undefined,
>(route: RouteDefinition<A, B, Q, U>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** What a session is found by: the request's cookies (an API call's, or a live connection's handshake). */
export interface SessionRequest {
  cookies: Pick<Context['cookies'], 'get'>;
}

/** How the API finds the caller's session (the auth module provides it). */
export interface SessionResolver {
  fromRequest(request: SessionRequest): Promise<SessionInfo | undefined>;
}

/**
 * How the API finds the caller named by an `Authorization` header (an API credential, the
 * api-service module): the same description a session has, or a refusal with the reason.
 */
export interface CredentialResolver {
  fromRequest(ctx: Context): Promise<SessionInfo>;
}

export const emptyObject = z.object({}).strict();

/** The caller's address as PostgreSQL and the throttles store it (IPv4 without its IPv6 mapping). */
export function clientAddress(ctx: Pick<Context, 'ip'>): string {
  return ctx.ip.replace(/^::ffff:/, '');
}
