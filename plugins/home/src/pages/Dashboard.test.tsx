// @vitest-environment happy-dom
import type { HomeTotals } from '@phonefleet/sdk';
import { loginWith, settle, stubLiveServer, waitFor } from '@phonefleet/sdk/testing/ui';
import { SessionProvider } from '@phonefleet/sdk/ui/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard, LIVE_REFRESH_MS } from './Dashboard.js';

const login = loginWith({});

function stubTotals(totals: HomeTotals): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ code: 0, message: 'Success', messageExt: null, result: { rows: [totals] } }),
    ),
  );
}

const roots: Root[] = [];

async function renderDashboard(language: 'en-US' | 'zh-CN'): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  roots.push(root);
  await act(async () => {
    root.render(
      <MemoryRouter>
        <SessionProvider login={login} language={language} zoneOffset="+00:00">
          <Dashboard />
        </SessionProvider>
      </MemoryRouter>,
    );
  });
  for (let i = 0; i < 50 && container.querySelector('[aria-busy=true]'); i++) await settle(10);
  await settle(300); // let antd's button motion finish inside act
  return container;
}

const text = (container: HTMLElement, testId: string) =>
  container.querySelector(`[data-testid=${testId}]`)?.textContent ?? '';

afterEach(async () => {
  for (const root of roots.splice(0)) await act(async () => root.unmount());
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('home dashboard', () => {
  it('shows zeros on an empty database and says why each empty figure is empty', async () => {
    stubTotals({
      totalDevices: 0,
      unknownDevices: 0,
      deviceStatus: { online: 0, offline: 0, abnormal: 0, disabled: 0 },
      models: [],
      organizations: [],
      sipAccounts: { unassigned: 0, registered: 0, unregistered: 0 },
      callQuality: { good: 0, fair: 0, poor: 0 },
    });
    const container = await renderDashboard('en-US');
    expect(text(container, 'total-devices')).toBe('Total devices0');
    expect(text(container, 'model-statistics')).toContain('No devices yet');
    expect(text(container, 'device-distribution')).toBe('Device distributionNo devices yet');
    expect(text(container, 'sip-account-status')).toContain('No SIP accounts yet');
    expect(text(container, 'call-quality')).toContain('No calls yet');
    expect(text(container, 'organization-statistics')).toContain('No channels or enterprises yet');
  });

  it('says why an empty figure is empty in Chinese too', async () => {
    stubTotals({
      totalDevices: 0,
      unknownDevices: 0,
      deviceStatus: { online: 0, offline: 0, abnormal: 0, disabled: 0 },
      models: [],
      organizations: [],
      sipAccounts: { unassigned: 0, registered: 0, unregistered: 0 },
      callQuality: { good: 0, fair: 0, poor: 0 },
    });
    const container = await renderDashboard('zh-CN');
    expect(text(container, 'model-statistics')).toContain('暂无设备');
    expect(text(container, 'sip-account-status')).toContain('暂无 SIP 账号');
    expect(text(container, 'call-quality')).toContain('暂无通话记录');
    expect(text(container, 'organization-statistics')).toContain('暂无渠道或企业');
  });

  it('shows the figures from POST /api/homepage/total, in Chinese too', async () => {
    stubTotals({
      totalDevices: 12,
      unknownDevices: 3,
      deviceStatus: { online: 6, offline: 3, abnormal: 1, disabled: 2 },
      models: [{ model: 'H2P', count: 8 }],
      organizations: [{ id: 5, name: 'Acme', type: 'enterprise', count: 12 }],
      sipAccounts: { unassigned: 1, registered: 9, unregistered: 2 },
      callQuality: { good: 40, fair: 5, poor: 5 },
    });
    const container = await renderDashboard('zh-CN');
    expect(text(container, 'total-devices')).toBe('设备总数12');
    expect(text(container, 'unknown-devices')).toContain('3');
    expect(text(container, 'device-distribution')).toContain('在线650%');
    expect(text(container, 'call-quality')).toContain('良好4080%');
    expect(text(container, 'model-statistics')).toContain('H2P8');
    expect(text(container, 'organization-statistics')).toContain('Acme (企业)12');
  });

  it('asks for the figures again, quietly, when devices or calls change; once for events arriving together', async () => {
    const live = stubLiveServer();
    const totals = (totalDevices: number): HomeTotals => ({
      totalDevices,
      unknownDevices: 0,
      deviceStatus: { online: totalDevices, offline: 0, abnormal: 0, disabled: 0 },
      models: [],
      organizations: [],
      sipAccounts: { unassigned: 0, registered: 0, unregistered: 0 },
      callQuality: { good: 0, fair: 0, poor: 0 },
    });
    let shown = totals(2);
    const fetched = vi.fn(async () =>
      Response.json({ code: 0, message: 'Success', messageExt: null, result: { rows: [shown] } }),
    );
    vi.stubGlobal('fetch', fetched);
    const container = await renderDashboard('en-US');
    expect(text(container, 'total-devices')).toBe('Total devices2');
    await waitFor(() => expect(live.connections()).toBe(1));

    shown = totals(10_002);
    await act(async () => {
      live.emit('devices');
      live.emit('calls');
      live.emit('devices');
    });
    await waitFor(() => expect(text(container, 'total-devices')).toBe('Total devices10,002'));
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(container.querySelector('[aria-busy=true]')).toBeNull();
    await act(async () => settle(LIVE_REFRESH_MS + 100));
    expect(fetched).toHaveBeenCalledTimes(2);
    // Not the dashboard's.
    await act(async () => live.emit('notice'));
    await act(async () => settle(LIVE_REFRESH_MS + 100));
    expect(fetched).toHaveBeenCalledTimes(2);
  });
});
