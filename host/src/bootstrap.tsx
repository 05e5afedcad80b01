// Must come before antd renders anything: adapts antd 5 to React 19.
import './react-19.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ConsoleProvider } from './app/ConsoleProvider.js';
import { ConsoleRoutes } from './app/ConsoleRoutes.js';
import { initFederation } from './federation/plugin-runtime.js';

initFederation();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A data router, so areas can block navigation (browser Back included) with useBlocker; the console's
// own routes stay declarative below one splat route because plugin routes arrive at runtime.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <ConsoleProvider>
        <ConsoleRoutes />
      </ConsoleProvider>
    ),
  },
]);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
