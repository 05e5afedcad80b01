import { translate } from '@phonefleet/sdk';
import { AppError } from '../../http/envelope.js';
import { clientAddress, type RouteDefinition } from '../../http/route.js';
import type { ObservedCall, RouteObserver } from '../../module.js';
import type { OperationLogWriter, PendingRecord } from './batch-writer.js';
import { changesState, FAILED_SIGN_IN, keyFields, routeTitle, SIGN_IN, SIGN_OUT } from './contents.js';
import { principalOf } from './principal.js';

/**
 * The operation log's watch on the API (docs/operation-log.md): at boot it picks the routes that
 * change state; after each of their calls that succeeded (and each failed sign-in) it hands one
 * record to the batch writer. Nothing here waits for PostgreSQL.
 */
export class OperationLogRecorder implements RouteObserver {
  private readonly writer: OperationLogWriter;

  constructor({ operationLogWriter }: { operationLogWriter: OperationLogWriter }) {
    this.writer = operationLogWriter;
  }

  watch(route: RouteDefinition): ((call: ObservedCall) => void) | undefined {
    if (!changesState(route)) return undefined;
    const title = routeTitle(route);
    const level = route.path === SIGN_IN || route.path === SIGN_OUT ? 'notice' : 'info';
    return (call) => {
      if (call.error !== undefined) {
        if (route.path === SIGN_IN) this.failedSignIn(call);
        return;
      }
      const fields = route.path === SIGN_IN ? '' : keyFields(call.params, call.query, call.body);
      this.writer.add({
        ...this.who(call),
        at: new Date(),
        ip: clientAddress(call.ctx),
        level,
        method: route.method.toUpperCase(),
        path: route.path,
        contentsEn: fields ? `${title.en} (${fields})` : title.en,
        contentsZh: fields ? `${title.zh}（${fields}）` : title.zh,
      });
    };
  }

  /** A sign-in refused after its input was valid: the name tried, never the password. */
  private failedSignIn(call: ObservedCall): void {
    const userName = String((call.body as { userName?: unknown }).userName ?? '').trim();
    const reason = call.error instanceof AppError ? call.error.messageKey : 'unknownError';
    this.writer.add({
      at: new Date(),
      orgId: undefined,
      userName,
      realUserName: undefined,
      ip: clientAddress(call.ctx),
      level: 'warning',
      method: 'POST',
      path: SIGN_IN,
      contentsEn: `${FAILED_SIGN_IN.en}: ${translate(reason, 'en-US')}`,
      contentsZh: `${FAILED_SIGN_IN.zh}：${translate(reason, 'zh-CN')}`,
    });
  }

  /** The caller, or for an anonymous call (password reset) the account it names, if any. */
  private who(call: ObservedCall): Pick<PendingRecord, 'orgId' | 'userName' | 'realUserName'> {
    if (call.session) return principalOf(call.session);
    const named = (call.query as { name?: unknown } | undefined)?.name;
    return { orgId: undefined, userName: typeof named === 'string' ? named : '', realUserName: undefined };
  }
}
