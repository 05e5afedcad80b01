// @vitest-environment happy-dom
import { byTestId, cleanup, renderInConsole, settle } from '@phonefleet/sdk/testing/ui';
import { type UploadProgress, type UploadTracker, useUploadProgress } from '@phonefleet/sdk/ui';
import { Form } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(async () => {
  await cleanup();
});

let tracker: UploadTracker | undefined;
function Upload() {
  const upload = useUploadProgress('upload-progress');
  tracker = upload;
  return <Form>{upload.bar}</Form>;
}

describe('useUploadProgress', () => {
  it('shows the bar while a file goes up and takes it away when the save ends, also refused', async () => {
    await renderInConsole(<Upload />, { buttons: {}, path: '/' });
    expect(byTestId('upload-progress')).toBeNull();

    let report: ((progress: UploadProgress) => void) | undefined;
    let finish: ((ok: boolean) => void) | undefined;
    const send = (onProgress: (progress: UploadProgress) => void) => {
      report = onProgress;
      return new Promise<string>((resolve, reject) => {
        finish = (ok) => (ok ? resolve('saved') : reject(new Error('refused')));
      });
    };
    let saved: Promise<string> | undefined;
    await act(async () => {
      saved = tracker?.track(true, send);
    });
    expect(document.body.textContent).toContain('Uploading 0%');
    await act(async () => report?.({ loaded: 40, total: 100, percent: 40 }));
    expect(document.body.textContent).toContain('Uploading 40%');
    expect(byTestId('upload-progress')).not.toBeNull();
    await act(async () => finish?.(true));
    await expect(saved).resolves.toBe('saved');
    await settle();
    expect(byTestId('upload-progress')).toBeNull();

    let refusal: Promise<unknown> | undefined;
    await act(async () => {
      refusal = tracker?.track(true, send).catch((error: Error) => error.message);
    });
    expect(byTestId('upload-progress')).not.toBeNull();
    await act(async () => finish?.(false));
    await expect(refusal).resolves.toBe('refused');
    await settle();
    expect(byTestId('upload-progress')).toBeNull();
  });

  it('shows no bar for a save without a file', async () => {
    await renderInConsole(<Upload />, { buttons: {}, path: '/' });
    await act(async () => {
      await tracker?.track(false, async () => undefined);
    });
    expect(byTestId('upload-progress')).toBeNull();
  });
});
