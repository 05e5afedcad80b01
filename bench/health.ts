import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningConsole } from '../platform/src/app.js';
import { load } from './load.js';

/** Requests/s of /api/health through the full middleware stack vs a bare node:http server with the same bytes. */
export async function benchHealth(running: RunningConsole): Promise<Record<string, number>> {
  const url = `${running.url}/api/health`;
  const sample = await fetch(url);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/health`;
  try {
    await load(url, { seconds: 2 }); // warm-up
    const consoleResult = await load(url);
    const bareResult = await load(bareUrl);
    return {
      healthRequestsPerSecond: Math.round(consoleResult.requestsPerSecond),
      healthP99Ms: consoleResult.p99Ms,
      bareRequestsPerSecond: Math.round(bareResult.requestsPerSecond),
      healthRatioToBare: Number((consoleResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)),
      healthNon2xx: consoleResult.non2xx,
      healthCpuMicrosPerRequest: consoleResult.serverCpuMicrosPerRequest,
      bareCpuMicrosPerRequest: bareResult.serverCpuMicrosPerRequest,
    };
  } finally {
    bare.close();
  }
}
