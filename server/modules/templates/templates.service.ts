import type { User } from '../../../contract/auth.contract.ts';
import { offsetOf, type Page } from '../../../contract/list.contract.ts';
import {
  undeclaredProblem,
  type Template,
  type TemplateSummary,
  type createTemplateSchema,
  type templateListQuerySchema,
  type updateTemplateSchema,
} from '../../../contract/templates.contract.ts';
import type { z } from 'zod';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound, validationFailed } from '../../lib/http-error.ts';
import * as repo from './templates.repository.ts';

type Deps = { db: Db; now: () => Date };

const variablesOf = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

function toSummary(row: Omit<repo.TemplateWithOwner, 'content'>): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    editor: row.editor,
    variables: variablesOf(row.variables),
    owner_id: row.owner_id,
    owner_username: row.owner_username,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const toTemplate = (row: repo.TemplateWithOwner): Template => ({ ...toSummary(row), content: row.content });

/** Senders see their own templates; administrators see everyone's (spec §6, issue 8). */
export async function listTemplates(
  { db }: Deps,
  user: User,
  query: z.output<typeof templateListQuerySchema>,
): Promise<Page<TemplateSummary>> {
  const ordering = query.ordering ?? '-updated_at';
  const { count, rows } = await repo.listTemplates(
    db,
    { ownerId: user.role === 'admin' ? undefined : user.id, search: query.search },
    {
      offset: offsetOf(query),
      limit: query.page_size,
      orderBy: ordering.replace(/^-/, '') as repo.TemplateOrdering,
      descending: ordering.startsWith('-'),
    },
  );
  return { count, results: rows.map(toSummary) };
}

/**
 * Another sender's template answers 404, not 403: its existence is none of their business.
 * Administrators may read any template but change only their own.
 */
async function readable({ db }: Deps, user: User, id: string): Promise<repo.TemplateWithOwner> {
  const row = await repo.findTemplate(db, id);
  if (!row || (row.owner_id !== user.id && user.role !== 'admin')) throw notFound('Template');
  return row;
}

async function writable(deps: Deps, user: User, id: string): Promise<repo.TemplateWithOwner> {
  const row = await readable(deps, user, id);
  if (row.owner_id !== user.id) throw forbidden();
  return row;
}

export async function getTemplate(deps: Deps, user: User, id: string): Promise<Template> {
  return toTemplate(await readable(deps, user, id));
}

export async function createTemplate(
  deps: Deps,
  user: User,
  body: z.output<typeof createTemplateSchema>,
): Promise<Template> {
  const now = deps.now().toISOString();
  const id = crypto.randomUUID();
  await repo.insertTemplate(deps.db, {
    id,
    owner_id: user.id,
    name: body.name,
    subject: body.subject,
    content: body.content,
    editor: body.editor,
    variables: JSON.stringify(body.variables),
    created_at: now,
    updated_at: now,
  });
  return getTemplate(deps, user, id);
}

export async function updateTemplate(
  deps: Deps,
  user: User,
  id: string,
  body: z.output<typeof updateTemplateSchema>,
): Promise<Template> {
  const current = toTemplate(await writable(deps, user, id));
  const merged = { ...current, ...body };
  // A change of variables alone can leave the stored content using one no longer declared.
  const problem = undeclaredProblem(merged);
  if (problem) throw validationFailed({ [problem.field]: problem.key });
  const { variables, ...rest } = body;
  await repo.updateTemplate(deps.db, id, {
    ...rest,
    ...(variables ? { variables: JSON.stringify(variables) } : {}),
    updated_at: deps.now().toISOString(),
  });
  return getTemplate(deps, user, id);
}

export async function removeTemplate(deps: Deps, user: User, id: string): Promise<void> {
  await writable(deps, user, id);
  if (!(await repo.deleteTemplate(deps.db, id, user.id))) throw notFound('Template');
}
