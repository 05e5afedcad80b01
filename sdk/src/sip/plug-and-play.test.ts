import { describe, expect, it } from 'vitest';
import { parseSipMessage, type SipRequest } from './message.js';
import {
  buildUaProfileNotify,
  buildUaProfileSubscribe,
  readUaProfileNotify,
  readUaProfileSubscribe,
} from './plug-and-play.js';

const remote = { address: '192.0.2.40', port: 5062 };
const notifier = { dialogTag: 'd9', contactUri: 'sip:192.0.2.1:5060' };

function subscribe(from: string, event: string, extra = ''): SipRequest {
  const text = [
    'SUBSCRIBE sip:224.0.1.75:5060 SIP/2.0',
    'Via: SIP/2.0/UDP 192.0.2.40:5062;branch=z9hG4bKpnp1;rport',
    `From: ${from};tag=a1`,
    'To: <sip:224.0.1.75:5060>',
    'Call-ID: boot-1@192.0.2.40',
    'CSeq: 7 SUBSCRIBE',
    `Event: ${event}`,
    'Accept: application/url',
    'Expires: 0',
    ...(extra ? [extra] : []),
    '',
    '',
  ].join('\r\n');
  const message = parseSipMessage(text);
  if (message.kind !== 'request') throw new Error('not a request');
  return message;
}

const deviceEvent = 'ua-profile;profile-type="device";vendor="Yealink";model="T54W";version="96.86.0.70"';

describe('reading a plug-and-play SUBSCRIBE', () => {
  it('takes the MAC from the From user, the phone from the event, the NOTIFY target from the Contact', () => {
    const read = readUaProfileSubscribe(
      subscribe('<sip:805ec0aabb01@224.0.1.75>', deviceEvent, 'Contact: <sip:192.0.2.41:5070>'),
      remote,
    );
    expect(read).toEqual({
      mac: '805ec0aabb01',
      vendor: 'Yealink',
      model: 'T54W',
      version: '96.86.0.70',
      callId: 'boot-1@192.0.2.40',
      cseq: 7,
      notifyTarget: { host: '192.0.2.41', port: 5070 },
      contactUri: 'sip:192.0.2.41:5070',
    });
  });

  it('reads the MAC as phones write it: MAC= prefix, separators, upper case, or the event parameter', () => {
    expect(
      readUaProfileSubscribe(subscribe('<sip:MAC=00:04:13:AA:BB:CC@224.0.1.75>', deviceEvent), remote)?.mac,
    ).toBe('000413aabbcc');
    expect(
      readUaProfileSubscribe(
        subscribe('<sip:anonymous@224.0.1.75>', `${deviceEvent};mac="0C383E0A0B0C"`),
        remote,
      )?.mac,
    ).toBe('0c383e0a0b0c');
  });

  it('sends the NOTIFY to the source address when there is no Contact', () => {
    const read = readUaProfileSubscribe(subscribe('<sip:805ec0aabb01@224.0.1.75>', deviceEvent), remote);
    expect(read?.notifyTarget).toEqual({ host: '192.0.2.40', port: 5062 });
    expect(read?.contactUri).toBe('sip:192.0.2.40:5062');
  });

  it('is not one for another event, another profile type, or no MAC', () => {
    const from = '<sip:805ec0aabb01@224.0.1.75>';
    expect(readUaProfileSubscribe(subscribe(from, 'presence'), remote)).toBeUndefined();
    expect(readUaProfileSubscribe(subscribe(from, 'ua-profile;profile-type="user"'), remote)).toBeUndefined();
    expect(
      readUaProfileSubscribe(subscribe('<sip:00000001@224.0.1.75>', deviceEvent), remote),
    ).toBeUndefined();
  });
});

describe('the NOTIFY that answers it', () => {
  it('carries the URL as application/url to the Contact, with the same Call-ID, terminated', () => {
    const request = subscribe('<sip:805ec0aabb01@224.0.1.75>', deviceEvent, 'Contact: <sip:192.0.2.41:5070>');
    const read = readUaProfileSubscribe(request, remote);
    if (!read) throw new Error('not read');
    const notify = buildUaProfileNotify(read, request, 'http://192.0.2.1:8080/prov/', notifier);
    expect(notify.target).toEqual({ host: '192.0.2.41', port: 5070 });
    expect(notify.request).toMatchObject({
      method: 'NOTIFY',
      uri: 'sip:192.0.2.41:5070',
      body: 'http://192.0.2.1:8080/prov/',
      headers: {
        'Call-ID': 'boot-1@192.0.2.40',
        'Content-Type': 'application/url',
        'Subscription-State': 'terminated;reason=timeout',
        To: '<sip:805ec0aabb01@224.0.1.75>;tag=a1',
        From: '<sip:224.0.1.75:5060>;tag=d9',
        Contact: '<sip:192.0.2.1:5060>',
      },
    });
  });

  it('is of the dialog the 200 OK opened: From is the SUBSCRIBE’s To with the 200’s tag, or its own tag', () => {
    const request = subscribe('<sip:805ec0aabb01@224.0.1.75>', deviceEvent);
    const read = readUaProfileSubscribe(request, remote);
    if (!read) throw new Error('not read');
    expect(
      buildUaProfileNotify(read, request, 'http://192.0.2.1/prov/', notifier).request.headers,
    ).toMatchObject({
      From: '<sip:224.0.1.75:5060>;tag=d9',
      'Call-ID': 'boot-1@192.0.2.40',
    });
    // A SUBSCRIBE inside a dialog already: its 200 keeps that To tag, and so does the NOTIFY.
    request.headers.set('To', '<sip:224.0.1.75:5060>;tag=e7');
    expect(
      buildUaProfileNotify(read, request, 'http://192.0.2.1/prov/', notifier).request.headers,
    ).toMatchObject({
      From: '<sip:224.0.1.75:5060>;tag=e7',
    });
  });

  it('a phone’s SUBSCRIBE carries its own Call-ID and From tag, which name its subscription', () => {
    const built = buildUaProfileSubscribe({
      mac: '805ec0aabb01',
      vendor: 'Yealink',
      model: 'T54W',
      version: '96.86.0.70',
      userAgent: 'Yealink SIP-T54W 96.86.0.70',
      contact: { host: '192.0.2.41', port: 5070 },
    });
    expect(built.request.headers).toMatchObject({
      'Call-ID': built.subscription.callId,
      From: `<sip:805ec0aabb01@224.0.1.75>;tag=${built.subscription.fromTag}`,
    });
    expect(built.subscription.fromTag).toMatch(/^[0-9a-f]{12}$/);
  });

  it('is read by the phone only when it is a ua-profile NOTIFY whose body is a URL', () => {
    const notify = (event: string, type: string, body: string) => {
      const message = parseSipMessage(
        [
          'NOTIFY sip:192.0.2.41:5070 SIP/2.0',
          'Via: SIP/2.0/UDP 192.0.2.1:5060;branch=z9hG4bKn1',
          'From: <sip:provisioning@192.0.2.1>;tag=b2',
          'To: <sip:805ec0aabb01@224.0.1.75>;tag=a1',
          'Call-ID: boot-1@192.0.2.40',
          'CSeq: 1 NOTIFY',
          `Event: ${event}`,
          `Content-Type: ${type}`,
          '',
          body,
        ].join('\r\n'),
      );
      return readUaProfileNotify(message as SipRequest);
    };
    expect(notify(deviceEvent, 'application/url', 'http://192.0.2.1:8080/prov/')).toBe(
      'http://192.0.2.1:8080/prov/',
    );
    expect(notify('check-sync', 'application/url', 'http://192.0.2.1:8080/prov/')).toBeUndefined();
    expect(notify(deviceEvent, 'text/plain', 'http://192.0.2.1:8080/prov/')).toBeUndefined();
    expect(notify(deviceEvent, 'application/url', 'javascript:alert(1)')).toBeUndefined();
  });
});
