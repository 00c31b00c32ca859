import type { z } from 'zod';

/**
 * One of the owner's actions, shared by both faces that offer it: `npm run leads`
 * (scripts/leads/commands/) and the owner's room. Each face reads the input its own way (the
 * command line, a request's body or query), checks it with `input`, calls `run` and presents the
 * data it answers; nothing here prints or formats. `deps` is what the command works on: the store
 * always, `now` and settings where it needs them.
 */
export interface OwnerCommand<Input extends z.ZodType, Deps, Result> {
  input: Input;
  run(deps: Deps, input: z.output<Input>): Promise<Result>;
}

/** Types `run`'s input from the schema, so the two cannot drift apart. */
export const ownerCommand = <Input extends z.ZodType, Deps, Result>(
  command: OwnerCommand<Input, Deps, Result>,
): OwnerCommand<Input, Deps, Result> => command;
