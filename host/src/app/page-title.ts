import type { PublicConfig } from '@phonefleet/sdk';

/** The browser title differs by deployment (spec §1): "PhoneFleet Console" on a LAN, "PhoneFleet Cloud" in the cloud. */
export function consoleTitle(config: Pick<PublicConfig, 'productName' | 'deployment'> | null): string {
  if (!config) return 'PhoneFleet';
  return `${config.productName} ${config.deployment === 'cloud' ? 'Cloud' : 'Console'}`;
}
