import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  init: vi.fn(),
  registerRemotes: vi.fn(),
  loadRemote: vi.fn<(id: string) => Promise<unknown>>(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { CHUNK_TIMEOUT_MS, loadPluginApp, PluginLoadError, registerPluginRemotes } = await import(
  './plugin-runtime.js'
);

function App() {
  return null;
}

const descriptor = (id: string, entry: string) => ({
  id,
  title: { en: id, 'zh-CN': id },
  entry,
  menu: [],
});

describe('plugin runtime', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'http://console.test/login' } });
    runtime.registerRemotes.mockClear();
    runtime.loadRemote.mockReset();
  });

  it('uses the spec chunk timeout of 120 s', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('registers each remote once, by container name, with an absolute entry', () => {
    registerPluginRemotes([descriptor('home', '/plugins/home/mf-manifest.json')]);
    registerPluginRemotes([descriptor('home', '/plugins/home/mf-manifest.json')]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'pf_home', entry: 'http://console.test/plugins/home/mf-manifest.json' }],
      { force: false },
    );
    registerPluginRemotes([descriptor('home', 'http://cdn.test/home/mf-manifest.json')]);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'pf_home', entry: 'http://cdn.test/home/mf-manifest.json' }],
      { force: true },
    );
  });

  it('loads the default export of <container>/App', async () => {
    runtime.loadRemote.mockResolvedValue({ default: App });
    await expect(loadPluginApp('sip-account')).resolves.toEqual({ default: App });
    expect(runtime.loadRemote).toHaveBeenCalledWith('pf_sip_account/App');
  });

  it('fails a load that hangs, and one without a component', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const hanging = await loadPluginApp('slow', 20).catch((error: unknown) => error);
    expect(hanging).toBeInstanceOf(PluginLoadError);
    expect((hanging as Error).message).toContain('no answer after');
    runtime.loadRemote.mockResolvedValue({});
    await expect(loadPluginApp('empty')).rejects.toThrow('./App has no default-exported component');
    runtime.loadRemote.mockRejectedValue(new Error('Failed to get manifest'));
    await expect(loadPluginApp('down')).rejects.toThrow(
      'UI plugin down failed to load: Failed to get manifest',
    );
  });
});
