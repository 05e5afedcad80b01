import { describe, expect, it } from 'vitest';
import {
  formatSipRequest,
  formatSipResponse,
  headerParameter,
  parseSipMessage,
  parseSipUri,
  SipHeaders,
  SipParseError,
} from './message.js';
import { buildNotify } from './notify.js';

const notifyText = [
  'NOTIFY sip:1001@192.0.2.10:5060 SIP/2.0',
  'Via: SIP/2.0/UDP 192.0.2.1:5070;branch=z9hG4bK776asdhds;rport',
  'From: <sip:provisioning@192.0.2.1>;tag=1928301774',
  'To: <sip:1001@192.0.2.10:5060>',
  'Call-ID: a84b4c76e66710@192.0.2.1',
  'CSeq: 1 NOTIFY',
  'Max-Forwards: 70',
  'Event: check-sync',
  'Subscription-State: terminated',
  'Content-Length: 0',
  '',
  '',
].join('\r\n');

describe('parseSipMessage', () => {
  it('reads a request with its headers', () => {
    const message = parseSipMessage(Buffer.from(notifyText));
    expect(message.kind).toBe('request');
    if (message.kind !== 'request') return;
    expect(message.method).toBe('NOTIFY');
    expect(message.uri).toBe('sip:1001@192.0.2.10:5060');
    expect(message.headers.get('event')).toBe('check-sync');
    expect(message.headers.get('CALL-ID')).toBe('a84b4c76e66710@192.0.2.1');
    expect(message.body).toBe('');
  });

  it('round-trips requests and responses through format and parse', () => {
    const body = 'v=0\r\no=- 1 1 IN IP4 192.0.2.1\r\nè\r\n';
    const headers = {
      Via: 'SIP/2.0/UDP 192.0.2.1;branch=z9hG4bKabc',
      From: '<sip:a@b>;tag=1',
      To: '<sip:c@d>',
      'Call-ID': 'x@y',
      CSeq: '7 MESSAGE',
      'Content-Type': 'text/plain',
    };
    const request = parseSipMessage(formatSipRequest({ method: 'MESSAGE', uri: 'sip:c@d', headers, body }));
    expect(request).toMatchObject({ kind: 'request', method: 'MESSAGE', uri: 'sip:c@d', body });
    expect(request.headers.get('Content-Length')).toBe(String(Buffer.byteLength(body)));
    expect([...request.headers].map(([name]) => name)).toEqual([
      'Via',
      'From',
      'To',
      'Call-ID',
      'CSeq',
      'Content-Type',
      'Content-Length',
    ]);

    const response = parseSipMessage(
      formatSipResponse({ status: 486, headers: { ...headers, CSeq: '7 MESSAGE' } }),
    );
    expect(response).toMatchObject({ kind: 'response', status: 486, reason: 'Busy Here', body: '' });
    expect(parseSipMessage(formatSipResponse({ status: 200, reason: 'Fine', headers }))).toMatchObject({
      status: 200,
      reason: 'Fine',
    });
  });

  it('expands compact header names and folded lines', () => {
    const text = [
      'OPTIONS sip:phone@127.0.0.2 SIP/2.0',
      'v: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bK1',
      'f: <sip:a@127.0.0.1>;tag=9',
      't: <sip:phone@127.0.0.2>',
      'i: compact@127.0.0.1',
      'CSeq: 2 OPTIONS',
      'o: check-sync',
      'e: gzip',
      'Subject: first',
      '  second',
      'l: 5',
      '',
      'hello and more ignored',
    ].join('\r\n');
    const message = parseSipMessage(text);
    expect([...message.headers].map(([name]) => name)).toEqual([
      'Via',
      'From',
      'To',
      'Call-ID',
      'CSeq',
      'Event',
      'Content-Encoding',
      'Subject',
      'Content-Length',
    ]);
    expect(message.headers.get('call-id')).toBe('compact@127.0.0.1');
    expect(message.headers.get('i')).toBe('compact@127.0.0.1');
    expect(message.headers.get('Subject')).toBe('first second');
    expect(message.body).toBe('hello');
  });

  it('keeps repeated headers in order and reads parameters', () => {
    const text = notifyText.replace('Via:', 'Via: SIP/2.0/UDP proxy;branch=z9hG4bKp\r\nVia:');
    const message = parseSipMessage(text);
    expect(message.headers.getAll('v')).toHaveLength(2);
    expect(headerParameter(message.headers.get('From') ?? '', 'tag')).toBe('1928301774');
    expect(headerParameter(message.headers.getAll('Via')[1] ?? '', 'branch')).toBe('z9hG4bK776asdhds');
    expect(parseSipUri('sip:1001@192.0.2.10:5060;transport=udp')).toEqual({
      user: '1001',
      host: '192.0.2.10',
      port: 5060,
    });
    expect(parseSipUri('<sip:127.0.0.1>')).toBeUndefined();
    expect(parseSipUri('sip:127.0.0.1')).toEqual({ user: undefined, host: '127.0.0.1', port: undefined });
  });

  it.each([
    ['an empty datagram', ''],
    ['garbage', '\u0000\u0001binary junk\r\n\r\n'],
    ['no blank line', notifyText.trimEnd()],
    ['a bad start line', notifyText.replace('SIP/2.0\r\n', 'HTTP/1.1\r\n')],
    ['a header without a colon', notifyText.replace('Max-Forwards: 70', 'Max-Forwards 70')],
    ['a missing Call-ID', notifyText.replace(/Call-ID: .*\r\n/, '')],
    ['a CSeq for another method', notifyText.replace('1 NOTIFY', '1 OPTIONS')],
    ['a non-numeric CSeq', notifyText.replace('1 NOTIFY', 'one NOTIFY')],
    ['a truncated body', notifyText.replace('Content-Length: 0', 'Content-Length: 20')],
    ['a bad Content-Length', notifyText.replace('Content-Length: 0', 'Content-Length: -1')],
    [
      'a status out of range',
      notifyText.replace('NOTIFY sip:1001@192.0.2.10:5060 SIP/2.0', 'SIP/2.0 99 Odd'),
    ],
  ])('throws SipParseError for %s', (_, text) => {
    expect(() => parseSipMessage(text)).toThrow(SipParseError);
  });

  it('refuses to format header values that would inject lines', () => {
    expect(() =>
      formatSipRequest({ method: 'OPTIONS', uri: 'sip:a@b', headers: { Subject: 'x\r\nVia: evil' } }),
    ).toThrow(SipParseError);
    expect(() => formatSipResponse({ status: 42 })).toThrow(SipParseError);
  });
});

describe('SipHeaders', () => {
  it('sets, deletes and replaces regardless of case or compact form', () => {
    const headers = new SipHeaders({ 'content-length': '3', Event: 'a' });
    headers.set('l', '0').append('event', 'b');
    expect([...headers]).toEqual([
      ['Content-Length', '0'],
      ['Event', 'a'],
      ['Event', 'b'],
    ]);
    headers.delete('o');
    expect(headers.has('Event')).toBe(false);
  });
});

describe('buildNotify', () => {
  it('builds the DOMAIN.md check-sync NOTIFY', () => {
    const { target, request } = buildNotify({
      target: { user: '1001', host: '192.0.2.10' },
      event: 'check-sync;reboot=true',
      from: { host: '192.0.2.1' },
    });
    expect(target).toEqual({ host: '192.0.2.10', port: 5060 });
    expect(request).toEqual({
      method: 'NOTIFY',
      uri: 'sip:1001@192.0.2.10:5060',
      headers: {
        From: '<sip:provisioning@192.0.2.1>',
        To: '<sip:1001@192.0.2.10:5060>',
        Event: 'check-sync;reboot=true',
        'Subscription-State': 'terminated',
      },
    });
    expect(buildNotify({ target: { host: '127.0.0.5', port: 5062 }, event: 'resync' }).request.uri).toBe(
      'sip:127.0.0.5:5062',
    );
  });
});
