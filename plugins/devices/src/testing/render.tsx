import { renderInConsole as render } from '@phonefleet/sdk/testing/ui';
import type { ReactNode } from 'react';

export { cleanup, settle, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';

/** Renders a device screen with the given device-management buttons. */
export const renderInConsole = (ui: ReactNode, buttons: string[], path = '/device') =>
  render(ui, { buttons: { deviceManagement: buttons }, path });
