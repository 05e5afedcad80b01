import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useConsole } from './console-context.js';
import { NotFoundPage } from './later-parts.js';

// Each page loads with its route: the signed-in first page does not carry the sign-in form (antd's
// Form, Input, Alert, the captcha), and the login page does not carry the layout.
const ConsoleLayout = lazy(() => import('../layout/ConsoleLayout.js'));
const loginPage = () => import('../pages/LoginPage.js').then((page) => ({ default: page.LoginPage }));
const LoginPage = lazy(loginPage);
// Opened at /login: fetched while the session is being checked rather than after.
if (typeof window !== 'undefined' && window.location.pathname === '/login') void loginPage();
const ModifyPasswordPage = lazy(() =>
  import('../pages/ModifyPasswordPage.js').then((page) => ({ default: page.ModifyPasswordPage })),
);
const ModifyEmailPage = lazy(() =>
  import('../pages/ModifyEmailPage.js').then((page) => ({ default: page.ModifyEmailPage })),
);

function FullPageSpin() {
  return (
    <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<FullPageSpin />}>{page}</Suspense>;
}

/** Signed-out users go to /login (spec §6), except on the public pages routed before this. */
function RequireSession({ children }: { children: ReactNode }) {
  const { login } = useConsole();
  const location = useLocation();
  if (login === undefined) return <FullPageSpin />;
  if (login === null) {
    if (location.pathname === '/404') return <Lazy page={<NotFoundPage />} />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}

export function ConsoleRoutes() {
  const { login } = useConsole();
  return (
    <Routes>
      <Route path="/login" element={login === undefined ? <FullPageSpin /> : <Lazy page={<LoginPage />} />} />
      <Route path="/modifyPassword" element={<Lazy page={<ModifyPasswordPage />} />} />
      <Route path="/modifyEmail" element={<Lazy page={<ModifyEmailPage />} />} />
      <Route
        path="*"
        element={
          <RequireSession>
            <Lazy page={<ConsoleLayout />} />
          </RequireSession>
        }
      />
    </Routes>
  );
}
