import { createMachine, type AnyStateMachine } from 'xstate';

type NodeConfig = Record<string, unknown>;

function asArray(value: unknown): NodeConfig[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]) as NodeConfig[];
}

/**
 * `nodeId` is the state node's id as XState makes it (`machineId.path.to.node`, or the node's own
 * `id`): an invocation without an id gets `<index>.<nodeId>` at run time, so its completions are
 * named the same here and a path replays on the real actor.
 */
function toModelNode(node: NodeConfig, nodeId: string): NodeConfig {
  const { invoke, after, states, on, ...rest } = node;
  const completions: NodeConfig = {};
  for (const [index, invocation] of asArray(invoke).entries()) {
    const id = invocation.id ?? `${index}.${nodeId}`;
    if (typeof id !== 'string') throw new Error('Model-based tests need an id on every invoke');
    if (invocation.onDone) completions[`xstate.done.actor.${id}`] = invocation.onDone;
    if (invocation.onError) completions[`xstate.error.actor.${id}`] = invocation.onError;
  }
  for (const [delay, transition] of Object.entries((after ?? {}) as NodeConfig)) {
    completions[`model.after.${delay}`] = transition;
  }
  const children = states as Record<string, NodeConfig> | undefined;
  return {
    ...rest,
    on: { ...(on as NodeConfig | undefined), ...completions },
    ...(children
      ? {
          states: Object.fromEntries(
            Object.entries(children).map(([key, child]) => [
              key,
              toModelNode(child, typeof child.id === 'string' ? child.id : `${nodeId}.${key}`),
            ]),
          ),
        }
      : {}),
  };
}

/**
 * createTestModel walks a machine purely, so it refuses invocations and delays. This derives
 * the model from the production machine itself: same states, guards and actions, with each
 * invocation's completion (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) and each delay
 * (`model.after.<delay>`) turned into an ordinary event the test performs on the real actor.
 * Changing the machine therefore changes the model; nothing is maintained twice.
 */
export function toModelMachine(machine: AnyStateMachine, input?: unknown): AnyStateMachine {
  const root = toModelNode(machine.config as NodeConfig, machine.id);
  // A machine whose context is made from its input gets that input here: the model walks from
  // the same start the real actor does.
  if (typeof root.context === 'function') {
    root.context = (root.context as (args: { input: unknown }) => unknown)({ input });
  }
  return createMachine(root as never, machine.implementations as never);
}
