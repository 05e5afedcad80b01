import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoginPage } from '../pages/LoginPage.js';
import { ModifyEmailPage } from '../pages/ModifyEmailPage.js';
import { ModifyPasswordPage } from '../pages/ModifyPasswordPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { useConsole } from './console-context.js';

const ConsoleLayout = lazy(() => import('../layout/ConsoleLayout.js'));

function FullPageSpin() {
  return (
    <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/** Signed-out users go to /login (spec §6), except on the public pages routed before this. */
function RequireSession({ children }: { children: ReactNode }) {
  const { login } = useConsole();
  const location = useLocation();
  if (login === undefined) return <FullPageSpin />;
  if (login === null) {
    if (location.pathname === '/404') return <NotFoundPage />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}

export function ConsoleRoutes() {
  const { login } = useConsole();
  return (
    <Routes>
      <Route path="/login" element={login === undefined ? <FullPageSpin /> : <LoginPage />} />
      <Route path="/modifyPassword" element={<ModifyPasswordPage />} />
      <Route path="/modifyEmail" element={<ModifyEmailPage />} />
      <Route
        path="*"
        element={
          <RequireSession>
            <Suspense fallback={<FullPageSpin />}>
              <ConsoleLayout />
            </Suspense>
          </RequireSession>
        }
      />
    </Routes>
  );
}
