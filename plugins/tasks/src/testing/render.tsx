import { renderInConsole as render } from '@phonefleet/sdk/testing/ui';
import type { ReactNode } from 'react';

export { cleanup, settle, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';

/** Renders a task screen with the given task buttons. */
export const renderInConsole = (ui: ReactNode, buttons: string[], path = '/task') =>
  render(ui, { buttons: { task: buttons }, path });
