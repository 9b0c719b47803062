import { expect } from 'vitest';
import type { RunningApp } from './app-server.ts';

/** Calls the running server's API the way the dashboard does, with a bearer token when given. */
export async function api<T>(
  app: RunningApp,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path} answered ${response.status}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The administrator's access token, from a real sign-in. */
export async function adminToken(app: RunningApp): Promise<string> {
  const pair = await api<{ access: string }>(app, 'POST', '/auth/login/', {
    body: { username: app.adminUsername, password: app.adminPassword },
  });
  return pair.access;
}

type MailSummary = { id: string; subject: string; envelope_to: string[] };
type MailDetail = MailSummary & { text: string | null; html: string | null };

/**
 * The newest message the built-in capture server received for `to`, read as an administrator.
 * The relay hands messages over asynchronously, so it polls briefly.
 */
export async function newestMailTo(app: RunningApp, token: string, to: string): Promise<MailDetail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await api<{ results: MailSummary[] }>(
      app,
      'GET',
      `/mailbox/?search=${encodeURIComponent(to)}&ordering=-received_at`,
      { token },
    );
    const found = page.results.find((mail) => mail.envelope_to.includes(to));
    if (found) return api<MailDetail>(app, 'GET', `/mailbox/${found.id}/`, { token });
    if (Date.now() > deadline) throw new Error(`no mail reached ${to} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
