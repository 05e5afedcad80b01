import { startBanner } from './banner.js';
import { runConsole, terminalLogger } from './cli.js';

await runConsole(terminalLogger(), async (running) => {
  process.stdout.write(
    startBanner({
      url: running.config.publicUrl ?? running.url,
      generatedAdminPassword: running.generatedAdminPassword,
      adminPasswordFromEnvironment: running.adminPasswordFromEnvironment,
      adminPasswordSet: running.config.adminPassword !== undefined,
    }),
  );
  return undefined;
});
