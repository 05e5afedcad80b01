import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

/** One chunk as bench/bundle-size.ts reads it from `dist/bundle-stats.json`. */
export interface ChunkRecord {
  id: string;
  files: string[];
  entry: boolean;
  /** Why the chunk exists: `import()` sites (module + request) or shared-module provide/consume. */
  origins: { module: string; request: string }[];
  /** Shared modules this chunk's code imports (loaded before the chunk runs). */
  consumes: string[];
}

const CONSUME = /^consume shared module \([^)]*\) (@?[^@]+)@/;

/** Writes the chunk list with origins, so the bundle-size bench can tell what a first page loads. */
export class BundleStatsPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        modules: true,
        modulesSpace: Number.POSITIVE_INFINITY,
        ids: true,
      });
      const consumes = new Map<string, Set<string>>();
      for (const module of json.modules ?? []) {
        const key = CONSUME.exec(module.name ?? '')?.[1];
        if (!key) continue;
        for (const chunk of module.chunks ?? []) {
          const keys = consumes.get(String(chunk)) ?? new Set<string>();
          keys.add(key);
          consumes.set(String(chunk), keys);
        }
      }
      const chunks: ChunkRecord[] = (json.chunks ?? []).map((chunk) => ({
        id: String(chunk.id),
        files: [...(chunk.files ?? [])],
        entry: chunk.entry,
        origins: (chunk.origins ?? []).map((origin) => ({
          module: origin.moduleName ?? origin.module ?? '',
          request: origin.request ?? '',
        })),
        consumes: [...(consumes.get(String(chunk.id)) ?? [])].sort(),
      }));
      const outputPath = compiler.options.output.path ?? '';
      mkdirSync(outputPath, { recursive: true });
      writeFileSync(path.join(outputPath, 'bundle-stats.json'), `${JSON.stringify({ chunks }, null, 1)}\n`);
    });
  }
}
