// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderInConsole, waitFor } from '../../testing/ui.js';
import { byTestId, chooseFile, click } from '../../testing/ui-actions.js';
import { refusedFileTip } from '../ImportDialog.js';
import { type CurrentFile, FileField, type FileFieldProps } from './FileField.js';

const KB = 1024;
const fileOf = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name);

/** A ringtone field as a form holds it: the chosen file in state, every change reported. */
function RingtoneField({
  current,
  onChange,
  ...props
}: { current?: CurrentFile; onChange: (file: File | null) => void } & Partial<FileFieldProps>) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      accept={['.wav']}
      maxBytes={200 * KB}
      shownLimit="200KB"
      value={file}
      onChange={(chosen) => {
        setFile(chosen);
        onChange(chosen);
      }}
      current={current}
      testId="ring-file"
      hintTestId="ring-hint"
      keepTestId="ring-keep"
      {...props}
    />
  );
}

/** The chosen file's name as listed ('' when none), without one fading out of the list. */
const chosenFile = () =>
  [...(byTestId('ring-file')?.querySelectorAll('.ant-upload-list-item-container') ?? [])]
    .filter((item) => !/-leave/.test(item.className))
    .map((item) => item.textContent)
    .join(' | ');

async function render(props: Parameters<typeof RingtoneField>[0]): Promise<void> {
  await renderInConsole(<RingtoneField {...props} />, { buttons: {}, path: '/ringtone' });
  await waitFor(() => expect(byTestId('ring-file')).not.toBeNull());
}

afterEach(async () => {
  await cleanup();
});

describe('the kit file field', () => {
  it('names the types and the shown limit, and refuses a wrong extension with the tip', async () => {
    const changes = vi.fn();
    await render({ onChange: changes });
    expect(byTestId('ring-file')?.textContent).toContain('Select file');
    expect(byTestId('ring-hint')?.textContent).toBe('Supported: .wav, up to 200KB');
    await chooseFile(byTestId('ring-file'), fileOf('bell.mp3'));
    await waitFor(() => expect(document.body.textContent).toContain('Only .wav files can be uploaded'));
    expect(chosenFile()).toBe('');
    expect(changes).not.toHaveBeenCalled();
  });

  it('refuses a file over the limit naming the shown limit, and takes one at the limit', async () => {
    const changes = vi.fn();
    await render({ onChange: changes });
    await chooseFile(byTestId('ring-file'), fileOf('bell.wav', 201 * KB));
    await waitFor(() => expect(document.body.textContent).toContain('The file cannot be larger than 200KB'));
    expect(chosenFile()).toBe('');
    expect(changes).not.toHaveBeenCalled();

    await chooseFile(byTestId('ring-file'), fileOf('bell.wav', 200 * KB));
    expect(chosenFile()).toContain('bell.wav');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(changes.mock.calls[0]?.[0]).toBeInstanceOf(File);
  });

  it('on an edit says which file is kept until another is chosen', async () => {
    const changes = vi.fn();
    await render({ onChange: changes, current: { fileName: 'old.wav', size: 150 * KB } });
    expect(byTestId('ring-keep')?.textContent).toBe('Keep the current file (old.wav, 150 KB)');
    await chooseFile(byTestId('ring-file'), fileOf('new.wav'));
    await waitFor(() => expect(byTestId('ring-keep')).toBeNull());

    // Removing the chosen file reports null and the kept file shows again.
    await click(byTestId('ring-file')?.querySelector('.ant-upload-list-item-action'));
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(null));
    await waitFor(() => expect(byTestId('ring-keep')).not.toBeNull());
  });

  it("words the kept file in the area's words when asked", async () => {
    await render({
      onChange: () => undefined,
      current: { fileName: 'h2.rom', size: 25 * 1024 * KB },
      keepText: ({ name, size }) => `Keep the current image (${name}, ${size})`,
    });
    expect(byTestId('ring-keep')?.textContent).toBe('Keep the current image (h2.rom, 25 MB)');
  });
});

describe('refusedFileTip', () => {
  it('names the limit from the bytes unless a shown limit is given', () => {
    const big = { name: 'vpn.tar', size: 6_000_000 };
    expect(refusedFileTip(big, ['.tar'], 5_242_880, 'en-US')).toBe('The file cannot be larger than 5 MB');
    expect(refusedFileTip(big, ['.tar'], 5_242_880, 'en-US', '10MB')).toBe(
      'The file cannot be larger than 10MB',
    );
    expect(refusedFileTip(big, ['.tar'], 5_242_880, 'zh-CN', '10MB')).toBe('文件不能超过 10MB');
    expect(refusedFileTip({ name: 'vpn.tar', size: 5_000_000 }, ['.tar'], 5_242_880, 'en-US', '10MB')).toBe(
      undefined,
    );
  });
});
