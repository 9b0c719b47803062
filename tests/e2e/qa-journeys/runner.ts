import { journeyPath, journeys, type Journey, type JourneyStep } from '../../../scripts/qa/journeys.ts';
import { isPassingLeaves } from '../../../scripts/qa/words.ts';
import { machineModels } from '../../models/catalog.ts';
import { api } from '../support/admin-api.ts';
import type { RunningApp } from '../support/app-server.ts';
import * as account from './account-drivers.ts';
import * as payment from './payment-drivers.ts';
import * as send from './send-drivers.ts';
import type { Driver, Walk } from './walk.ts';

/**
 * The runner of QA's printed journeys (npm run test:paths -- --machine journeys) in Chromium.
 * Every printed step carries ids (scripts/qa/journeys.ts, JourneyStep): `act` picks the driver
 * that does the step's action, `see` the check of the state whose words are its expected result.
 * A state that only waits for the server (a busy button, a loading indicator) lasts as long as
 * the server takes to answer: it needs no check, the next step's check shows where it led.
 */
export const actions: Record<string, Driver> = { ...account.actions, ...send.actions, ...payment.actions };
export const checks: Record<string, Driver> = { ...account.checks, ...send.checks, ...payment.checks };

/** Which e2e file walks which journey: two files, so each keeps one server and one browser. */
export const walkedIn: Record<string, string[]> = {
  'qa-journeys.e2e.ts': ['signInOut', 'passwordReset', 'theme', 'listImport', 'template', 'topUp'],
  'qa-journeys-send.e2e.ts': ['sendOne', 'sendList', 'sendGroup', 'sendExcel'],
};

/** Whether the state named by a `see` id only waits for the server. */
export function waitsForServer(see: string): boolean {
  const [machine = '', leaves = ''] = see.split('@');
  const model = machineModels.find((item) => item.name === machine);
  if (!model) throw new Error(`${see}: no machine ${machine} in the catalog`);
  return isPassingLeaves(model.machine, leaves.split('+'));
}

/** The steps of a journey that the runner cannot walk: no action, or no check where one is due. */
export function unwalkable(journey: Journey): string[] {
  return journeyPath('ar', journey).steps.flatMap((step, index) => {
    const problems: string[] = [];
    if (!actions[step.act]) problems.push(`step ${index + 1}: no action for ${step.act}`);
    if (step.see && !checks[step.see] && !waitsForServer(step.see)) {
      problems.push(`step ${index + 1}: no check for ${step.see}`);
    }
    return problems;
  });
}

export const journeyById = (id: string): Journey => {
  const journey = journeys.find((item) => item.id === id);
  if (!journey) throw new Error(`no journey ${id} in scripts/qa/journeys.ts`);
  return journey;
};

/**
 * Sets up a journey's preconditions through the API (what qa:journeys.<id>.preconditions tells a
 * tester to prepare) and says who signs in.
 */
export async function prepare(
  id: string,
  app: RunningApp,
  token: string,
): Promise<{ username: string; password: string }> {
  const admin = { username: app.adminUsername, password: app.adminPassword };
  const list = async (name: string, people: Array<[string, string]>) => {
    const created = await api<{ id: string }>(app, 'POST', '/recipients/list/', { token, body: { name } });
    for (const [email, person] of people) {
      await api(app, 'POST', '/recipients/', { token, body: { list: created.id, email, name: person } });
    }
    return created.id;
  };
  switch (id) {
    case 'passwordReset':
      await api(app, 'POST', '/auth/users/', { token, body: { ...account.resetUser, role: 'sender' } });
      return { username: account.resetUser.username, password: account.resetUser.password };
    case 'sendList':
      await list(
        'Clients',
        [1, 2, 3].map((n) => [`client${n}@example.com`, `Client ${n}`]),
      );
      return admin;
    case 'sendGroup': {
      const members = await list(
        'Members',
        [1, 2, 3].map((n) => [`member${n}@example.com`, `Member ${n}`]),
      );
      await api(app, 'POST', '/recipients/recipient-groups/', {
        token,
        body: { name: 'Regulars', lists: [members] },
      });
      return admin;
    }
    case 'topUp':
      await api(app, 'POST', '/auth/users/', { token, body: { ...payment.buyer, role: 'sender' } });
      await api(app, 'POST', '/payments/packages/', { token, body: payment.starter });
      await api(app, 'PATCH', '/payments/settings/', {
        token,
        body: {
          bank_instructions_ar: payment.bankInstructions,
          bank_instructions_en: payment.bankInstructions,
        },
      });
      return { username: payment.buyer.username, password: payment.buyer.password };
    default:
      return admin;
  }
}

/** What the page shows, so a failure reads like a tester's report. */
async function shown(walk: Walk): Promise<string> {
  const text = await walk.page
    .locator('body')
    .innerText()
    .catch(() => '');
  return text.slice(0, 2000);
}

/** Walks a journey step by step as printed: each step's action, then its check. */
export async function walkJourney(journey: Journey, walk: Walk): Promise<void> {
  const steps: JourneyStep[] = journeyPath('ar', journey).steps;
  const problems = unwalkable(journey);
  if (problems.length) throw new Error(`${journey.id} cannot be walked:\n${problems.join('\n')}`);
  for (const [index, step] of steps.entries()) {
    try {
      await actions[step.act]!(walk);
      if (step.see && checks[step.see]) await checks[step.see]!(walk);
    } catch (error) {
      throw new Error(
        `${journey.id}, step ${index + 1} "${step.action}" -> "${step.expected}" (${step.act}, ${step.see ?? 'written step'}): ${String(error)}\nThe page showed: ${await shown(walk)}`,
      );
    }
  }
}
