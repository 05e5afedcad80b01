// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderInConsole, stubApi, waitFor } from '../testing/render.js';
import { DeviceForm } from './DeviceForm.js';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const group = (index: number) =>
  document.querySelector<HTMLInputElement>(`[data-testid=mac-group-${index}]`) as HTMLInputElement;
const groupValues = () => [0, 1, 2, 3, 4, 5].map((index) => group(index).value);

/** Types into an input the way React sees it (the native value setter, then an input event). */
async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function paste(input: HTMLInputElement, text: string): Promise<void> {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
    clipboardData: { getData(): string };
  };
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  await act(async () => {
    input.dispatchEvent(event);
  });
}

async function submit(): Promise<void> {
  const button = document.querySelector<HTMLButtonElement>('[data-testid=device-form] button[type=submit]');
  await act(async () => button?.click());
}

const filled = { deviceModel: 'H2P', firmwareVersion: '2.0.1.10', siteId: 1 };

describe('DeviceForm', () => {
  it('refuses an invalid MAC with the MAC rule message, then adds the normalised MAC', async () => {
    const { calls } = stubApi({ '/device/add': () => [{ id: 42 }] });
    const onSaved = vi.fn();
    await renderInConsole(<DeviceForm initial={filled} onSaved={onSaved} onCancel={() => undefined} />, [
      'add',
    ]);
    await typeInto(group(0), '00');
    await typeInto(group(1), '15');
    await submit();
    await waitFor(() => expect(document.body.textContent).toContain('Invalid MAC address'));
    expect(calls.some((call) => call.path === '/device/add')).toBe(false);

    await paste(group(0), '00-15-65-AA-BB-C');
    expect(groupValues()).toEqual(['00', '15', '65', 'aa', 'bb', 'c']);
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(calls.find((call) => call.path === '/device/add')?.body).toEqual({
      macAddress: '00:15:65:aa:bb:0c',
      serialNumber: '',
      deviceName: '',
      deviceModel: 'H2P',
      firmwareVersion: '2.0.1.10',
      siteId: 1,
    });
  });

  it('asks for the required fields and refuses a name over 128 characters', async () => {
    const { calls } = stubApi({});
    await renderInConsole(<DeviceForm onSaved={() => undefined} onCancel={() => undefined} />, ['add']);
    await paste(group(2), '0015.65aa.bbcc');
    expect(groupValues()).toEqual(['00', '15', '65', 'aa', 'bb', 'cc']);
    const name = document.querySelector<HTMLInputElement>('#deviceName') as HTMLInputElement;
    await typeInto(name, 'x'.repeat(129));
    await submit();
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(4));
    const errors = [...document.querySelectorAll('.ant-form-item-explain-error')].map(
      (node) => node.textContent,
    );
    expect(errors).toEqual([
      'The length cannot exceed 128 characters',
      'This field cannot be empty!',
      'This field cannot be empty!',
      'This field cannot be empty!',
    ]);
    expect(calls.some((call) => call.path === '/device/add')).toBe(false);
  });

  it('edits without changing the MAC', async () => {
    const { calls } = stubApi({});
    const onSaved = vi.fn();
    await renderInConsole(
      <DeviceForm
        deviceId={7}
        initial={{ macAddress: '00:15:65:aa:bb:cc', deviceName: 'Lobby', ...filled }}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
      ['edit'],
    );
    expect(group(0).disabled).toBe(true);
    const name = document.querySelector<HTMLInputElement>('#deviceName') as HTMLInputElement;
    await typeInto(name, 'Front desk');
    await submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7));
    expect(calls.find((call) => call.path === '/device/update')?.body).toEqual({
      id: 7,
      serialNumber: '',
      deviceName: 'Front desk',
      deviceModel: 'H2P',
      firmwareVersion: '2.0.1.10',
      siteId: 1,
    });
  });
});
