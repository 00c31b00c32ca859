import { winnerRequestSchema } from '../../../../contracts/room/experiments';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { audit, type ContentEditorApi, type Publisher } from '../../room';
import { winnerChange } from '../winner';

type Saved = Awaited<ReturnType<ContentEditorApi['save']>>;

/** What ending an experiment came to: the change refused, or saved and then published. */
export type EndedExperiment =
  | { saved: false; refused: Extract<Saved, { ok: false }> }
  | { saved: true; published: Awaited<ReturnType<Publisher['publish']>> };

/**
 * "Make this the page" (docs/decisions/027-experiments.md): the variant's words written into the
 * page's file of the owner's working copy and the experiment taken out (./winner.ts), saved
 * through the editor's own save (its review, its writer, in turn with its saves), kept in the
 * audit log, then the working copy published as a version, so Roll back undoes it. A render
 * that fails throws, as a publish does, for each face to say so its own way.
 */
export const endExperimentCommand = ownerCommand({
  input: winnerRequestSchema,
  async run(
    {
      store,
      editor,
      publisher,
      ownerId,
      clock,
    }: {
      store: Store;
      /** The editor's API over the working copy (the room's `contentEditorApi`). */
      editor: Pick<ContentEditorApi, 'save'>;
      publisher: Pick<Publisher, 'publish'>;
      /** Who ends it, for the audit log and the version: none from the server's terminal. */
      ownerId: string | null;
      clock: () => number;
    },
    { experiment, variant },
  ): Promise<EndedExperiment> {
    const saved = await editor.save((dir) => winnerChange(dir, experiment, variant));
    if (!saved.ok) return { saved: false, refused: saved };
    await audit(store, ownerId, 'end-experiment', { experiment, variant }, clock());
    return { saved: true, published: await publisher.publish(ownerId, clock()) };
  },
});
