import { pathOf } from '../../../contract/endpoint.ts';
import { sendEndpoints, type SendRequest } from '../../../contract/send.contract.ts';
import { bearer, type TestApp } from './test-app.ts';

export type Session = { id: string; access: string; email: string };

/**
 * The send calls as a signed-in sender or administrator makes them, for the sending tests.
 * `app` is read at each call: the test builds its app in beforeAll, after this is made.
 */
export function sendApi(app: () => TestApp) {
  const session = async (role: 'sender' | 'admin' = 'sender'): Promise<Session> => {
    const login = await app().signInAs(role);
    return { id: login.user.id, access: login.access, email: login.user.email };
  };
  /** A valid request from `who`'s own address to one recipient, with what `extra` changes. */
  const body = (who: Session, extra: Partial<SendRequest> = {}): SendRequest => ({
    subject: 'Hello {{name}}',
    html: '<p>Dear {{name}}, contract {{contract_no}}</p>',
    from_email: who.email,
    sender_name: 'El Namer',
    source: { type: 'single', recipient: { email: 'one@example.com', name: 'One', variables: {} } },
    ...extra,
  });
  const post = (path: string, who: Session, payload: unknown) =>
    app().app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: bearer(who.access),
      payload: payload as object,
    });
  const send = (who: Session, payload: unknown) => post(pathOf(sendEndpoints.create), who, payload);
  const check = (who: Session, payload: unknown) => post(pathOf(sendEndpoints.check), who, payload);
  return { session, body, post, send, check };
}
