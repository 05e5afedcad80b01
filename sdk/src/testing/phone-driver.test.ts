import polyPackage from '@phonefleet/driver-poly';
import yealinkPackage from '@phonefleet/driver-yealink';
import { describe, expect, it } from 'vitest';
import { parseDriver } from '../driver.js';
import { phoneSample, sampleUserAgent } from './phone-driver.js';

const poly = parseDriver('@phonefleet/driver-poly', polyPackage);
const yealink = parseDriver('@phonefleet/driver-yealink', yealinkPackage);
const phone = { mac: '0004f2000001', firmware: '1.2.3.4' };

describe('the User-Agent of a simulated phone', () => {
  it('is written from a sample of its own product line, which its driver identifies as its model', () => {
    const vvx = sampleUserAgent({ driver: poly, model: 'VVX_350', ...phone });
    const edge = sampleUserAgent({ driver: poly, model: 'Edge_E400', ...phone });
    expect(vvx).toBe('FileTransport PolycomVVX-VVX_350-UA/1.2.3.4 Type/Application 0004f2000001');
    expect(edge).toBe('FileTransport PolyEdge-Edge_E400-UA/1.2.3.4 Type/Application 0004f2000001');
    expect(poly.identify(edge)).toEqual({ model: 'Edge_E400', firmware: '1.2.3.4', mac: '0004f2000001' });
  });

  it('takes the first sample with a MAC for a family with one form, as before', () => {
    expect(phoneSample({ driver: yealink, model: 'T54W' })).toBe(
      yealink.sampleUserAgents.find((sample) => sample.identity.mac),
    );
    // A model its driver cannot name that way still gets the first sample with a MAC.
    expect(phoneSample({ driver: poly, model: 'CCX_600' })?.identity.model).toBe('VVX_250');
  });
});
