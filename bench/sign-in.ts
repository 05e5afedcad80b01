import type { RunningConsole } from '../platform/src/app.js';

/** Signs the administrator in through the API (the bench console has a fixed code); returns the Cookie header. */
export function signInAdmin(running: RunningConsole, password: string, code = '1234'): Promise<string> {
  return signIn(running, 'admin', password, code);
}

/** Signs a user in through the API; returns the Cookie header. */
export async function signIn(
  running: RunningConsole,
  userName: string,
  password: string,
  code = '1234',
): Promise<string> {
  const captcha = (await (await fetch(`${running.url}/api/captcha`)).json()) as {
    result: { rows: { captchaId: string }[] };
  };
  const login = await fetch(`${running.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userName,
      userPwd: password,
      captchaId: captcha.result.rows[0]?.captchaId,
      verifyCode: code,
    }),
  });
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
