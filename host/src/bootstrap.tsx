// Must come before antd renders anything: adapts antd 5 to React 19.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleProvider } from './app/ConsoleProvider.js';
import { ConsoleRoutes } from './app/ConsoleRoutes.js';
import { initFederation } from './federation/plugin-runtime.js';

initFederation();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <ConsoleProvider>
        <ConsoleRoutes />
      </ConsoleProvider>
    </BrowserRouter>
  </StrictMode>,
);
